// `dsctl drift` on a fresh starter against `dsctl --version`: what the drift checks cost on top of starting.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compare, timeCommand } from './measure.mjs';

const bin = fileURLToPath(new URL('../dist/dsctl.js', import.meta.url));

export function run() {
  const dir = join(mkdtempSync(join(tmpdir(), 'dsctl-bench-drift-')), 'app');
  execFileSync(process.execPath, [bin, 'init', dir], { stdio: 'ignore' });
  const [version, drift] = compare(
    [
      { name: 'dsctl --version', run: () => timeCommand(process.execPath, [bin, '--version']) },
      { name: 'dsctl drift (starter)', run: () => timeCommand(process.execPath, [bin, 'drift'], { cwd: dir }) },
    ],
    15,
  );
  return {
    title: 'drift',
    rows: [version, drift],
    ratios: [{ name: 'dsctl drift / dsctl --version (median)', value: drift.median / version.median }],
  };
}
