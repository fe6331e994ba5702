import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { globSync } from 'tinyglobby';
import { git, isGitWorkTree, uncommittedPaths } from '../io/git.js';

/*
 * Which files an agent stage changed anywhere in the project, protected or not (the workspace guard
 * covers only hard-gated files). In a git work tree the candidates are the uncommitted paths; folders
 * git does not see (an ignored output folder) are walked as well; outside git, the whole project is
 * walked. A snapshot is plain JSON, so it survives `dsctl run resume` as a durable step's value.
 */

/** Project-relative `/` path → sha256 of its bytes, or `deleted`. */
export type WorkspaceSnapshot = Readonly<Record<string, string>>;

const RUNTIME = /^\.dsctl(\/|$)/;
const WALK_IGNORE = ['**/node_modules/**', '.git/**', '.dsctl/**'];

/** Hashes every candidate file: uncommitted ones (or all, outside git) and everything under `walk` (project-relative folders). */
export function snapshotWorkspace(root: string, walk: readonly string[] = []): WorkspaceSnapshot {
  const paths = new Set<string>();
  if (isGitWorkTree(root)) {
    const top = git(root, ['rev-parse', '--show-toplevel'], 'run/git').trim();
    for (const p of uncommittedPaths(root, 'run/git')) paths.add(relative(root, join(top, p)).split(sep).join('/'));
  } else {
    for (const p of globSync('**', { cwd: root, dot: true, onlyFiles: true, followSymbolicLinks: false, ignore: WALK_IGNORE })) paths.add(p);
  }
  for (const folder of walk) {
    const abs = join(root, folder);
    if (!existsSync(abs)) continue;
    for (const p of globSync('**', { cwd: abs, dot: true, onlyFiles: true, followSymbolicLinks: false, ignore: ['**/node_modules/**'] })) {
      paths.add(`${folder.replace(/\/+$/, '')}/${p}`);
    }
  }
  const snapshot: Record<string, string> = {};
  for (const path of [...paths].sort()) {
    if (RUNTIME.test(path)) continue;
    snapshot[path] = hashOf(join(root, path));
  }
  return snapshot;
}

/** Paths whose state differs between two snapshots (created, modified, deleted or restored), sorted. */
export function changedBetween(before: WorkspaceSnapshot, after: WorkspaceSnapshot): string[] {
  const paths = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...paths].filter((p) => before[p] !== after[p]).sort();
}

function hashOf(abs: string): string {
  try {
    const stat = lstatSync(abs);
    if (!stat.isFile()) return stat.isSymbolicLink() ? 'symlink' : 'not-a-file';
    return createHash('sha256').update(readFileSync(abs)).digest('hex');
  } catch {
    return 'deleted';
  }
}
