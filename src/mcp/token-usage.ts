/**
 * How UI should use a token, named as the generated views name it: the utility class (theme.css)
 * and the CSS variable to write. For a colour role that is `--color-<role>`, which tokens.css
 * re-points for the dark theme; the token's own property (`--color-semantic-light-fg-muted`) holds
 * one theme's value only, so an agent that writes it breaks dark mode. It is given as detail.
 */
import type { Token } from '../contracts/tokens.js';
import { buildThemeIndex } from '../contracts/theme-index.js';
import type { Project } from '../project/project.js';
import { colourRoles, conventionTokens, type ConventionRole } from '../views/generators/conventions.js';
import { cssNames } from '../views/generators/css-names.js';

export interface TokenUsage {
  /** The variable to write in CSS: for a colour role the one that follows the theme, else the token's own. */
  readonly cssVariable: string;
  /** The class to write (`text-fg-muted`): the one the component contracts use most; absent when there is none. */
  readonly utility?: string;
  /** Every utility class of the token. */
  readonly utilities: readonly string[];
  /** Whether `cssVariable` changes between the light and the dark theme. */
  readonly switchesTheme: boolean;
  /** The token's own tokens.css property; for a colour role, one theme's value only. */
  readonly tokenVariable: string;
  /** What to write, in one sentence. */
  readonly usage: string;
}

/** The utility prefixes of each theme.css namespace (its header comments say the same). */
const COLOUR_PREFIXES = ['bg', 'text', 'border'] as const;
const THEME_PREFIXES = { spacing: ['p', 'px', 'py', 'm', 'mx', 'my', 'gap', 'w', 'h', 'size'], radius: ['rounded'], 'font-size': ['text'], shadow: ['shadow'] } as const;
const CONVENTION_PREFIXES: Readonly<Partial<Record<ConventionRole, readonly string[]>>> = { fontFamily: ['font'], fontWeight: ['font'], lineHeight: ['leading'], easing: ['ease'] };

interface Entry {
  readonly utilities: readonly string[];
  readonly roleVariable?: string;
  /** The CSS expression reading the role variable. */
  readonly read?: string;
  readonly theme?: 'light' | 'dark';
}

const indexes = new WeakMap<Project, (token: Token) => TokenUsage>();

/** `usage(token)` for every token of `project`; built once per loaded project (it is immutable). */
export function tokenUsageIndex(project: Project): (token: Token) => TokenUsage {
  let index = indexes.get(project);
  if (!index) {
    index = buildIndex(project);
    indexes.set(project, index);
  }
  return index;
}

function buildIndex(project: Project): (token: Token) => TokenUsage {
  const used = classUse(project);
  const entries = new Map<string, Entry>();
  const add = (token: Token, entry: Entry) => {
    if (!entries.has(token.path)) entries.set(token.path, entry);
  };
  const classes = (prefixes: readonly string[], name: string) => prefixes.flatMap((prefix) => (name === '' ? (prefix === 'rounded' || prefix === 'shadow' ? [prefix] : []) : [`${prefix}-${name}`]));

  const theme = buildThemeIndex(project);
  // tokens.css leaves out a role whose variable is already a token's property: it has no theme variable
  // (a role the app's own per-mode properties carry has that property as its variable).
  const names = cssNames(project);
  for (const role of colourRoles(theme)) {
    const roleVariable = names.declaresRole(role) || names.roleFromSource(role) ? names.roleProperty(role) : undefined;
    const utilities = leadFirst(classes(COLOUR_PREFIXES, role.name), used, colourGuess(role.name));
    const shared = roleVariable === undefined ? {} : { roleVariable, read: names.roleReference(role) };
    add(role.light, { utilities, ...shared, ...(role.dark ? { theme: 'light' as const } : {}) });
    if (role.dark) add(role.dark, { utilities, ...shared, theme: 'dark' });
  }
  for (const [kind, prefixes] of Object.entries(THEME_PREFIXES) as [keyof typeof THEME_PREFIXES, readonly string[]][]) {
    for (const { utility, token } of theme.candidates(kind)) add(token, { utilities: leadFirst(classes(prefixes, utility), used) });
  }
  for (const [role, prefixes] of Object.entries(CONVENTION_PREFIXES) as [ConventionRole, readonly string[]][]) {
    for (const { name, token } of conventionTokens(project, role)) add(token, { utilities: leadFirst(classes(prefixes, name), used) });
  }

  return (token) => {
    const tokenVariable = names.property(token.path);
    const entry = entries.get(token.path);
    const utilities = entry?.utilities ?? [];
    const utility = utilities[0];
    const cssVariable = entry?.roleVariable ?? tokenVariable;
    const switchesTheme = entry?.roleVariable !== undefined && entry.theme !== undefined;
    // How CSS reads it: `var(--x)`, or `hsl(var(--x))` for an app property holding bare HSL channels.
    const read = entry?.read ?? names.reference(token.path) ?? `var(${tokenVariable})`;
    return {
      cssVariable,
      ...(utility === undefined ? {} : { utility }),
      utilities,
      switchesTheme,
      tokenVariable,
      usage: usageSentence(token, { cssVariable, read, utility, switchesTheme, tokenVariable, theme: entry?.theme }),
    };
  };
}

function usageSentence(
  token: Token,
  u: { cssVariable: string; read: string; utility: string | undefined; switchesTheme: boolean; tokenVariable: string; theme: 'light' | 'dark' | undefined },
): string {
  if (token.deprecated !== undefined) return typeof token.deprecated === 'string' ? `Deprecated, do not use it: ${token.deprecated}` : 'Deprecated: do not use it.';
  const write = u.utility ? `Use the class ${u.utility} (or ${u.read} in CSS)` : `Use ${u.read} in CSS`;
  // An app's own per-mode property (`--background` in :root and .dark) is the switching variable itself.
  if (u.switchesTheme && u.cssVariable === u.tokenVariable) return `${write}: it switches between light and dark.`;
  if (u.switchesTheme) return `${write}: it switches between light and dark. ${u.tokenVariable} is the ${u.theme} value only; do not write it in UI.`;
  if (u.cssVariable !== u.tokenVariable) return `${write}.`;
  if (!u.utility && token.type === 'color') return `${write} only if no colour role fits: this is a raw palette step with no utility; prefer a role (search_tokens).`;
  return `${write}.`;
}

/** How often each class appears in the component contracts: their classes are the house usage. */
function classUse(project: Project): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  const text = JSON.stringify(project.components.components.map((c) => c.contract));
  for (const word of text.split(/[\s"'`\\<>=]+/)) {
    // `hover:bg-primary-hover` counts as `bg-primary-hover`.
    const bare = word.slice(word.lastIndexOf(':') + 1);
    if (bare) counts.set(bare, (counts.get(bare) ?? 0) + 1);
  }
  return counts;
}

/** The classes, most used first; unused ones keep their order after `guess`. */
function leadFirst(classes: readonly string[], used: ReadonlyMap<string, number>, guess?: string): string[] {
  const rank = (c: string) => used.get(c) ?? 0;
  const order = (c: string) => (c === guess ? -1 : classes.indexOf(c));
  return [...classes].sort((a, b) => rank(b) - rank(a) || order(a) - order(b));
}

/** A role no contract uses yet is named for what it colours: `fg`/`on-*` text, `border`/`ring` borders, else backgrounds. */
function colourGuess(role: string): string {
  if (/(^|-)fg$|^on-/.test(role)) return `text-${role}`;
  if (/(^|-)(border|ring)$/.test(role)) return `border-${role}`;
  return `bg-${role}`;
}
