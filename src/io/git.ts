import { execFileSync } from 'node:child_process';
import { UserError } from '../diagnostics/user-error.js';

/**
 * Runs git in `root` and returns its stdout; a failure becomes a UserError with git's own message
 * under `code` (the command that needed git decides what the error is called).
 */
export function git(root: string, args: readonly string[], code = 'git/failed'): string {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UserError(code, 'git is not installed (or not on PATH)');
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new UserError(code, `git ${args.join(' ')} failed${stderr ? `: ${stderr}` : ''}`);
  }
}

/** File text at a revision (`:` = the index), or undefined when it does not exist there. */
export function gitShow(root: string, rev: string, path: string): string | undefined {
  try {
    return execFileSync('git', ['show', `${rev}:${path}`], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 * 1024 * 1024 });
  } catch {
    return undefined;
  }
}

/**
 * Paths (relative to `root`'s work tree top, `/`-separated) that differ from HEAD: modified, added,
 * deleted, renamed (both sides) and untracked files that are not ignored. Empty in a clean tree.
 */
export function uncommittedPaths(root: string, code = 'git/failed'): string[] {
  const fields = git(root, ['status', '--porcelain=v1', '-z', '--untracked-files=all'], code).split('\0');
  const paths: string[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i] ?? '';
    if (entry.length < 4) continue;
    paths.push(entry.slice(3));
    // A rename or copy is followed by its source path as a field of its own.
    if (entry[0] === 'R' || entry[0] === 'C') paths.push(fields[++i] ?? '');
  }
  return paths.filter((p) => p !== '');
}

/** True when `dir` is inside a git work tree (and git is installed). */
export function isGitWorkTree(dir: string): boolean {
  try {
    return execFileSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() === 'true';
  } catch {
    return false;
  }
}
