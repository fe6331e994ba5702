import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import picomatch from 'picomatch';
import { UserError } from '../../diagnostics/user-error.js';
import { git, isGitWorkTree } from '../../io/git.js';
import { isInside } from '../../io/paths.js';

/*
 * A fresh workspace copy: `git archive HEAD` of the project (committed files only, no history), the
 * arm's and the task's transformations, then `git init` and one commit, so the agent finds a clean tree
 * and nothing to mine from history.
 */

/** Workspaces are refused inside the repository: an agent there could read the original, and its output would mix with it. */
export function checkOutputFolder(root: string, out: string): void {
  const top = isGitWorkTree(root) ? git(root, ['rev-parse', '--show-toplevel']).trim() : root;
  const real = (p: string) => {
    let existing = resolve(p);
    while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing);
    return join(realpathSync(existing), relative(existing, resolve(p)));
  };
  if (isInside(real(top), real(out))) throw new UserError('bench/out-inside-repo', `the ablation's output folder ${out} is inside the repository ${top}: give --out a folder outside it (an agent in a workspace there could read the original)`);
}

export function archiveInto(root: string, dest: string): void {
  if (!isGitWorkTree(root)) throw new UserError('bench/not-git', `the ablation copies the project with git archive: ${root} is not a git work tree`);
  mkdirSync(dest, { recursive: true });
  const tar = execFileSync('git', ['archive', '--format=tar', 'HEAD'], { cwd: root, maxBuffer: 512 * 1024 * 1024 });
  const extract = spawnSync('tar', ['-x', '-C', dest], { input: tar });
  if (extract.status !== 0) throw new Error(`tar -x failed: ${extract.stderr?.toString() ?? ''}`);
}

/** Every file of a workspace, `/`-separated, without .git. */
export function workspaceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (path === '.git') continue;
      if (entry.isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk('');
  return out.sort();
}

/** Removes the files matching `globs`; returns them. */
export function removeMatching(dir: string, globs: readonly string[]): string[] {
  if (globs.length === 0) return [];
  const match = picomatch([...globs], { dot: true });
  const removed = workspaceFiles(dir).filter((f) => match(f));
  for (const f of removed) rmSync(join(dir, f), { force: true });
  return removed;
}

/** `git init` and one commit of what is there: a clean tree, no history. */
export function initWorkspace(dir: string): void {
  const run = (...args: string[]) => execFileSync('git', ['-c', 'user.name=dsctl bench', '-c', 'user.email=bench@dsctl.invalid', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  run('init', '-q');
  run('add', '-A');
  run('commit', '-qm', 'workspace', '--allow-empty');
}
