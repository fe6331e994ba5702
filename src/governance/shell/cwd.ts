/**
 * Where a command runs, relative to where the whole command line started. `cd` can fail, so the shell
 * may be in one of several directories: a set of candidates is kept, and a path is reported once for
 * each. `null` is a directory that cannot be known (`cd "$X"`, `cd -`); paths under it start with `?/`.
 */
import { posix } from 'node:path';

/** '' is the starting directory; otherwise a normalised relative path, an absolute path or `~/…`. */
export type Cwd = string | null;

/** A small set of candidate directories, in first-seen order. */
export type Cwds = readonly Cwd[];

export const START: Cwds = [''];

/** More candidates than this collapse into "unknowable". */
const MAX_CANDIDATES = 8;

export function union(...sets: Cwds[]): Cwds {
  const out: Cwd[] = [];
  for (const set of sets) for (const cwd of set) if (!out.includes(cwd)) out.push(cwd);
  return out.length > MAX_CANDIDATES ? [null] : out;
}

export function sameCwds(a: Cwds, b: Cwds): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/** Posix-normalised, without a trailing slash; the starting directory itself is `.`. */
export function normalise(path: string): string {
  const n = posix.normalize(path);
  return n.length > 1 && n.endsWith('/') ? n.slice(0, -1) : n;
}

/** Whether a path does not depend on the directory it is used in. */
function anchored(path: string): boolean {
  // `$HOME/x`, `${root}/x`, `$(pwd)/x`: may well be absolute; they are reported as written.
  return path.startsWith('/') || path.startsWith('~') || path.startsWith('$') || path.startsWith('`');
}

/** `path` as seen from the starting directory when the shell is in `cwd`. */
export function resolveIn(cwd: Cwd, path: string): string {
  // `~/../x` climbs out of the home: normalising would drop the `~` with the `..`.
  if (path.startsWith('~') && /(^|\/)\.\.(\/|$)/.test(path)) return path;
  if (anchored(path)) return normalise(path);
  if (cwd === null) return `?/${normalise(path)}`;
  return normalise(cwd === '' ? path : `${cwd}/${path}`);
}

/**
 * The directory `cd target` enters from `cwd`: `cd` alone goes home, and a target known only at run
 * time (`cd "$X"`, `cd -`, `cd "$(git rev-parse --show-toplevel)"`) is unknowable.
 */
export function enter(cwd: Cwd, target: { readonly text: string; readonly literal: boolean } | undefined): Cwd {
  if (target === undefined) return '~';
  if (!target.literal || target.text === '-') return null;
  const resolved = resolveIn(cwd, target.text);
  if (resolved.startsWith('?/')) return null;
  return resolved === '.' ? '' : resolved;
}
