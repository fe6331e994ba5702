import { canonicalJson } from '../governance/canonical-json.js';
import { jsonLeaves } from './json-tokens.js';

export interface TokenDiff {
  readonly added: string[];
  readonly removed: string[];
  readonly changed: string[];
}

/** Token paths → their type, value and description, with group `$type`s inherited. */
function flatten(document: unknown): Map<string, string> {
  return new Map(jsonLeaves(document).map((l) => [l.path.join('.'), canonicalJson({ type: l.type, value: l.value, description: l.description })]));
}

/** What an import changes in a tokens file, by token path (not by line). */
export function diffTokens(before: unknown, after: unknown): TokenDiff {
  const a = flatten(before);
  const b = flatten(after);
  const sorted = (xs: string[]) => xs.sort();
  return {
    added: sorted([...b.keys()].filter((k) => !a.has(k))),
    removed: sorted([...a.keys()].filter((k) => !b.has(k))),
    changed: sorted([...b.keys()].filter((k) => a.has(k) && a.get(k) !== b.get(k))),
  };
}
