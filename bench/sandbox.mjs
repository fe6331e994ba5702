// `dsctl sandbox -- true` against `node -e 0`: every agent session and every agent stage of a run starts through it.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compare, timeCommand } from './measure.mjs';

const bin = fileURLToPath(new URL('../dist/dsctl.js', import.meta.url));

export function run() {
  const dir = join(mkdtempSync(join(tmpdir(), 'dsctl-bench-sandbox-')), 'app');
  execFileSync(process.execPath, [bin, 'init', dir], { stdio: 'ignore' });
  execFileSync('git', ['init', '-q'], { cwd: dir });
  const probe = spawnSync(process.execPath, [bin, 'sandbox', '--', 'true'], { cwd: dir, encoding: 'utf8' });
  if (probe.status !== 0) {
    return { title: 'sandbox start-up', rows: [], ratios: [], note: `skipped: dsctl sandbox cannot run here (${probe.stderr.trim().split('\n')[0]})` };
  }
  const [baseline, bare, sandbox] = compare(
    [
      { name: 'node -e 0', run: () => timeCommand(process.execPath, ['-e', '0']) },
      { name: 'bwrap (bare) -- true', run: () => timeCommand('bwrap', ['--bind', '/', '/', '--unshare-pid', '--die-with-parent', '--', 'true']) },
      { name: 'dsctl sandbox -- true', run: () => timeCommand(process.execPath, [bin, 'sandbox', '--', 'true'], { cwd: dir }) },
    ],
    60,
  );
  return {
    title: 'sandbox start-up',
    rows: [baseline, bare, sandbox],
    ratios: [{ name: 'dsctl sandbox -- true / node -e 0 (median)', value: sandbox.median / baseline.median, target: 3 }],
  };
}
