import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { dsctl } from '../support/cli.js';
import { tempDir } from '../support/temp-dir.js';

const PACKAGE = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A healthy starter in `dir`, as a team has it after `npm install`: `dsctl init`, `git init` (and a
 * first commit), dsctl in node_modules (a link to this checkout's build) and
 * `dsctl hooks install --claude --cursor --codex --git`. Needs the build.
 */
export function makeHealthyStarter(dir: string): string {
  const init = dsctl(['init', dir], dir);
  if (init.code !== 0) throw new Error(`dsctl init failed: ${init.stderr}`);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'starter');
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(PACKAGE, join(dir, 'node_modules', 'dsctl'), 'dir');
  symlinkSync('../dsctl/dist/dsctl.js', join(dir, 'node_modules', '.bin', 'dsctl'));
  const install = dsctl(['hooks', 'install', '--claude', '--cursor', '--codex', '--git'], dir);
  if (install.code !== 0) throw new Error(`dsctl hooks install failed: ${install.stderr}`);
  return dir;
}

/** One healthy starter for a test file (made on first use), and a fresh copy of it for each call. */
export function sharedHealthyStarter(): () => string {
  const base = mkdtempSync(join(tmpdir(), 'dsctl-doctor-base-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  let made = false;
  return () => {
    if (!made) {
      makeHealthyStarter(base);
      made = true;
    }
    const copy = tempDir('dsctl-doctor-');
    cpSync(base, copy, { recursive: true, verbatimSymlinks: true });
    return copy;
  };
}
