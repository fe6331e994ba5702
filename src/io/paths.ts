import { isAbsolute, relative, sep } from 'node:path';

/**
 * `path` relative to `dir`, with `/` separators (`''` for `dir` itself), or undefined when it lies
 * outside. The one containment check of dsctl: `..a` and `...` are names inside, not a way out.
 */
export function relativeInside(dir: string, path: string): string | undefined {
  const rel = relative(dir, path);
  if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** True when `path` is `dir` or lies under it (lexically: resolve symlinks first when that matters). */
export function isInside(dir: string, path: string): boolean {
  return relativeInside(dir, path) !== undefined;
}
