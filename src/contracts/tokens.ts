import type { JsonDocument } from '../diagnostics/json-source.js';
import { toPointer } from '../diagnostics/pointer.js';
import type { Problem } from '../diagnostics/problem.js';
import { problem } from '../diagnostics/schema-issues.js';
import { nearestNames } from '../diagnostics/did-you-mean.js';
import { aliasTarget, checkValue, isTokenType, type TokenType } from './token-types.js';

/** One design token after type inheritance and alias resolution. Values keep their DTCG shape. */
export interface Token {
  /** Dotted path, e.g. `color.semantic.light.primary`. */
  readonly path: string;
  readonly type: TokenType;
  /** `$value` as written (may be an alias string). */
  readonly value: unknown;
  /** `$value` with every alias (whole or inside a composite) replaced by its target's resolved value. */
  readonly resolved: unknown;
  /** Every token this one points through, nearest first; empty for a concrete value. */
  readonly aliasChain: readonly string[];
  readonly description?: string;
  /** `true`, or the text saying what to use instead (own or inherited from a group). */
  readonly deprecated?: string | true;
  readonly extensions?: Readonly<Record<string, unknown>>;
  readonly pointer: string;
  readonly line: number;
  readonly column: number;
}

export interface TokenSet {
  readonly file: string;
  readonly tokens: ReadonlyMap<string, Token>;
}

