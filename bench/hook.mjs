// `dsctl hook claude pre-tool-use` against `node -e 0`: the hook runs on every tool call of every agent session.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compare, timeCommand } from './measure.mjs';

const bin = fileURLToPath(new URL('../dist/dsctl.js', import.meta.url));

export function run() {
  const dir = join(mkdtempSync(join(tmpdir(), 'dsctl-bench-hook-')), 'app');
  execFileSync(process.execPath, [bin, 'init', dir], { stdio: 'ignore' });
  // As installed: through the project's launcher, with dsctl in its node_modules.
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(fileURLToPath(new URL('..', import.meta.url)), join(dir, 'node_modules', 'dsctl'));
  const launcher = join(dir, '.dsctl', 'bin', 'dsctl');
  const payload = (tool_name, tool_input) => JSON.stringify({ session_id: 'bench', cwd: dir, hook_event_name: 'PreToolUse', tool_name, tool_input });
  const hook = (input, expected, via = [process.execPath, bin]) => () => {
    const start = process.hrtime.bigint();
    const result = spawnSync(via[0], [...via.slice(1), 'hook', 'claude', 'pre-tool-use'], { input, cwd: dir });
    if (result.status !== expected) throw new Error(`hook exited ${result.status}: ${result.stderr}`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  // Many short processes on a busy machine: more rounds than the other suites, for steadier medians.
  const [baseline, write, viaLauncher, plainBash, andList, shellSyntax] = compare(
    [
      { name: 'node -e 0', run: () => timeCommand(process.execPath, ['-e', '0']) },
      { name: 'hook: Write (allowed)', run: hook(payload('Write', { file_path: 'examples/x.html', content: '<p>x</p>' }), 0) },
      { name: 'hook: Write via launcher', run: hook(payload('Write', { file_path: 'examples/x.html', content: '<p>x</p>' }), 0, [launcher]) },
      { name: 'hook: Bash rm (denied)', run: hook(payload('Bash', { command: 'rm -rf design/contracts' }), 2) },
      // Operators and quotes, without expansions: read without the parser (src/governance/shell/plain.ts).
      { name: 'hook: Bash cd && sed -i', run: hook(payload('Bash', { command: "cd design && sed -i 's/a/b/' contracts/tokens.json" }), 2) },
      // A command substitution: only the real shell parser can read it.
      { name: 'hook: Bash $(…) (parser)', run: hook(payload('Bash', { command: 'cd design && sed -i "s/v1/$(date +%s)/" contracts/tokens.json' }), 2) },
    ],
    80,
  );
  return {
    title: 'hook start-up',
    rows: [baseline, write, viaLauncher, plainBash, andList, shellSyntax],
    ratios: [
      { name: 'pre-tool-use Write / node -e 0 (median)', value: write.median / baseline.median, target: 1.5 },
      { name: 'pre-tool-use Write through .dsctl/bin/dsctl / node -e 0 (median)', value: viaLauncher.median / baseline.median, target: 1.5 },
      { name: 'pre-tool-use plain Bash / node -e 0 (median)', value: plainBash.median / baseline.median, target: 1.5 },
      { name: 'pre-tool-use Bash with && and quotes / node -e 0 (median)', value: andList.median / baseline.median, target: 1.5 },
      { name: 'pre-tool-use Bash needing the shell parser / node -e 0', value: shellSyntax.median / baseline.median },
    ],
  };
}
