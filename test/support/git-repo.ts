import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { dsctl } from './cli.js';
import { tempDir } from './temp-dir.js';

export interface StarterRepo {
  /** The project root, a git work tree with the starter committed. */
  readonly app: string;
  /** Runs git in the repo (with an identity, so commits work on any machine) and returns stdout. */
  readonly git: (...args: string[]) => string;
}

/** A fresh `dsctl init` starter in a temp folder, committed to a new git repository. Needs the build. */
export function starterRepo(prefix = 'dsctl-repo-'): StarterRepo {
  return initRepo(tempDir(prefix));
}

/** The same, shared by every test of a file (made in beforeAll, removed after the file). */
export function sharedStarterRepo(prefix = 'dsctl-repo-'): StarterRepo {
  const app = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(app, { recursive: true, force: true }));
  return initRepo(app);
}

/** Runs git in `dir` with an identity (commits work on any machine) and returns stdout. */
export function gitIn(dir: string): (...args: string[]) => string {
  return (...args) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

function initRepo(app: string): StarterRepo {
  // The built CLI, as a user would: the starter, its generated views and its baseline.
  const init = dsctl(['init', app], app);
  if (init.code !== 0) throw new Error(`dsctl init failed: ${init.stderr}`);
  const git = gitIn(app);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'starter');
  return { app, git };
}
