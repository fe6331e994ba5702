import type { ChangedPath, ChangeView } from './change-view.js';

/** One side of a JSON file: absent, not JSON, or its value. */
export type JsonSide = { readonly state: 'absent' } | { readonly state: 'invalid' } | { readonly state: 'ok'; readonly value: unknown };

export function parseSide(text: string | undefined): JsonSide {
  if (text === undefined) return { state: 'absent' };
  try {
    return { state: 'ok', value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
  } catch {
    return { state: 'invalid' };
  }
}

/**
 * Both sides of the file at `path` for its change `c`: a file renamed into `path` is compared with its
 * source, one renamed away from it has no new side.
 */
export function jsonSides(change: ChangeView, c: ChangedPath, path: string): { readonly before: JsonSide; readonly after: JsonSide } {
  const arrived = c.path === path;
  return {
    before: parseSide(change.before(arrived ? (c.from ?? path) : path)),
    after: arrived ? parseSide(change.after(path)) : { state: 'absent' },
  };
}
