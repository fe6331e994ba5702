import type { ThemeIndex, ThemeNamespace } from '../contracts/theme-index.js';
import { parseClassToken } from '../lint/class-token.js';

/** Utility prefixes whose value is a theme name, longest first so `ring-offset-2` is not `ring-`. */
const PREFIXES: readonly (readonly [string, readonly ThemeNamespace[]])[] = [
  ...['ring-offset', 'bg', 'border', 'ring', 'outline', 'fill', 'stroke', 'divide', 'accent', 'caret', 'decoration', 'placeholder', 'from', 'via', 'to'].map((p) => [p, ['color']] as const),
  // `text-sm` is a size before it is a colour named `sm`.
  ['text', ['fontSize', 'color']],
  ...['space-x', 'space-y', 'gap-x', 'gap-y', 'min-w', 'max-w', 'min-h', 'max-h', 'gap', 'size', 'inset', 'top', 'right', 'bottom', 'left', 'px', 'py', 'pt', 'pr', 'pb', 'pl', 'ps', 'pe', 'mx', 'my', 'mt', 'mr', 'mb', 'ml', 'ms', 'me', 'p', 'm', 'w', 'h'].map((p) => [p, ['spacing']] as const),
  ['rounded', ['radius']],
  ['shadow', ['shadow']],
  ['z', ['zIndex']],
  ['duration', ['duration']],
].sort((a, b) => b[0].length - a[0].length) as readonly (readonly [string, readonly ThemeNamespace[]])[];

/**
 * The tokens a class list uses through the theme (`hover:bg-primary` → `color.semantic.light.primary`),
 * each with the first class that names it. Arbitrary values name no token; opacity modifiers are dropped.
 */
export function tokensOfClasses(classes: string, theme: ThemeIndex): Map<string, string> {
  const used = new Map<string, string>();
  for (const raw of classes.split(/\s+/)) {
    if (raw === '') continue;
    const parsed = parseClassToken(raw);
    if (parsed.arbitraryValue !== undefined || parsed.unmodified.includes('[')) continue;
    const utility = parsed.negative ? parsed.unmodified.slice(1) : parsed.unmodified;
    for (const [prefix, namespaces] of PREFIXES) {
      if (!utility.startsWith(`${prefix}-`)) continue;
      const name = utility.slice(prefix.length + 1);
      const token = namespaces.map((ns) => theme.lookup(ns, name)).find((t) => t !== undefined);
      if (token && !used.has(token.path)) used.set(token.path, raw);
      break;
    }
  }
  return used;
}
