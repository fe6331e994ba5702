import { CSS_ORIGIN_KEY } from '../contracts/css-origin.js';
import type { TokenType } from '../contracts/token-types.js';
import type { Problem } from '../diagnostics/problem.js';
import { importProblem, type ImportedToken } from './token-importer.js';

/** The mode of tokens without one (`:root`, a single-mode source): the light set, as config `theme.color`. */
export const DEFAULT_MODE = 'light';

/** Source group names → dsctl's (Tailwind v3 sections, Tokens Studio and Style Dictionary habits). */
const GROUPS: Readonly<Record<string, string>> = {
  colors: 'color',
  colour: 'color',
  colours: 'color',
  borderradius: 'radius',
  radii: 'radius',
  rounded: 'radius',
  space: 'spacing',
  fontsize: 'font.size',
  fontsizes: 'font.size',
  fontfamily: 'font.family',
  fontfamilies: 'font.family',
  fontweight: 'font.weight',
  fontweights: 'font.weight',
  lineheight: 'font.line-height',
  lineheights: 'font.line-height',
  boxshadow: 'shadow',
  shadows: 'shadow',
  zindex: 'z-index',
  duration: 'motion.duration',
};

/** The first segment in dsctl's group names: `colors.blue.500` → `color.blue.500`. */
export function canonicalPath(path: string): string {
  const [first = '', ...rest] = path.split('.');
  const group = GROUPS[first.toLowerCase()] ?? first;
  return [group, ...rest].join('.');
}

/** A token with its place in the tokens file. */
export interface PlacedToken extends ImportedToken {
  /** The path in the tokens file: `color.semantic.dark.primary`, `spacing.4`. */
  readonly target: string;
  readonly modeKey: string;
}

/**
 * Colours go to one set per mode, `color.semantic.<mode>.<name>` (the starter's shape); other tokens
 * stay at their path and have no modes in dsctl's theme, so a non-default mode of one is left out
 * with a warning. Aliases are rewritten into the same places: a reference from the dark set points at
 * the dark token of that name when there is one, else at the default one; an alias of a token no
 * source defines is left out with a warning (and so are aliases of it).
 */
export function placeTokens(tokens: readonly ImportedToken[]): { placed: PlacedToken[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const where = (path: string, type: TokenType, mode: string): string | undefined => {
    const canonical = canonicalPath(path);
    if (type !== 'color') return mode === DEFAULT_MODE ? canonical : undefined;
    const rest = canonical.replace(/^color\./, '');
    return `color.semantic.${mode}.${rest}`;
  };
  let placed: PlacedToken[] = [];
  for (const token of followModes(dropWiring(tokens, problems))) {
    const modeKey = token.mode ?? DEFAULT_MODE;
    const target = where(token.path, token.type, modeKey);
    if (target === undefined) {
      problems.push(importProblem('warn', 'tokens/import-skipped', `${token.path} was not imported for mode "${modeKey}": dsctl's theme has modes for colours only`, token.location));
      continue;
    }
    placed.push({ ...token, target, modeKey });
  }

  // Alias targets, by (canonical path, mode); dropping a token can orphan others, so repeat until stable.
  for (;;) {
    const index = new Map(placed.map((t) => [`${canonicalPath(t.path)}\0${t.modeKey}`, t.target]));
    const kept: PlacedToken[] = [];
    const rewritten: PlacedToken[] = [];
    for (const token of placed) {
      let missing: string | undefined;
      const value = rewriteAliases(token.value, (target) => {
        const canonical = canonicalPath(target);
        const found = index.get(`${canonical}\0${token.modeKey}`) ?? index.get(`${canonical}\0${DEFAULT_MODE}`);
        if (found === undefined) missing ??= target;
        return found ?? target;
      });
      if (missing !== undefined) {
        problems.push(importProblem('warn', 'tokens/import-alias-unknown', `${token.path} was not imported: it refers to ${missing}, which no source defines`, token.location));
        continue;
      }
      kept.push(token);
      rewritten.push({ ...token, value });
    }
    if (kept.length === placed.length) return { placed: rewritten, problems };
    placed = kept;
  }
}

const aliasOf = (value: unknown): string | undefined => (typeof value === 'string' ? /^\{([^{}]+)\}$/.exec(value)?.[1] : undefined);

/**
 * A token that aliases its own name (`primary: 'hsl(var(--primary))'` in a Tailwind v3 config) only
 * wires a utility to a variable: it adds nothing when a source defines the name, and is reported when none does.
 */
function dropWiring(tokens: readonly ImportedToken[], problems: Problem[]): ImportedToken[] {
  const isWiring = (t: ImportedToken) => aliasOf(t.value) !== undefined && canonicalPath(aliasOf(t.value) ?? '') === canonicalPath(t.path);
  const defined = new Set(tokens.filter((t) => !isWiring(t)).map((t) => canonicalPath(t.path)));
  return tokens.filter((t) => {
    if (!isWiring(t)) return true;
    if (!defined.has(canonicalPath(t.path))) problems.push(importProblem('warn', 'tokens/import-alias-unknown', `${t.path} was not imported: it names the variable of the same name, which no source defines (import the CSS that declares it too)`, t.location));
    return false;
  });
}

/**
 * A colour alias without a mode follows its target into every mode, as `var()` does in CSS
 * (`:root { --ring: var(--primary) }` is the dark primary under `.dark`), unless that mode sets it.
 */
function followModes(tokens: readonly ImportedToken[]): ImportedToken[] {
  const out = [...tokens];
  const modes = new Map<string, Set<string>>();
  const add = (t: ImportedToken) => {
    const key = canonicalPath(t.path);
    const set = modes.get(key) ?? new Set<string>();
    set.add(t.mode ?? DEFAULT_MODE);
    modes.set(key, set);
  };
  out.forEach(add);
  for (let changed = true; changed; ) {
    changed = false;
    for (const token of [...out]) {
      const target = aliasOf(token.value);
      if (token.type !== 'color' || token.mode !== undefined || target === undefined) continue;
      const own = modes.get(canonicalPath(token.path)) ?? new Set();
      for (const mode of modes.get(canonicalPath(target)) ?? []) {
        if (own.has(mode)) continue;
        // The copy is the cascade's doing, not a declaration: it has no CSS origin of its own.
        const { css: _origin, ...declared } = token;
        const copy = { ...declared, mode };
        out.push(copy);
        add(copy);
        changed = true;
      }
    }
  }
  return out;
}

/** Replaces every `{path}` alias in a value (whole or inside a composite). */
function rewriteAliases(value: unknown, map: (target: string) => string): unknown {
  if (typeof value === 'string') {
    const m = /^\{([^{}]+)\}$/.exec(value);
    return m?.[1] === undefined ? value : `{${map(m[1])}}`;
  }
  if (Array.isArray(value)) return value.map((v) => rewriteAliases(v, map));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteAliases(v, map)]));
  return value;
}

