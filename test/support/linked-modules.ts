import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const MODULES = join(REPO, 'node_modules');

/**
 * Gives a temp project dsctl's own node_modules instead of an install: each package a symlink into
 * dsctl's, `dsctl` itself linked to this checkout (its built bin in `.bin`), as `npm link` would.
 * The starter pins the same versions dsctl's devDependencies do, so this is what an install gives.
 */
export function linkDsctlModules(project: string): void {
  const target = join(project, 'node_modules');
  const bin = join(target, '.bin');
  mkdirSync(bin, { recursive: true });
  for (const entry of readdirSync(MODULES)) {
    if (entry === '.bin' || entry.startsWith('.')) continue;
    symlinkSync(join(MODULES, entry), join(target, entry));
  }
  for (const entry of readdirSync(join(MODULES, '.bin'))) symlinkSync(join(MODULES, '.bin', entry), join(bin, entry));
  symlinkSync(REPO, join(target, 'dsctl'));
  symlinkSync(join(REPO, 'dist', 'dsctl.js'), join(bin, 'dsctl'));
}

export interface NpmRun {
  readonly code: number | null;
  /** stdout and stderr together, colour off. */
  readonly output: string;
}

/** `npm run <script>` in `cwd`, as CI runs it (no colour, no TTY). */
export function npmRun(script: string, cwd: string, timeoutMs = 180_000): NpmRun {
  const result = spawnSync('npm', ['run', '--silent', script], {
    cwd,
    encoding: 'utf8',
    // The project's own vitest must not think it is a worker of the vitest running this test.
    env: { ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST'))), NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' },
    timeout: timeoutMs,
  });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}
