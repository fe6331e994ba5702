import type { ThemeIndex, ThemeNamespace } from './theme-index.js';
import type { Token } from './tokens.js';

/** A Tailwind utility prefix whose value may be a theme name, and the namespaces that may define it. */
export interface UtilityPrefix {
  readonly prefix: string;
  /** Looked up in this order (`text-sm` is a size before it is a colour named `sm`). */
  readonly namespaces: readonly ThemeNamespace[];
  /**
   * Tailwind also takes this prefix's values from scales dsctl's theme does not hold (`max-w-md` is a
   * container width, `w-full` a keyword, `ring-offset-2` a width): a miss says nothing is wrong.
   */
  readonly open?: true;
}

const COLOUR: readonly ThemeNamespace[] = ['color', 'colorDark'];
const entry = (namespaces: readonly ThemeNamespace[], open?: true) => (prefix: string): UtilityPrefix => ({ prefix, namespaces, ...(open ? { open } : {}) });

/** Every prefix, longest first, so `ring-offset-2` is not `ring-` and `gap-x-4` is not `gap-`. */
export const UTILITY_PREFIXES: readonly UtilityPrefix[] = [
  ...['bg', 'border', 'ring', 'outline', 'fill', 'stroke', 'divide', 'accent', 'caret', 'decoration', 'placeholder', 'from', 'via', 'to'].map(entry(COLOUR)),
  entry(COLOUR, true)('ring-offset'),
  entry(['fontSize', ...COLOUR])('text'),
  ...['p', 'px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe', 'm', 'mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me', 'gap', 'gap-x', 'gap-y'].map(entry(['spacing'])),
  ...['space-x', 'space-y', 'min-w', 'max-w', 'min-h', 'max-h', 'size', 'inset', 'top', 'right', 'bottom', 'left', 'w', 'h'].map(entry(['spacing'], true)),
  entry(['radius'])('rounded'),
  entry(['shadow'])('shadow'),
  entry(['zIndex'])('z'),
  entry(['duration'])('duration'),
].sort((a, b) => b.prefix.length - a.prefix.length);

/** The utility's prefix entry and its value (`gap-x-4` → gap-x, `4`); undefined for a utility with none. */
export function utilityPrefixOf(utility: string): { readonly entry: UtilityPrefix; readonly name: string } | undefined {
  for (const entry of UTILITY_PREFIXES) {
    if (utility.startsWith(`${entry.prefix}-`)) return { entry, name: utility.slice(entry.prefix.length + 1) };
  }
  return undefined;
}

/** The token a utility names through the theme (`bg-primary` → color.semantic.light.primary), if any. */
export function themeTokenOfUtility(entry: UtilityPrefix, name: string, theme: ThemeIndex): Token | undefined {
  for (const ns of entry.namespaces) {
    const token = theme.lookup(ns, name);
    if (token) return token;
  }
  return undefined;
}
