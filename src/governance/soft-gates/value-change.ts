import { canonicalJson } from '../canonical-json.js';

/** Whether two JSON values (undefined: absent) differ in meaning: key order and number spelling do not count. */
export function differs(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a !== b;
  return canonicalJson(a) !== canonicalJson(b);
}

/** How a field changes, for people: `"warn" → "error"` for short scalars, else that it is added, removed or changes. */
export function describeValueChange(field: string, a: unknown, b: unknown): string {
  if (a === undefined) return `${field} is added`;
  if (b === undefined) return `${field} is removed`;
  const short = (v: unknown) => (v === null || typeof v !== 'object') && JSON.stringify(v).length <= 40;
  return short(a) && short(b) ? `${field} ${JSON.stringify(a)} → ${JSON.stringify(b)}` : `${field} changes`;
}

/** Entries of a list keyed by `key` (first one wins), in list order; entries without a string key are left out. */
export function byKey(list: readonly unknown[], key: string): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const item of list) {
    if (typeof item !== 'object' || item === null) continue;
    const id = (item as Record<string, unknown>)[key];
    if (typeof id === 'string' && !out.has(id)) out.set(id, item as Record<string, unknown>);
  }
  return out;
}