interface RawToken {
  path: string;
  pointer: string;
  node: Record<string, unknown>;
  declaredType: TokenType | undefined;
  deprecated: string | true | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * DTCG 2025.10 in stages, as Terrazzo does: collect (with inherited $type and $deprecated) →
 * validate values → resolve aliases. Every problem is reported, not just the first.
 */
export function parseTokens(doc: JsonDocument): {
  tokens: TokenSet;
  /** Every token path in the file, including those that failed to load. */
  declared: ReadonlySet<string>;
  problems: Problem[];
} {
  const problems: Problem[] = [];
  const raw = new Map<string, RawToken>();
  const report = (code: string, message: string, pointer: string, atKey = false, hint?: string) =>
    problems.push(problem(doc, code, 'error', message, pointer, atKey, hint));

  if (!isObject(doc.value)) {
    report('token/not-dtcg', 'expected a DTCG token file: a JSON object of groups and tokens', '');
    return { tokens: { file: doc.file, tokens: new Map() }, declared: new Set(), problems };
  }

  const collect = (group: Record<string, unknown>, path: string[], type: TokenType | undefined, deprecated: string | true | undefined) => {
    const groupType = group.$type === undefined ? type : isTokenType(group.$type) ? group.$type : type;
    const groupDeprecated = deprecation(group.$deprecated) ?? deprecated;
    for (const [name, child] of Object.entries(group)) {
      if (name.startsWith('$')) continue;
      const childPath = [...path, name];
      const pointer = toPointer(childPath);
      if (!isObject(child)) continue; // the schema reports it
      if ('$value' in child) {
        const own = child.$type === undefined ? undefined : isTokenType(child.$type) ? child.$type : undefined;
        const ownDeprecated = child.$deprecated === false ? undefined : (deprecation(child.$deprecated) ?? groupDeprecated);
        raw.set(childPath.join('.'), { path: childPath.join('.'), pointer, node: child, declaredType: own ?? groupType, deprecated: ownDeprecated });
      } else if ('value' in child && !Object.keys(child).some((k) => !k.startsWith('$') && k !== 'value' && k !== 'type' && k !== 'description' && isObject(child[k]))) {
        report(
          'token/not-dtcg',
          `"${childPath.join('.')}" looks like a pre-DTCG token ("value"); DTCG 2025.10 uses "$value" and "$type"`,
          `${pointer}/value`,
          true,
          'Rename value → $value, type → $type, description → $description.',
        );
      } else {
        collect(child, childPath, groupType, groupDeprecated);
      }
    }
  };
  collect(doc.value, [], undefined, undefined);

  // Resolution: whole-value aliases first (they decide types), with cycle detection.
  const resolvedType = new Map<string, TokenType | null>();
  const chains = new Map<string, string[]>();
  const reportedCycles = new Set<string>();
  const resolveType = (path: string, stack: string[]): TokenType | null => {
    const known = resolvedType.get(path);
    if (known !== undefined) return known;
    const token = raw.get(path);
    if (!token) return null;
    const target = aliasTarget(token.node.$value);
    if (target === undefined) {
      chains.set(path, []);
      const type = token.declaredType ?? null;
      if (type === null) report('token/missing-type', `token "${path}" has no $type (on the token or any parent group)`, token.pointer, true);
      resolvedType.set(path, type);
      return type;
    }
    const cycleStart = stack.indexOf(path);
    if (cycleStart >= 0) {
      const cycle = [...stack.slice(cycleStart), path];
      const key = [...cycle].sort().join('|');
      if (!reportedCycles.has(key)) {
        reportedCycles.add(key);
        const first = raw.get(cycle[0] ?? path) ?? token;
        report('token/alias-cycle', `alias cycle: ${cycle.map((p) => `"${p}"`).join(' → ')}`, `${first.pointer}/$value`);
      }
      return null;
    }
    if (!raw.has(target)) {
      report(
        'token/alias-unknown',
        `token "${path}" is an alias of "${target}", which does not exist`,
        `${token.pointer}/$value`,
        false,
        nearestNames(target, raw.keys()),
      );
      resolvedType.set(path, null);
      return null;
    }
    const targetType = resolveType(target, [...stack, path]);
    if (targetType === null) {
      resolvedType.set(path, null);
      return null;
    }
    if (token.declaredType && token.declaredType !== targetType) {
      report(
        'token/alias-type-mismatch',
        `token "${path}" has $type ${token.declaredType} but its alias target "${target}" is ${targetType}`,
        `${token.pointer}/$value`,
      );
      resolvedType.set(path, null);
      return null;
    }
    chains.set(path, [target, ...(chains.get(target) ?? [])]);
    resolvedType.set(path, targetType);
    return targetType;
  };
  for (const path of raw.keys()) resolveType(path, []);

  // Values: check concrete values against their type; collect sub-aliases inside composites.
  const tokens = new Map<string, Token>();
  const concrete = (path: string): unknown => {
    const chain = chains.get(path) ?? [];
    return raw.get(chain.length ? (chain[chain.length - 1] ?? path) : path)?.node.$value;
  };
  const valid = new Set<string>();
  for (const token of raw.values()) {
    const type = resolvedType.get(token.path);
    if (!type) continue;
    if (aliasTarget(token.node.$value) !== undefined) {
      valid.add(token.path);
      continue;
    }
    const check = checkValue(type, token.node.$value, `${token.pointer}/$value`);
    for (const issue of check.issues) report('token/invalid-value', `token "${token.path}" (${type}): ${issue.message}`, issue.at);
    let ok = check.issues.length === 0;
    for (const use of check.aliases) {
      const targetType = resolvedType.get(use.target);
      if (!raw.has(use.target)) {
        report('token/alias-unknown', `token "${token.path}" refers to "${use.target}", which does not exist`, use.at, false, nearestNames(use.target, raw.keys()));
        ok = false;
      } else if (targetType && use.expectedType && targetType !== use.expectedType) {
        report('token/alias-type-mismatch', `token "${token.path}" expects a ${use.expectedType} at this place but "${use.target}" is ${targetType}`, use.at);
        ok = false;
      }
    }
    if (ok) valid.add(token.path);
  }

  const deepResolve = (value: unknown, seen: Set<string>): unknown => {
    const target = aliasTarget(value);
    if (target !== undefined) {
      if (seen.has(target)) return value;
      return deepResolve(concrete(target), new Set([...seen, target]));
    }
    if (Array.isArray(value)) return value.map((v) => deepResolve(v, seen));
    if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepResolve(v, seen)]));
    return value;
  };

  for (const token of raw.values()) {
    const type = resolvedType.get(token.path);
    const chain = chains.get(token.path) ?? [];
    if (!type || !valid.has(token.path) || !chain.every((p) => valid.has(p))) continue;
    const { line, column } = doc.locateKey(token.pointer);
    const description = token.node.$description;
    const extensions = token.node.$extensions;
    tokens.set(token.path, {
      path: token.path,
      type,
      value: token.node.$value,
      resolved: deepResolve(token.node.$value, new Set([token.path])),
      aliasChain: chain,
      ...(typeof description === 'string' ? { description } : {}),
      ...(token.deprecated === undefined ? {} : { deprecated: token.deprecated }),
      ...(isObject(extensions) ? { extensions } : {}),
      pointer: token.pointer,
      line,
      column,
    });
  }
  return { tokens: { file: doc.file, tokens }, declared: new Set(raw.keys()), problems };
}

function deprecation(value: unknown): string | true | undefined {
  if (value === true) return true;
  if (typeof value === 'string' && value.trim() !== '') return value;
  return undefined;
}
