import postcss, { CssSyntaxError, type ChildNode, type Container, type Declaration } from 'postcss';
import { ROOT_SCOPE, type CssOrigin } from '../contracts/css-origin.js';
import type { TokenType } from '../contracts/token-types.js';
import { UserError } from '../diagnostics/user-error.js';
import { readCssValue, type CssTokenValue } from './css-value.js';
import { importProblem, type ImportedToken, type ImportLocation, type ImportResult } from './token-importer.js';

/** One `--name: value` declaration in a token scope. */
export interface CustomProperty {
  /** Without the leading `--`. */
  readonly name: string;
  readonly value: string;
  /** From the selector or media query around it; undefined for `:root` and `@theme`. */
  readonly mode: string | undefined;
  /** The comment right before the declaration. */
  readonly description?: string;
  /** `theme` inside Tailwind's `@theme` (any flavour), `rule` in a selector. */
  readonly block: 'rule' | 'theme';
  /** The selector (and media query) around it, as written: `:root`, `.dark`, `@media (prefers-color-scheme: dark) :root`; `:root` for `@theme`. */
  readonly scope: string;
  readonly location: ImportLocation;
}

/** Parses CSS (a syntax error is a located UserError) and collects custom properties of token scopes. */
export function readCustomProperties(file: string, text: string): CustomProperty[] {
  let root: postcss.Root;
  try {
    root = postcss.parse(text, { from: undefined });
  } catch (error) {
    if (error instanceof CssSyntaxError) {
      throw new UserError('tokens/css-syntax', `invalid CSS: ${error.reason}`, {
        location: { file, ...(error.line === undefined ? {} : { line: error.line, column: error.column ?? 1 }) },
        sourceText: text,
      });
    }
    throw error;
  }
  const out: CustomProperty[] = [];
  root.walkDecls(/^--/, (decl) => {
    const scope = scopeOf(decl);
    if (scope === null) return;
    const description = commentBefore(decl);
    out.push({
      name: decl.prop.slice(2),
      value: decl.value,
      mode: scope.mode,
      ...(description ? { description } : {}),
      block: scope.block,
      scope: scope.text,
      location: { file, line: decl.source?.start?.line ?? 1, column: decl.source?.start?.column ?? 1 },
    });
  });
  return out;
}

/** The mode of the rule and at-rules around a declaration; null when it is not a token scope (`.card { --x }`). */
function scopeOf(decl: Declaration): { mode: string | undefined; block: 'rule' | 'theme'; text: string } | null {
  let mode: string | undefined;
  let sawRule = false;
  const text: string[] = [];
  const squash = (s: string) => s.replace(/\s+/g, ' ').trim();
  for (let node: Container | undefined = decl.parent; node && node.type !== 'root'; node = node.parent as Container | undefined) {
    if (node.type === 'atrule') {
      const at = node as postcss.AtRule;
      if (at.name === 'theme') return { mode: undefined, block: 'theme', text: ROOT_SCOPE };
      if (at.name === 'media') {
        const scheme = /prefers-color-scheme:\s*(\w+)/.exec(at.params)?.[1];
        if (scheme) mode ??= scheme;
        else return null; // a breakpoint override is not a token
        text.unshift(`@media ${squash(at.params)}`);
      }
    } else if (node.type === 'rule') {
      if (sawRule) return null; // nested rules are component styles
      sawRule = true;
      const selector = (node as postcss.Rule).selector;
      const selectorMode = modeOfSelector(selector);
      if (selectorMode === null) return null;
      mode = selectorMode ?? mode;
      text.unshift(squash(selector));
    }
    // `@layer base { … }` (shadcn v3) groups without scoping: not part of the scope.
  }
  return sawRule ? { mode, block: 'rule', text: text.join(' ') } : null;
}

/**
 * `:root`, `html`, `:host` → undefined (the default); `.dark`, `:root.dark`, `[data-theme="dark"]`,
 * `[data-mode=dark]`, `.theme-dark` → `dark` (any name works the same); anything else → null.
 */
