/**
 * What the shell analysis reads from the file system: scripts a command runs (so their code is
 * checked like the command line's), package.json scripts, and the folder a `cd` glob names. Each read
 * is bounded; anything that cannot be read is a reason, which the caller turns into "undecidable".
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { globSync } from 'tinyglobby';
import type { Cwd } from './cwd.js';

/** Scripts longer than this are not read: their code is not checked, so running them is undecidable. */
const MAX_SCRIPT = 512 * 1024;

export type ReadResult = { readonly text: string; readonly reason?: undefined; readonly missing?: undefined } | { readonly reason: string; readonly text?: undefined; readonly missing?: true };

/** The absolute path of `path` (as the analysis resolved it from the start) when the start is known. */
export function absolutePath(start: string | undefined, path: string): string | undefined {
  if (path.startsWith('?/') || path === '*') return undefined;
  if (path === '~' || path.startsWith('~/')) return join(homedir(), path.slice(1));
  if (path.startsWith('~')) return undefined;
  if (path.startsWith('/')) return path;
  return start === undefined ? undefined : resolve(start, path);
}

/** A script's text: at most MAX_SCRIPT bytes of a regular file. */
export function readScript(start: string | undefined, path: string): ReadResult {
  const abs = absolutePath(start, path);
  if (abs === undefined) return { reason: `${path} is not in a known directory` };
  let fd: number | undefined;
  try {
    const stat = statSync(abs, { throwIfNoEntry: false });
    if (!stat) return { reason: `${path} does not exist`, missing: true };
    if (!stat.isFile()) return { reason: `${path} is not a file` };
    if (stat.size > MAX_SCRIPT) return { reason: `${path} is too large to check` };
    fd = openSync(abs, 'r');
    const buffer = Buffer.alloc(stat.size);
    const read = readSync(fd, buffer, 0, stat.size, 0);
    const text = buffer.subarray(0, read).toString('utf8');
    // Compiled programs cannot be read for what they write.
    if (text.includes('\0')) return { reason: `${path} is a compiled program` };
    return { text };
  } catch {
    return { reason: `${path} cannot be read` };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The one folder a glob names from `cwd` now (`cd design/contr*`), or an unknowable directory. */
export function expandDirectory(start: string | undefined, cwd: Cwd, glob: string): { text: string; literal: boolean } {
  const unknown = { text: glob, literal: false };
  if (cwd === null) return unknown;
  const from = absolutePath(start, cwd === '' ? '.' : cwd);
  if (from === undefined) return unknown;
  try {
    const found = globSync(glob, { cwd: from, onlyDirectories: true, dot: false, expandDirectories: false, deep: 8 });
    return found.length === 1 ? { text: (found[0] as string).replace(/\/$/, '') || '.', literal: true } : unknown;
  } catch {
    return unknown;
  }
}
