/**
 * How the generated CSS names a token's custom property: the one answer tokens.css, theme.css, the
 * Tailwind v3 preset and the MCP server's usage hints share (config `views["tokens-css"]`).
 *
 * `path` names every token after its path (`--color-brand-600`, with the configured prefix) and every
 * colour role `--color-<role>`. `source` keeps, for a token imported from the app's CSS, the property
 * and scope it was declared with (`$extensions["dsctl.css"]`): an adopted shadcn app keeps
 * `--background` in `:root` and `.dark`. Such a property is visible only in its own scope, so a value
 * elsewhere that needs it gets the resolved value instead of a `var()` that would read the wrong mode.
 */
import { cssOriginOf, ROOT_SCOPE, type CssOrigin } from '../../contracts/css-origin.js';
import type { Token } from '../../contracts/tokens.js';
import type { Project } from '../../project/project.js';
import type { ColourRole } from './conventions.js';
import { colourInItsSpace, cssVarName, hslChannels, resolvedCss } from './css-values.js';

export interface CssNames {
  readonly scheme: 'path' | 'source';
  /** The property a token is declared under. */
  property(path: string): string;
  /** The CSS origin the token is declared with (`source` scheme only): its scope and value shape. */
  origin(path: string): CssOrigin | undefined;
  /**
   * A complete CSS value reading the token in `scope` (`:root` by default): `var(--x)`, or
   * `hsl(var(--x))` for bare channels; the resolved value when the property is not visible there.
   */
  reference(path: string, scope?: string): string | undefined;
  /** The property of a colour role: the source name both of its modes share, or `--<prefix>color-<role>`. */
  roleProperty(role: ColourRole): string;
  /** Whether the role's property is a source name the tokens already declare per mode (no role declarations needed). */
  roleFromSource(role: ColourRole): boolean;
  /** A complete CSS value reading the role's property. */
  roleReference(role: ColourRole): string;
  /** The properties tokens declare in `:root`: a role of the same name would overwrite one. */
  readonly rootProperties: ReadonlySet<string>;
  /** Whether tokens.css declares the role itself (`--color-primary` and its dark re-pointing). */
  declaresRole(role: ColourRole): boolean;
}

const cache = new WeakMap<Project, CssNames>();

/** The naming of `project` (built once per loaded project: it is immutable). */
export function cssNames(project: Project): CssNames {
  let names = cache.get(project);
  if (!names) {
    const { naming, prefix } = project.config.views['tokens-css'];
    names = buildNames(project.tokens.tokens, naming, prefix);
    cache.set(project, names);
  }
  return names;
}

function buildNames(tokens: ReadonlyMap<string, Token>, scheme: 'path' | 'source', prefix: string): CssNames {
  const origins = new Map<string, CssOrigin>();
  if (scheme === 'source') {
    for (const token of tokens.values()) {
      const origin = cssOriginOf(token);
      if (origin) origins.set(token.path, origin);
    }
  }
  const property = (path: string) => origins.get(path)?.name ?? cssVarName(path, prefix);
  const read = (token: Token | undefined, name: string) => (token && origins.get(token.path)?.format === 'hsl-channels' ? `hsl(var(${name}))` : `var(${name})`);
  const roleFromSource = (role: ColourRole) => {
    const light = origins.get(role.light.path);
    return light !== undefined && (role.dark === undefined || origins.get(role.dark.path)?.name === light.name);
  };
  const roleProperty = (role: ColourRole) => (roleFromSource(role) ? property(role.light.path) : cssVarName(`color.${role.name}`, prefix));
  const rootProperties = new Set([...tokens.keys()].filter((path) => (origins.get(path)?.scope ?? ROOT_SCOPE) === ROOT_SCOPE).map(property));
  return {
    rootProperties,
    declaresRole: (role) => !roleFromSource(role) && !rootProperties.has(roleProperty(role)),
    scheme,
    property,
    origin: (path) => origins.get(path),
    reference(path, scope = ROOT_SCOPE) {
      const token = tokens.get(path);
      const origin = origins.get(path);
      if (origin === undefined || origin.scope === ROOT_SCOPE || origin.scope === scope) return read(token, property(path));
      if (!token) return undefined;
      return token.type === 'color' && origin.format === 'hsl-channels' ? hslReference(token) : resolvedCss(token);
    },
    roleProperty,
    roleFromSource,
    roleReference: (role) => read(roleFromSource(role) ? role.light : undefined, roleProperty(role)),
  };
}

function hslReference(token: Token): string | undefined {
  const channels = hslChannels(token.resolved);
  return channels === undefined ? undefined : `hsl(${channels})`;
}

/**
 * The value a token is declared with: for one of the app's properties, bare channels when its origin
 * says so, a colour in the space it was written in; else its CSS.
 */
export function declaredValue(token: Token, names: CssNames, scope: string, cascading: (token: Token) => string | undefined): string | undefined {
  const origin = names.origin(token.path);
  if (origin === undefined) return cascading(token);
  if (origin.format !== 'hsl-channels') return token.type === 'color' && token.aliasChain.length === 0 ? colourInItsSpace(token.value) : cascading(token);
  // `--ring: var(--primary)` between two channel properties of one scope stays a reference.
  const target = token.aliasChain[0];
  const targetOrigin = target === undefined ? undefined : names.origin(target);
  if (target !== undefined && targetOrigin?.format === 'hsl-channels' && (targetOrigin.scope === ROOT_SCOPE || targetOrigin.scope === scope)) return `var(${names.property(target)})`;
  return hslChannels(token.resolved);
}