export function modeOfSelector(selector: string): string | undefined | null {
  const modes = new Set<string | undefined>();
  for (const part of selector.split(',').map((s) => s.trim())) {
    const named =
      /\[data-(?:theme|mode|color-scheme)\s*=\s*["']?([\w-]+)["']?\s*\]/.exec(part)?.[1] ?? /\.(?:theme-)?(dark|light)\b/.exec(part)?.[1] ?? /\.theme-([\w-]+)/.exec(part)?.[1];
    if (named) modes.add(named.toLowerCase());
    else if (/^(?::root|html|:host)$/.test(part)) modes.add(undefined);
    else return null;
  }
  return modes.size === 1 ? [...modes][0] : null;
}

function commentBefore(decl: Declaration): string | undefined {
  const prev: ChildNode | undefined = decl.prev();
  if (prev?.type !== 'comment') return undefined;
  const text = prev.text.replace(/^\*+|\*+$/g, '').replace(/\s+/g, ' ').trim();
  return text === '' ? undefined : text;
}

/** How one custom property is named: the type its name promises and its path once the type is known. */
export interface PropertyNaming {
  readonly hint?: TokenType;
  path(type: TokenType): string;
}

/**
 * Custom properties → tokens. `var(--x)` becomes an alias of the token --x became, when --x is
 * declared in the same file; a property that aliases its own path (Tailwind's `@theme inline` wiring,
 * `--color-primary: var(--primary)`) adds nothing. `naming` returns `{ skip: reason }` for names to leave out.
 */
export function propertiesToTokens(props: readonly CustomProperty[], naming: (prop: CustomProperty) => PropertyNaming | { skip: string }): ImportResult {
  const tokens: ImportedToken[] = [];
  const problems: ImportResult['problems'] = [];
  // The cascade: a later declaration of one name in one mode wins.
  const latest = new Map<string, CustomProperty>();
  for (const prop of props) latest.set(`${prop.block}\0${prop.name}\0${prop.mode ?? ''}`, prop);
  const read = new Map<CustomProperty, { naming: PropertyNaming; value: CssTokenValue }>();
  const byName = new Map<string, CustomProperty[]>();
  for (const prop of latest.values()) {
    const named = naming(prop);
    if ('skip' in named) {
      problems.push(importProblem('warn', 'tokens/import-skipped', `--${prop.name} was not imported: ${named.skip}`, prop.location));
      continue;
    }
    read.set(prop, { naming: named, value: readCssValue(prop.value, named.hint) });
    byName.set(prop.name, [...(byName.get(prop.name) ?? []), prop]);
  }

  // A reference's type is its target's, followed through further references; default-mode declarations first.
  const typeOf = (name: string, seen: Set<string>): TokenType | undefined => {
    if (seen.has(name)) return undefined;
    const decls = [...(byName.get(name) ?? [])].sort((a, b) => Number(a.mode !== undefined) - Number(b.mode !== undefined));
    for (const decl of decls) {
      const entry = read.get(decl);
      if (entry?.value.kind === 'value') return entry.value.type;
      if (entry?.value.kind === 'reference') {
        const t = typeOf(entry.value.name, new Set([...seen, name])) ?? entry.value.type;
        if (t) return t;
      }
    }
    return undefined;
  };
  const pathOf = (name: string): string | undefined => {
    const decl = byName.get(name)?.[0];
    const type = typeOf(name, new Set());
    return decl && type ? read.get(decl)?.naming.path(type) : undefined;
  };

  for (const [prop, { naming: named, value }] of read) {
    const css = (format?: CssOrigin['format']): CssOrigin => ({ name: `--${prop.name}`, scope: prop.scope, ...(format ? { format } : {}) });
    const base = { ...(prop.mode === undefined ? {} : { mode: prop.mode }), location: prop.location, ...(prop.description ? { description: prop.description } : {}) };
    if (value.kind === 'unsupported') {
      problems.push(importProblem('warn', 'tokens/import-skipped', `--${prop.name} was not imported: ${value.reason}`, prop.location));
    } else if (value.kind === 'value') {
      tokens.push({ path: named.path(value.type), type: value.type, value: value.value, ...base, css: css(value.format) });
    } else {
      const target = pathOf(value.name);
      const type = typeOf(value.name, new Set([prop.name])) ?? value.type;
      if (!target || !type) {
        problems.push(importProblem('warn', 'tokens/import-skipped', `--${prop.name} was not imported: var(--${value.name}) is not declared in this file`, prop.location));
        continue;
      }
      const path = named.path(type);
      if (path !== target) tokens.push({ path, type, value: `{${target}}`, ...base, css: css() });
    }
  }
  return { tokens, problems };
}