/** Config `theme` groups → the sets and groups that received tokens (a group named but empty is a config error). */
const THEME_GROUPS: readonly (readonly [string, string])[] = [
  ['color', `color.semantic.${DEFAULT_MODE}`],
  ['colorDark', 'color.semantic.dark'],
  ['spacing', 'spacing'],
  ['radius', 'radius'],
  ['fontSize', 'font.size'],
  ['shadow', 'shadow'],
  ['zIndex', 'z-index'],
  ['duration', 'motion.duration'],
];

export function themeMapping(placed: readonly PlacedToken[]): Record<string, string[]> {
  const theme: Record<string, string[]> = {};
  for (const [namespace, group] of THEME_GROUPS) {
    if (placed.some((t) => t.target.startsWith(`${group}.`))) theme[namespace] = [group];
  }
  return theme;
}

const META_ORDER = ['$schema', '$type', '$value', '$description', '$deprecated', '$extensions'];

/** Stable key order: `$` keys first (DTCG's order), then names with numbers compared as numbers (50 < 100 < 600). */
export function compareKeys(a: string, b: string): number {
  const ma = a.startsWith('$');
  const mb = b.startsWith('$');
  if (ma || mb) return ma && mb ? META_ORDER.indexOf(a) - META_ORDER.indexOf(b) : ma ? -1 : 1;
  const na = /^\d+(?:_\d+)?$/.test(a) ? Number(a.replace('_', '.')) : NaN;
  const nb = /^\d+(?:_\d+)?$/.test(b) ? Number(b.replace('_', '.')) : NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb || (a < b ? -1 : a > b ? 1 : 0);
  if (!Number.isNaN(na) !== !Number.isNaN(nb)) return Number.isNaN(na) ? 1 : -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts the keys of groups and tokens with compareKeys, deeply; a `$value` keeps DTCG's own order (colorSpace, components, alpha, hex). */
export function sortKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(
    Object.keys(record)
      .sort(compareKeys)
      .map((k) => [k, k === '$value' ? record[k] : sortKeys(record[k])]),
  );
}

/**
 * The DTCG document of the placed tokens (each with its own `$type`). A path that is both a token and
 * a group (`color.primary` and `color.primary.foreground`) cannot be written: an error at both places.
 */
export function buildDocument(placed: readonly PlacedToken[], head: Record<string, unknown>): { document: Record<string, unknown>; problems: Problem[] } {
  const problems: Problem[] = [];
  const root: Record<string, unknown> = { ...head };
  const tokenAt = new Map<string, PlacedToken>();
  for (const token of placed) tokenAt.set(token.target, token);
  for (const token of placed) {
    const segments = token.target.split('.');
    const clash = segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join('.')).find((prefix) => tokenAt.has(prefix));
    if (clash !== undefined) {
      const other = tokenAt.get(clash);
      problems.push(
        importProblem('error', 'tokens/import-path-clash', `${token.target} cannot be written: ${clash} is a token${other ? ` (${other.location.file}:${other.location.line}:${other.location.column})` : ''}, so it cannot also be a group`, token.location),
      );
      continue;
    }
    let node = root;
    for (const segment of segments.slice(0, -1)) node = (node[segment] ??= {}) as Record<string, unknown>;
    node[segments[segments.length - 1] ?? ''] = {
      $type: token.type,
      $value: token.value,
      ...(token.description ? { $description: token.description } : {}),
      ...(token.css ? { $extensions: { [CSS_ORIGIN_KEY]: token.css } } : {}),
    };
  }
  return { document: sortKeys(root) as Record<string, unknown>, problems };
}
