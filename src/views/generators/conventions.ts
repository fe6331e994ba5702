/**
 * Token groups that config `theme` has no namespace for (font families, weights, line heights,
 * easings, composite typography), found by convention the way buildFontWeightIndex finds weights:
 * a token of the right type under a group segment named after the role. The name is the path
 * below that segment joined with `-` (`font.family.sans` → `sans`, `motion.easing.standard` →
 * `standard`). Deprecated tokens are left out; when two tokens claim a name, the earlier in the
 * file wins.
 */
import type { TokenType } from '../../contracts/token-types.js';
import type { Token } from '../../contracts/tokens.js';
import type { Project } from '../../project/project.js';
import type { ThemeIndex } from '../../contracts/theme-index.js';

export type ConventionRole = 'fontFamily' | 'fontWeight' | 'lineHeight' | 'easing' | 'typography';

export interface Convention {
  readonly type: TokenType;
  /** Group segments that mark the role (`font.family.*`). */
  readonly segments: readonly string[];
  /** Name of a token of the type found under no such segment: its last segment, its whole path, or none (left out). */
  readonly otherwise: 'last-segment' | 'path' | 'skip';
}

export const CONVENTIONS: Readonly<Record<ConventionRole, Convention>> = {
  fontFamily: { type: 'fontFamily', segments: ['family', 'fontFamily', 'font-family'], otherwise: 'last-segment' },
  fontWeight: { type: 'fontWeight', segments: ['weight', 'fontWeight', 'font-weight'], otherwise: 'last-segment' },
  // `number` tokens are also z-indices and ratios: only those under a line-height group count.
  lineHeight: { type: 'number', segments: ['line-height', 'lineHeight', 'leading'], otherwise: 'skip' },
  easing: { type: 'cubicBezier', segments: ['easing', 'ease'], otherwise: 'last-segment' },
  typography: { type: 'typography', segments: ['typography'], otherwise: 'path' },
};

/** The names the body text defaults to, first match wins (else the first token of the role). */
export const BODY_TEXT_NAMES: Readonly<Partial<Record<ConventionRole, readonly string[]>>> = {
  fontFamily: ['sans', 'body', 'base', 'text'],
  fontWeight: ['regular', 'normal', 'book'],
  lineHeight: ['normal', 'base', 'body'],
};

export interface NamedToken {
  readonly name: string;
  readonly token: Token;
}

/** The tokens playing `role`, named, in file order. */
export function conventionTokens(project: Project, role: ConventionRole): readonly NamedToken[] {
  const { type, segments, otherwise } = CONVENTIONS[role];
  const named = new Map<string, Token>();
  for (const token of project.tokens.tokens.values()) {
    if (token.type !== type || token.deprecated !== undefined) continue;
    const parts = token.path.split('.');
    const at = parts.findIndex((p) => segments.includes(p));
    let name: string | undefined;
    if (at >= 0 && at < parts.length - 1) name = parts.slice(at + 1).join('-');
    else if (at < 0 && otherwise === 'last-segment') name = parts[parts.length - 1];
    else if (at < 0 && otherwise === 'path') name = parts.join('-');
    if (name !== undefined && !named.has(name)) named.set(name, token);
  }
  return [...named].map(([name, token]) => ({ name, token }));
}

/** The token body text uses for `role` (BODY_TEXT_NAMES), or the first of the role. */
export function bodyTextToken(project: Project, role: ConventionRole): NamedToken | undefined {
  const all = conventionTokens(project, role);
  for (const preferred of BODY_TEXT_NAMES[role] ?? []) {
    const hit = all.find((t) => t.name === preferred);
    if (hit) return hit;
  }
  return all[0];
}

export interface ColourRole {
  /** The utility name: `primary` for `bg-primary`. */
  readonly name: string;
  readonly light: Token;
  /** The same name under config `theme.colorDark`, when there is one. */
  readonly dark?: Token;
}

/**
 * The colour roles: each name of config `theme.color` (non-deprecated colour tokens), with the token
 * the dark theme re-points it at. Dark names without a light role have no utility and are left out.
 */
export function colourRoles(index: ThemeIndex): readonly ColourRole[] {
  return index.candidates('color').map(({ utility, token }) => {
    const dark = index.lookup('colorDark', utility);
    return dark && dark.type === 'color' && dark.deprecated === undefined ? { name: utility, light: token, dark } : { name: utility, light: token };
  });
}

/** A utility name as a key: Tailwind's `DEFAULT` names the bare utility, whose name is empty. */
export function keyName(utility: string): string {
  return utility === '' ? 'DEFAULT' : utility;
}
