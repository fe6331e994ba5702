// `dsctl --version` against a bare `node -e 0`: the CLI must not load the world to start.
import { fileURLToPath } from 'node:url';
import { compare, timeCommand } from './measure.mjs';

const bin = fileURLToPath(new URL('../dist/dsctl.js', import.meta.url));

export function run() {
  const [baseline, version] = compare([
    { name: 'node -e 0', run: () => timeCommand(process.execPath, ['-e', '0']) },
    { name: 'dsctl --version', run: () => timeCommand(process.execPath, [bin, '--version']) },
  ]);
  return {
    title: 'startup',
    rows: [baseline, version],
    ratios: [{ name: 'dsctl --version / node -e 0 (median)', value: version.median / baseline.median, target: 1.5 }],
  };
}
