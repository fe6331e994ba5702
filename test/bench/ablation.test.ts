import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAblation } from '../../src/bench/ablation/run.js';
import type { LeakReport } from '../../src/bench/ablation/leakage.js';
import type { HistoryEntry } from '../../src/bench/history-schema.js';
import { loadValidProject } from '../../src/project/project.js';
import { dsctlAsync } from '../support/cli.js';
import { starterRepo } from '../support/git-repo.js';
import { tempDir } from '../support/temp-dir.js';

const BADGE_CLEAN = 'export function Badge() {\n  return <span className="badge inline-flex items-center rounded-full font-medium bg-warning-bg text-warning-fg px-2 py-1 text-xs">Needs review</span>;\n}\n';
const BADGE_DIRTY = 'export function Badge() {\n  return <span className="bg-[#ffcc00] px-[3px]">Needs review</span>;\n}\n';
const BUTTON_CLEAN = 'export function Button() {\n  return <button type="button" className="btn rounded-md font-medium bg-primary text-on-primary hover:bg-primary-hover h-10 px-4 gap-2 text-sm">Save</button>;\n}\n';
const BUTTON_DIRTY = 'export function Button() {\n  return <button className="bg-[#0055ff] p-[7px]">Save</button>;\n}\n';
const SNIPPET = 'bg-warning-bg text-warning-fg px-2 py-1 text-xs';

/** The starter, committed, with two components to rebuild, a test and a story that import them, a page that leaks one. */
function repo() {
  const r = starterRepo();
  const file = (rel: string, text: string) => {
    mkdirSync(join(r.app, rel, '..'), { recursive: true });
    writeFileSync(join(r.app, rel), text);
  };
  file('src/components/Badge.tsx', BADGE_CLEAN);
  file('src/components/Button.tsx', BUTTON_CLEAN);
  file('src/components/Badge.test.tsx', "import { Badge } from './Badge';\nit('renders', () => Badge());\n");
  file('src/components/Button.stories.tsx', "import { Button } from './Button';\nexport default { component: Button };\n");
  file('src/pages/Home.tsx', "import { Badge } from '../components/Badge';\nexport const Home = () => <Badge />;\n");
  file('src/AGENTS.md', '# Components\nWrite components with the design system classes.\n');
  file('docs/components.md', `# Badge\n\nThe badge uses \`${SNIPPET}\`.\n`);
  r.git('add', '-A');
  r.git('commit', '-qm', 'components');
  return r;
}

function writeSpec(app: string, edit: (spec: Record<string, unknown>) => void = () => undefined): string {
  const dir = join(app, 'design/benchmarks');
  mkdirSync(dir, { recursive: true });
  const step = (path: string, text: string | undefined, costUsd: number) => ({ write: text === undefined ? {} : { [path]: text }, answer: 'done', costUsd, turns: 3 });
  const B = 'src/components/Badge.tsx';
  const U = 'src/components/Button.tsx';
  // One step per run, in run order: arm bare (badge ×2, button ×2), then arm context.
  const script = {
    steps: [step(B, BADGE_DIRTY, 0.1), step(B, BADGE_CLEAN, 0.1), step(U, BUTTON_DIRTY, 0.2), step(U, undefined, 0.2), step(B, BADGE_CLEAN, 0.1), step(B, BADGE_CLEAN, 0.1), step(U, BUTTON_CLEAN, 0.2), step(U, BUTTON_DIRTY, 0.2)],
  };
  writeFileSync(join(dir, 'ablation-script.json'), JSON.stringify(script, null, 2));
  const spec: Record<string, unknown> = {
    kind: 'ablation',
    driver: 'scripted',
    model: 'scripted',
    script: 'ablation-script.json',
    arms: ['bare', 'context'],
    trials: 2,
    tasks: [
      { id: 'badge', component: 'Badge', target: B, prompt: 'Rebuild the Badge component.', redactions: [{ file: 'docs/components.md', text: SNIPPET }], required: ['Needs review'] },
      { id: 'button', component: 'Button', target: U, prompt: 'Rebuild the Button component.', required: ['<button'] },
    ],
  };
  edit(spec);
  writeFileSync(join(dir, 'ablation.json'), JSON.stringify(spec, null, 2));
  return join(dir, 'ablation.json');
}

