import type { TokenValueKind } from './rule-types.js';
import { FONT_WEIGHTS, type TokenType } from './token-types.js';
import type { Token } from './tokens.js';
import type { Config } from '../project/config-schema.js';
import type { Project } from '../project/project.js';

export type ThemeNamespace = keyof Config['theme'];

export interface ThemeToken {
  readonly token: Token;
  /** The utility name under its namespace: `primary` for `bg-primary`, `4` for `p-4`. */
  readonly utility: string;
}

/** How utility names map to tokens (config `theme`), and which tokens may replace a raw value. */
export interface ThemeIndex {
  lookup(namespace: ThemeNamespace, name: string): Token | undefined;
  candidates(kind: TokenValueKind): readonly ThemeToken[];
}

/** Which theme namespace answers for each raw-value kind, and the token type a replacement must have. */
export const KIND_NAMESPACES: Readonly<Record<TokenValueKind, { readonly namespace: ThemeNamespace; readonly type: TokenType }>> = {
  color: { namespace: 'color', type: 'color' },
  spacing: { namespace: 'spacing', type: 'dimension' },
  radius: { namespace: 'radius', type: 'dimension' },
  'font-size': { namespace: 'fontSize', type: 'dimension' },
  shadow: { namespace: 'shadow', type: 'shadow' },
  'z-index': { namespace: 'zIndex', type: 'number' },
  duration: { namespace: 'duration', type: 'duration' },
};

/** Tailwind's `DEFAULT` key names the bare utility (`radius.DEFAULT` → `rounded`). */
const DEFAULT_KEY = 'DEFAULT';

/**
 * Indexes the project's tokens by utility name, in one pass: for each namespace of config `theme`,
 * a token under one of its groups is named by its path below the group joined with `-`
 * (`color.semantic.light.success.fg` → `success-fg`). When two tokens claim one name, the earlier
 * group in the config wins, then the earlier token in the file. Pure: call it once per Project.
 */
export function buildThemeIndex(project: Project): ThemeIndex {
  const theme = project.config.theme;
  const namespaces = Object.keys(theme) as ThemeNamespace[];
  const groups = namespaces.flatMap((namespace) => theme[namespace].map((group, rank) => ({ namespace, prefix: `${group}.`, rank })));
  const maps = new Map<ThemeNamespace, Map<string, { token: Token; rank: number }>>(namespaces.map((n) => [n, new Map()]));

  for (const token of project.tokens.tokens.values()) {
    for (const { namespace, prefix, rank } of groups) {
      if (!token.path.startsWith(prefix)) continue;
      const name = utilityName(token.path.slice(prefix.length));
      const map = maps.get(namespace);
      const known = map?.get(name);
      if (map && (!known || known.rank > rank)) map.set(name, { token, rank });
    }
  }

  const byName = new Map<ThemeNamespace, ReadonlyMap<string, Token>>(
    [...maps].map(([namespace, map]) => [namespace, new Map([...map].map(([name, { token }]) => [name, token]))]),
  );

  const candidates = new Map<TokenValueKind, readonly ThemeToken[]>();
  for (const [kind, { namespace, type }] of Object.entries(KIND_NAMESPACES) as [TokenValueKind, (typeof KIND_NAMESPACES)[TokenValueKind]][]) {
    const list: ThemeToken[] = [];
    for (const [utility, token] of byName.get(namespace) ?? []) {
      if (token.type === type && token.deprecated === undefined) list.push({ token, utility });
    }
    if (kind === 'color' && theme.color.length === 0) {
      // No colour namespace configured: every colour token may be suggested, named as Tailwind v4
      // would name `--color-*` variables (`color.brand.600` → `brand-600`).
      for (const token of project.tokens.tokens.values()) {
        if (token.type === 'color' && token.deprecated === undefined) list.push({ token, utility: utilityName(token.path.replace(/^color\./, '')) });
      }
    }
    candidates.set(kind, Object.freeze(list));
  }

  return {
    lookup: (namespace, name) => byName.get(namespace)?.get(name),
    candidates: (kind) => candidates.get(kind) ?? [],
  };
}

/** Font weights by `font-*` utility name, from tokens, for the contrast detector's large-text test. */
export interface FontWeightIndex {
  lookup(name: string): number | undefined;
}

/** Tailwind's stock weights: used when no token defines the utility. */
const TAILWIND_WEIGHTS: Readonly<Record<string, number>> = {
  thin: 100,
  extralight: 200,
  light: 300,
  normal: 400,
  medium: 500,
  semibold: 600,
  bold: 700,
  extrabold: 800,
  black: 900,
};


/**
 * Config `theme` has no font-weight namespace, so weights are found by convention: every
 * `fontWeight` token under a group whose last segment is `weight` or `fontWeight`
 * (`font.weight.semibold` → `font-semibold`); utilities no token defines fall back to Tailwind's
 * stock weights (`font-bold` = 700).
 */
export function buildFontWeightIndex(project: Project): FontWeightIndex {
  const weights = new Map<string, number>();
  for (const token of project.tokens.tokens.values()) {
    if (token.type !== 'fontWeight') continue;
    const segments = token.path.split('.');
    const at = segments.findIndex((s) => s === 'weight' || s === 'fontWeight' || s === 'font-weight');
    if (at < 0 || at === segments.length - 1) continue;
    const name = utilityName(segments.slice(at + 1).join('.'));
    const value = typeof token.resolved === 'number' ? token.resolved : FONT_WEIGHTS[String(token.resolved)];
    if (value !== undefined && !weights.has(name)) weights.set(name, value);
  }
  return { lookup: (name) => weights.get(name) ?? TAILWIND_WEIGHTS[name] };
}

function utilityName(relativePath: string): string {
  const segments = relativePath.split('.');
  if (segments[segments.length - 1] === DEFAULT_KEY) segments.pop();
  return segments.join('-');
}
