import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { join } from 'node:path';
import { isGitWorkTree } from '../../io/git.js';
import { LAUNCHER_NODE_PATH, LAUNCHER_PATH } from '../../project/launcher.js';
import { reporter, type DoctorCheck, type DoctorFinding } from '../check.js';

/** Bound for `launcher --version` (one Node start, usually well under a second). */
const RUN_TIMEOUT_MS = 15_000;

export const check: DoctorCheck = {
  id: 'launcher',
  meta: {
    docs: { description: `the launcher every integration calls (${LAUNCHER_PATH}) is there, executable, finds dsctl, and is committed (not git-ignored)` },
    messages: {
      missing: { message: `${'{path}'} does not exist: every hook, MCP config and the git hook call it`, fix: 'run `dsctl hooks install` (it writes the launcher), then commit it' },
      'not-executable': { message: '{path} is not executable', fix: 'run `chmod +x {path}` (or `dsctl hooks install`), then commit it' },
      'no-dsctl': { message: '{path} finds no dsctl to run: {reason}', fix: 'install dsctl in the project (`npm install`), or set `launcher.dsctl` in dsctl.config.json to its bin' },
      ignored: { message: '{path} is git-ignored: a fresh clone will not have it, and every integration fails there', fix: 'in .gitignore ignore `.dsctl/*` instead of `.dsctl/`, add `!.dsctl/bin/`, then commit the launcher' },
    },
  },
  run(ctx) {
    const report = reporter(check);
    const findings: DoctorFinding[] = [];
    for (const path of [LAUNCHER_PATH, LAUNCHER_NODE_PATH]) {
      const abs = join(ctx.root, path);
      let file = false;
      try {
        file = statSync(abs).isFile();
      } catch {
        // missing
      }
      if (!file) {
        findings.push(report('missing', { path }, { file: path }));
        continue;
      }
      if (path === LAUNCHER_PATH) {
        try {
          accessSync(abs, constants.X_OK);
        } catch {
          findings.push(report('not-executable', { path }, { file: path }));
        }
      }
    }
    if (findings.length === 0 && ctx.processes) {
      // What every integration will get: the launcher resolving dsctl, as an agent's hook would run it.
      const run = spawnSync(join(ctx.root, LAUNCHER_PATH), ['--version'], { cwd: ctx.root, env: ctx.env as NodeJS.ProcessEnv, encoding: 'utf8', timeout: RUN_TIMEOUT_MS, stdio: ['ignore', 'pipe', 'pipe'] });
      if (run.status !== 0) {
        const reason = run.error ? run.error.message : (run.stderr ?? '').trim().split('\n').pop() || `exit ${run.status ?? run.signal}`;
        findings.push(report('no-dsctl', { path: LAUNCHER_PATH, reason }, { file: LAUNCHER_PATH }));
      }
    }
    if (findings.length === 0 && isGitWorkTree(ctx.root)) {
      // Exit 0: one of them is ignored; 1: neither is. Anything else (a git error) says nothing.
      const ignored = spawnSync('git', ['check-ignore', '--no-index', LAUNCHER_PATH, LAUNCHER_NODE_PATH], { cwd: ctx.root, stdio: 'ignore' });
      if (ignored.status === 0) findings.push(report('ignored', { path: LAUNCHER_PATH }, { file: '.gitignore' }));
    }
    return findings;
  },
};