describe('dsctl bench ablate (scripted driver)', () => {
  it('two arms × two tasks × 2 trials: the per-arm and per-risk table and a leak report per workspace', async () => {
    const { app } = repo();
    writeSpec(app);
    const out = join(tempDir(), 'ablation');
    const run = await dsctlAsync(['bench', 'ablate', '--spec', 'design/benchmarks/ablation.json', '--out', out, '--json'], app);
    expect(run.code, run.stderr).toBe(0);
    const { data } = JSON.parse(run.stdout) as { data: { dir: string; summary: HistoryEntry; runs: number } };
    expect(data.runs).toBe(8);
    const row = (arm: string, risk?: string) => data.summary.arms.find((a) => a.arm === arm && a.risk === risk);
    expect(row('bare')).toEqual({ arm: 'bare', runs: 4, clean: 1, cleanRate: 0.25, costUsd: 0.6, costPerClean: 0.6, tokens: 0 });
    expect(row('bare', 'display')).toMatchObject({ runs: 2, clean: 1, cleanRate: 0.5 });
    expect(row('bare', 'interactive')).toMatchObject({ runs: 2, clean: 0, costPerClean: null });
    expect(row('context')).toEqual({ arm: 'context', runs: 4, clean: 3, cleanRate: 0.75, costUsd: 0.6, costPerClean: 0.2, tokens: 0 });
    expect(row('context', 'interactive')).toMatchObject({ runs: 2, clean: 1, costPerClean: 0.4 });
    const dir = join(app, data.dir);
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report).toContain('| bare | all | 4 | 1 | 25.0% | $0.6000 | $0.6000 | 0 |');
    expect(report).toContain('scripted — not evidence');

    const runs = readFileSync(join(dir, 'runs.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { key: string; outcome: string; risk: string; model: string; cliVersion: string; turns: number; costUsd: number; durationMs: number; toolCalls: string[]; contamination: string[] });
    expect(runs.map((r) => `${r.key} ${r.risk} ${r.outcome}`)).toEqual([
      'bare/badge/0 display dirty',
      'bare/badge/1 display clean',
      'bare/button/0 interactive dirty',
      'bare/button/1 interactive missing',
      'context/badge/0 display clean',
      'context/badge/1 display clean',
      'context/button/0 interactive clean',
      'context/button/1 interactive dirty',
    ]);
    for (const r of runs) {
      expect(r).toMatchObject({ model: 'scripted', cliVersion: 'scripted', turns: 3, toolCalls: [] });
      expect(typeof r.durationMs).toBe('number');
    }
    // The page that imports Badge is a leak the report names, and the run carries the flag.
    expect(runs.filter((r) => r.key.includes('badge')).every((r) => r.contamination.includes('leak'))).toBe(true);

    const leaks = readdirSync(join(dir, 'leaks')).sort();
    expect(leaks).toHaveLength(8);
    const bare = JSON.parse(readFileSync(join(dir, 'leaks', 'bare-badge-0.json'), 'utf8')) as LeakReport;
    const removed = bare.removed.map((r) => r.path);
    expect(removed).toEqual(expect.arrayContaining(['AGENTS.md', 'src/AGENTS.md', 'design/contracts/rules.json', 'design/contracts/components/badge.contract.json', 'src/components/Badge.tsx', 'src/components/Badge.test.tsx']));
    expect(removed).not.toContain('src/components/Button.stories.tsx');
    // What of the original is still there: a page importing the target, the redacted text elsewhere.
    expect(bare.leaks).toEqual(expect.arrayContaining([{ file: 'src/pages/Home.tsx', line: 1, what: 'imports src/components/Badge.tsx' }, expect.objectContaining({ file: 'examples/clean.html', what: expect.stringContaining('redacted text') })]));
    expect(bare.leaks.some((l) => l.file === 'docs/components.md')).toBe(false);
    const context = JSON.parse(readFileSync(join(dir, 'leaks', 'context-badge-0.json'), 'utf8')) as LeakReport;
    expect(context.redacted).toEqual([{ file: 'docs/components.md', text: SNIPPET, count: 1 }]);
    expect(context.removed.map((r) => r.path)).not.toContain('design/contracts/rules.json');
    const button = JSON.parse(readFileSync(join(dir, 'leaks', 'context-button-1.json'), 'utf8')) as LeakReport;
    expect(button.removed.map((r) => r.path)).toEqual(expect.arrayContaining(['src/components/Button.tsx', 'src/components/Button.stories.tsx']));

    // Each workspace is a fresh copy: one commit, no history, the target gone before the agent ran.
    const ws = join(out, 'workspaces', 'context-badge-0');
    expect(existsSync(join(ws, '.git'))).toBe(true);
    expect(readFileSync(join(ws, 'docs/components.md'), 'utf8')).not.toContain(SNIPPET);
    expect(existsSync(join(ws, 'design/contracts/rules.json'))).toBe(true);
    expect(existsSync(join(out, 'workspaces', 'bare-badge-0', 'design/contracts/rules.json'))).toBe(false);
    expect(existsSync(join(app, 'design/benchmarks/history.json'))).toBe(false);
  }, 180_000);

  it('a rate limit stops the ablation with exit 2; --resume runs the rest, the limited run again', async () => {
    const { app } = repo();
    writeSpec(app);
    const scriptFile = join(app, 'design/benchmarks/ablation-script.json');
    const script = JSON.parse(readFileSync(scriptFile, 'utf8')) as { steps: Record<string, unknown>[] };
    const kept = script.steps[5];
    script.steps[5] = { fail: 'API Error: 429 rate limit reached', costUsd: 0 };
    writeFileSync(scriptFile, JSON.stringify(script));
    const out = join(tempDir(), 'ablation');
    const first = await dsctlAsync(['bench', 'ablate', '--spec', 'design/benchmarks/ablation.json', '--out', out, '--json'], app);
    expect(first.code, first.stderr).toBe(2);
    const { data } = JSON.parse(first.stdout) as { data: { dir: string; status: string; reason: string } };
    expect(data.status).toBe('incomplete');
    expect(data.reason).toMatch(/rate or usage limit at context\/badge\/1/);
    const dir = join(app, data.dir);
    expect(existsSync(join(dir, 'incomplete'))).toBe(true);
    expect(readFileSync(join(dir, 'runs.jsonl'), 'utf8').trim().split('\n')).toHaveLength(5);
    script.steps[5] = kept as Record<string, unknown>;
    writeFileSync(scriptFile, JSON.stringify(script));
    const resumed = await dsctlAsync(['bench', 'ablate', '--resume', data.dir, '--json'], app);
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = JSON.parse(resumed.stdout) as { data: { summary: HistoryEntry; runs: number } };
    expect(after.data.runs).toBe(8);
    expect(existsSync(join(dir, 'incomplete'))).toBe(false);
    expect(after.data.summary.arms.find((a) => a.arm === 'context' && a.risk === undefined)).toMatchObject({ runs: 4, clean: 3, costUsd: 0.6 });
  }, 180_000);

  it('a redaction that matches nothing stops the ablation before any run', async () => {
    const { app } = repo();
    writeSpec(app, (spec) => ((spec.tasks as { redactions?: unknown[] }[])[1]!.redactions = [{ file: 'docs/components.md', text: 'no such text' }]));
    const out = join(tempDir(), 'ablation');
    const run = await dsctlAsync(['bench', 'ablate', '--spec', 'design/benchmarks/ablation.json', '--out', out], app);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('leakage control(s) match nothing; no run was started');
    expect(run.stderr).toContain('task button: redaction "no such text" matches nothing in docs/components.md');
    expect(existsSync(join(out, 'workspaces'))).toBe(false);
    expect(existsSync(join(app, '.dsctl/bench'))).toBe(false);
  }, 60_000);

  it('refuses an output folder inside the repository', async () => {
    const { app } = repo();
    writeSpec(app);
    const run = await dsctlAsync(['bench', 'ablate', '--spec', 'design/benchmarks/ablation.json', '--out', 'tmp/ablation'], app);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/output folder .* is inside the repository/);
    expect(existsSync(join(app, 'tmp'))).toBe(false);
  }, 60_000);

  it('the full arm fails with a clear message when the component loop is not there', async () => {
    const { app } = repo();
    const spec = writeSpec(app, (s) => {
      s.arms = ['full'];
      s.trials = 1;
      s.tasks = [(s.tasks as unknown[])[0]];
    });
    const project = loadValidProject({ cwd: app });
    const result = await runAblation(project, { spec, out: join(tempDir(), 'ablation'), findLoop: () => Promise.reject(new Error('unknown workflow "component-add"')) });
    expect(result.runs.map((r) => r.outcome)).toEqual(['arm-failed']);
    expect(result.runs[0]?.error).toMatch(/the full arm runs the component loop \(workflow component-add.*unknown workflow "component-add"/);
    expect(result.entry.arms[0]).toMatchObject({ arm: 'full', runs: 0, clean: 0 });
    expect(readFileSync(join(result.dir, 'report.md'), 'utf8')).toContain('**Arm full failed:**');
  }, 60_000);
});
