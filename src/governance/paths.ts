import { existsSync, realpathSync } from 'node:fs';
import { dirname, basename, join, resolve } from 'node:path';
import { relativeInside } from '../io/paths.js';

/**
 * The spellings of one path that a gate must consider: the path as written (lexical, repo-relative)
 * and, when it goes through a symlink, where it really lands. `./a`, `a//b`, `a/../b`, backslashes and
 * Unicode forms are normalised; a path outside the repository has no repo-relative spelling.
 */
export function repoRelativeSpellings(root: string, input: string, cwd: string = root): string[] {
  const cleaned = input.normalize('NFC').replace(/\\/g, '/');
  const absolute = resolve(cwd, cleaned);
  const spellings = new Set<string>();
  const lexical = inside(root, absolute);
  if (lexical !== undefined) spellings.add(lexical);
  const real = realPath(absolute);
  const realRoot = realPath(root);
  const physical = inside(realRoot, real);
  if (physical !== undefined) spellings.add(physical);
  return [...spellings];
}

function inside(root: string, absolute: string): string | undefined {
  const rel = relativeInside(root, absolute);
  return rel === '' ? '.' : rel;
}

/** realpath of the longest existing prefix, plus the rest: a file about to be created has no realpath yet. */
function realPath(absolute: string): string {
  let head = absolute;
  const tail: string[] = [];
  while (!existsSync(head)) {
    const parent = dirname(head);
    if (parent === head) return absolute;
    tail.unshift(basename(head));
    head = parent;
  }
  try {
    return join(realpathSync(head), ...tail);
  } catch {
    return absolute;
  }
}
