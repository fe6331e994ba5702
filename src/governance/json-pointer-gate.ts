import { fromPointer } from '../diagnostics/pointer.js';
import { canonicalJson } from './canonical-json.js';

/**
 * JSON-pointer gates: a hard gate path `glob#/json/pointer` (RFC 6901) protects only the value at that
 * pointer, so `package.json#/scripts/design:check` keeps the script CI runs while an agent may still add a
 * dependency. Everything before the first `#` is the glob; everything after it is the pointer.
 */
export interface GatePath {
  /** The file part: a glob, repo-relative. */
  readonly glob: string;
  /** The RFC 6901 pointer, when only a value inside the file is protected. */
  readonly pointer?: string;
}

/** RFC 6901 pointer syntax, non-empty: `/a/b~1c`. (`~` only as `~0` or `~1`.) */
export const JSON_POINTER = /^(?:\/(?:[^~/]|~[01])*)+$/;

/** A whole gate path, as the policy schema accepts it: a glob, optionally `#` and a pointer. */
export const GATE_PATH = /^[^#]+(?:#(?:\/(?:[^~/]|~[01])*)+)?$/;

export function splitGatePath(path: string): GatePath {
  const hash = path.indexOf('#');
  return hash === -1 ? { glob: path } : { glob: path.slice(0, hash), pointer: path.slice(hash + 1) };
}

type Lookup = { readonly found: true; readonly value: unknown } | { readonly found: false };

/** The value at `pointer` in `doc`; array indices are decimal without leading zeros (RFC 6901 §4). */
export function valueAt(doc: unknown, pointer: string): Lookup {
  let node = doc;
  for (const segment of fromPointer(pointer)) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(segment) || Number(segment) >= node.length) return { found: false };
      node = node[Number(segment)];
    } else if (typeof node === 'object' && node !== null && Object.prototype.hasOwnProperty.call(node, segment)) {
      node = (node as Record<string, unknown>)[segment];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: node };
}

type Parsed = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

function parseJson(text: string): Parsed {
  try {
    return { ok: true, value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch {
    return { ok: false };
  }
}

/**
 * Whether every protected value is the same on both sides: deep-equal by canonical JSON (key order and
 * number spelling do not count). Fails closed: an `after` that is not JSON, or a value that differs,
 * appears or disappears, is a change. A `before` that is not JSON protected nothing readable, so only an
 * `after` without any of the pointers keeps it unchanged.
 */
export function pointersUnchanged(pointers: readonly string[], before: string, after: string): boolean {
  const b = parseJson(before);
  const a = parseJson(after);
  if (!a.ok) return false;
  for (const pointer of pointers) {
    if (!JSON_POINTER.test(pointer)) return false;
    const was = b.ok ? valueAt(b.value, pointer) : ({ found: false } as const);
    const is = valueAt(a.value, pointer);
    if (was.found !== is.found) return false;
    if (was.found && is.found && !sameJson(was.value, is.value)) return false;
  }
  return true;
}

function sameJson(a: unknown, b: unknown): boolean {
  try {
    return canonicalJson(a) === canonicalJson(b);
  } catch {
    return false; // a value canonical JSON cannot spell (1e400): not provably the same
  }
}

/** The pointers that changed between `before` and `after` (all of them when `after` is not JSON). */
export function changedPointers(pointers: readonly string[], before: string | undefined, after: string | undefined): string[] {
  return pointers.filter((p) => !pointersUnchanged([p], before ?? '', after ?? ''));
}
