import type { Token } from './tokens.js';

/**
 * Where a token came from in the app's CSS, recorded by `dsctl tokens import` as
 * `$extensions["dsctl.css"]`: the custom property, the scope it was declared in, and the value's
 * shape. Views with `naming: "source"` declare the token under that name again, so an adopted app
 * keeps `--background` and `--primary-foreground` instead of dsctl's path names.
 */
export const CSS_ORIGIN_KEY = 'dsctl.css';

export interface CssOrigin {
  /** The custom property, with its `--`. */
  readonly name: string;
  /** `:root`, `.dark`, `[data-theme="dark"]`, `@media (prefers-color-scheme: dark) :root`. */
  readonly scope: string;
  /** `hsl-channels`: shadcn's bare `222.2 47.4% 11.2%`, read by `hsl(var(--x))`. Omitted for complete CSS values. */
  readonly format?: 'hsl-channels';
}

/** The scopes a default-mode declaration lives in. */
export const ROOT_SCOPE = ':root';

/** The recorded origin of a token; a malformed record counts as none (the token is then named by its path). */
export function cssOriginOf(token: Pick<Token, 'extensions'>): CssOrigin | undefined {
  const raw = token.extensions?.[CSS_ORIGIN_KEY];
  if (typeof raw !== 'object' || raw === null) return undefined;
  const { name, scope, format } = raw as Record<string, unknown>;
  if (typeof name !== 'string' || !/^--[\w-]+$/.test(name) || typeof scope !== 'string' || scope.trim() === '') return undefined;
  if (format !== undefined && format !== 'hsl-channels') return undefined;
  return { name, scope, ...(format === undefined ? {} : { format }) };
}
