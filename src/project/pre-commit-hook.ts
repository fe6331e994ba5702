import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';

/**
 * The pre-commit script of a repository, found the way git runs hooks: from core.hooksPath, or else
 * the repository's own hooks folder. A team on husky keeps its hooks in `.husky/`: husky 9 points
 * core.hooksPath at `.husky/_`, whose stubs run `.husky/<hook>`; older husky points it at `.husky`
 * itself. A `.husky/` folder while git still runs its own hooks folder is husky not yet set up in
 * this clone (its `prepare` script does that on `npm install`): the team's script is still husky's.
 * `dsctl hooks install --git` writes here and doctor's git-hook check reads here.
 */
export interface PreCommitHook {
  /** The script (absolute). */
  readonly file: string;
  /** Where git runs hooks from here (absolute). */
  readonly hooksDir: string;
  /** `git`: git runs the script itself (it must be executable); `husky`: husky 9's stubs run it with sh; `husky-inactive`: git does not run it yet. */
  readonly via: 'git' | 'husky' | 'husky-inactive';
}

/** Undefined outside a git repository (or without git). */
export function preCommitHook(root: string): PreCommitHook | undefined {
  let lines: string[];
  try {
    lines = execFileSync('git', ['rev-parse', '--git-path', 'hooks', '--git-common-dir'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim().split('\n');
  } catch {
    return undefined;
  }
  const abs = (path: string) => (isAbsolute(path) ? path : resolve(root, path));
  const hooksDir = abs(lines[0] ?? '');
  if (basename(hooksDir) === '_' && basename(dirname(hooksDir)) === '.husky') return { file: join(dirname(hooksDir), 'pre-commit'), hooksDir, via: 'husky' };
  const ownHooks = hooksDir === join(abs(lines[1] ?? ''), 'hooks');
  if (ownHooks && existsSync(join(root, '.husky'))) return { file: join(root, '.husky', 'pre-commit'), hooksDir, via: 'husky-inactive' };
  return { file: join(hooksDir, 'pre-commit'), hooksDir, via: 'git' };
}
