// The component loop's own cost (issue 17, "Speed and cost"): what dsctl's deterministic stages (sense,
// gate orchestration, risk, ledger) add to a `dsctl component add` run on the starter must stay under
// 5 s in total. Agents are the scripted driver, so agent time is (nearly) nothing; the gate is five no-op
// commands, so the project's own typecheck/build/tests are not counted; what is left is dsctl.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compare, timeCommand } from './measure.mjs';

const bin = fileURLToPath(new URL('../dist/dsctl.js', import.meta.url));
const BUDGET_MS = 5000;
const BADGE = 'export function Badge({ children }: { children: string }) {\n  return <span className="badge">{children}</span>;\n}\n';
const REVIEW = { component: 'Badge', reviewedAt: '2026-12-01T10:00:00Z', path: 'full', lint: [], codeReview: [], a11y: [], verdict: 'clean' };

export function run() {
  const dir = join(mkdtempSync(join(tmpdir(), 'dsctl-bench-component-')), 'app');
  execFileSync(process.execPath, [bin, 'init', dir], { stdio: 'ignore' });
  const policyFile = join(dir, 'design/policy.json');
  const policy = JSON.parse(readFileSync(policyFile, 'utf8'));
  // As many commands as the starter's gate, each a no-op: only dsctl's orchestration is timed.
  policy.componentGate = { commands: ['true', 'true', 'true', 'true', 'true'], maxRuns: 3 };
  writeFileSync(policyFile, `${JSON.stringify(policy, null, 2)}\n`);
  writeFileSync(join(dir, 'script.json'), JSON.stringify({ steps: [{ write: { 'src/components/Badge/index.tsx': BADGE } }, { output: REVIEW }] }));
  const git = (...args) => execFileSync('git', ['-c', 'user.name=b', '-c', 'user.email=b@b', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'starter');
  const dsctl = (...args) => () => timeCommand(process.execPath, [bin, ...args], { cwd: dir, env: { ...process.env, CI: '' } });
  const add = () => {
    const ms = dsctl('component', 'add', 'Badge', '--eval', '--agent', 'scripted', '--script', 'script.json')();
    rmSync(join(dir, '.dsctl/runs'), { recursive: true, force: true });
    return ms;
  };
  const rows = compare(
    [
      { name: 'dsctl --version', run: dsctl('--version') },
      { name: 'component sense Badge', run: dsctl('component', 'sense', 'Badge') },
      { name: 'component risk Badge', run: dsctl('component', 'risk', 'Badge') },
      { name: 'ledger', run: dsctl('ledger') },
      { name: 'component add Badge --eval', run: add },
    ],
    7,
  );
  const [version, sense, risk, ledger, loop] = rows;
  // The whole run (its two scripted agent stages in the sandbox included, so this is an upper bound) plus
  // the ledger fold a person runs after it.
  const total = loop.median + ledger.median;
  rmSync(dir, { recursive: true, force: true });
  return {
    title: 'component loop (deterministic stages, scripted agents)',
    rows: [version, sense, risk, ledger, loop, { name: 'per run: add + ledger', text: `${(total / 1000).toFixed(2)} s of the ${BUDGET_MS / 1000} s budget` }],
    ratios: [
      { name: '(component add + ledger) / 5 s budget (median)', value: total / BUDGET_MS, target: 1 },
      { name: 'component sense / dsctl --version (median)', value: sense.median / version.median },
      { name: 'component risk / dsctl --version (median)', value: risk.median / version.median },
    ],
  };
}
