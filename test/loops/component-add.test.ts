import { existsSync, mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createScriptedDriver } from '../../src/agents/scripted.js';
import { ScriptSchema } from '../../src/agents/scripted-script.js';
import type { AgentDriver, AgentTask } from '../../src/agents/driver.js';
import { ComponentRunSchema, type ComponentRun } from '../../src/components/run-record.js';
import { z } from 'zod';
import { resolveEscalation } from '../../src/governance/escalations.js';
import { tailLog } from '../../src/governance/audit-log.js';
import { findWorkflow, WORKFLOWS } from '../../src/loops/registry.js';
import { resumeRun, startRun } from '../../src/loops/runner.js';
import { componentAdd } from '../../src/loops/workflows/component-add/index.js';
import { RunPaused } from '../../src/loops/workflows/component-add/paused.js';
import { parseAnswerNote } from '../../src/loops/workflows/component-add/checkpoint.js';
import { parseComponentAddParams, reviewPath } from '../../src/loops/workflows/component-add/params.js';
import { loadProject } from '../../src/project/project.js';
import { gitIn } from '../support/git-repo.js';
import { editJson, starterProject } from '../support/project.js';

const OWN_MODULES = fileURLToPath(new URL('../../node_modules/', import.meta.url));

/** A starter in a fresh git repository with a gate of plain commands (the starter's library may not build here), committed. */
function repo(gate: unknown, options: { react?: boolean } = {}): { dir: string; git: (...a: string[]) => string } {
  const dir = starterProject();
  // dsctl's own React, linked as an install would put it: the visual review can bundle the component.
  if (options.react) {
    mkdirSync(join(dir, 'node_modules'), { recursive: true });
    for (const name of ['react', 'react-dom', 'scheduler']) if (existsSync(join(OWN_MODULES, name))) symlinkSync(join(OWN_MODULES, name), join(dir, 'node_modules', name));
  }
  editJson(dir, 'design/policy.json', (p) => {
    p.componentGate = gate;
  });
  const git = gitIn(dir);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'starter');
  return { dir, git };
}

type Step = { write?: Record<string, string>; output?: unknown; fail?: string; costUsd?: number; answer?: string };

/** The scripted driver, recording every task it was given. */
function scripted(steps: Step[]): { driver: AgentDriver; tasks: AgentTask[] } {
  const tasks: AgentTask[] = [];
  const inner = createScriptedDriver(ScriptSchema.parse({ steps }));
  return { tasks, driver: { id: 'scripted', run: (task) => (tasks.push(task), inner.run(task)) } };
}

const run = (dir: string, driver: AgentDriver, raw: Record<string, string>) =>
  startRun(loadProject({ cwd: dir }), componentAdd, { cwd: dir, ...raw }, { driver, agent: { driver: 'scripted' } });
const resume = (dir: string, driver: AgentDriver, runId: string) => resumeRun(loadProject({ cwd: dir }), WORKFLOWS, runId, { driver, agent: { driver: 'scripted' } });

async function paused(promise: Promise<unknown>): Promise<RunPaused> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RunPaused);
  return error as RunPaused;
}

const answer = (dir: string, id: string, note: string) => resolveEscalation({ root: dir, runLog: join(dir, '.dsctl/runs.jsonl') }, { id, note, actor: { name: 'Pat Person', email: 'pat@example.com' } });
/** Every run `<Name>.run.json` holds, oldest first. */
const readRuns = (dir: string, name: string) => z.array(ComponentRunSchema).parse(JSON.parse(readFileSync(join(dir, `.dsctl/handoff/${name}.run.json`), 'utf8')));
const readRun = (dir: string, name: string) => readRuns(dir, name).at(-1) as ComponentRun;

const BADGE = "export function Badge({ children }: { children: string }) {\n  return <span className=\"badge inline-flex rounded-full bg-bg-subtle text-fg-muted px-2 py-1 text-xs\">{children}</span>;\n}\n";
const BADGE_BAD = 'export const Badg = 1;\n';
const TABS = 'export function Tabs() {\n  return <div role="tablist" />;\n}\n';
const TABS_TEST = "it('moves with ArrowRight', () => {});\n";
const GATE = (file: string, name: string) => [`test -f ${file}`, `grep -q 'export function ${name}' ${file}`];

const review = (component: string, path: 'full' | 'standard', findings: { severity: 'high' | 'medium' | 'low'; issue: string }[] = [], a11y: { severity: 'high' | 'medium' | 'low'; issue: string; interaction?: string }[] = []) => ({
  component,
  reviewedAt: '2026-12-01T10:00:00Z',
  path,
  lint: [],
  codeReview: findings.map((f) => ({ ...f, file: `src/components/${component}/index.tsx`, fix: 'do it right' })),
  a11y: a11y.map((f) => ({ ...f, fix: 'assert it' })),
  verdict: findings.length + a11y.length ? 'changes-required' : 'clean',
});

describe('W6 component-add with the scripted driver', () => {
  it('Badge (display) takes the standard path with one agent, pauses for the visual review, and commits on component/badge after "approved"', async () => {
    const { dir, git } = repo(GATE('src/components/Badge/index.tsx', 'Badge'), { react: true });
    const { driver, tasks } = scripted([{ write: { 'src/components/Badge/index.tsx': BADGE }, costUsd: 0.25 }, { output: review('Badge', 'standard'), costUsd: 0.05 }]);
    const pause = await paused(run(dir, driver, { name: 'badge' }));
    expect(pause.escalation?.json).toBe(`.dsctl/escalations/${pause.runId}.visual-review-1.json`);
    const escalation = JSON.parse(readFileSync(join(dir, pause.escalation?.json ?? ''), 'utf8')) as { workflow: string; run_id: string; human_question: string };
    expect(escalation).toMatchObject({ workflow: 'component-add', run_id: pause.runId });
    // Every variant and size of the contract (the generic cases), light and dark, in the escalation and its Markdown.
    const shots = (escalation as unknown as { evidence: string[] }).evidence.filter((e) => e.startsWith('screenshot '));
    expect(shots).toHaveLength(12);
    expect(shots[1]).toMatch(/^screenshot tone=success \(light\): \.dsctl\/runs\/.+\/visual-1\/tone-success-light\.png$/);
    const markdown = readFileSync(join(dir, pause.escalation?.markdown ?? ''), 'utf8');
    expect(markdown).toContain('#### Screenshots');
    expect(markdown).toContain(`![tone=success, dark](../../.dsctl/runs/${pause.runId}/visual-1/tone-success-dark.png)`);
    expect(existsSync(join(dir, `.dsctl/runs/${pause.runId}/visual-1/tone-success-dark.png`))).toBe(true);
    // Nothing is in the run log while the run waits.
    expect(tailLog(join(dir, '.dsctl/runs.jsonl')).records.filter((r) => r.workflow === 'component-add')).toEqual([]);

    // One agent: every stage is the author's, the self-review in the same (resumed) session.
    expect(tasks.map((t) => t.role)).toEqual(['author', 'author']);
    expect(tasks[1]?.resumeSession).toBe('scripted-0');
    // The author reviews its own diff.
    expect(tasks[1]?.prompt).toContain('```diff');
    expect(tasks[1]?.prompt).toContain('+export function Badge({ children }: { children: string }) {');
    expect(tasks[0]?.prompt).toContain('.dsctl/handoff/Badge.snapshot.json');
    const snapshot = JSON.parse(readFileSync(join(dir, '.dsctl/handoff/Badge.snapshot.json'), 'utf8')) as { risk: { risk: string } };
    expect(snapshot.risk.risk).toBe('display');

    // Resuming before a person answered pauses again.
    await paused(resume(dir, driver, pause.runId));
    await answer(dir, `${pause.runId}.visual-review-1`, 'approved');
    const report = await resume(dir, driver, pause.runId);
    expect(report.status).toBe('passed');
    expect(report.result).toMatchObject({ component: 'Badge', risk: 'display', path: 'standard', agents: ['author'], gateRuns: 1, outcome: 'clean' });
    expect(tasks).toHaveLength(2);

    const ran = readRun(dir, 'Badge');
    expect(ran).toMatchObject({ component: 'Badge', path: 'standard', risk: 'display', outcome: 'clean', agents: 1, gate: { passes: 1, failures: 0, reasons: [] }, reviewerFindings: [], visualReview: 'approved', apiProposal: 'contract', costUsd: 0.3, runId: pause.runId });
    expect(JSON.parse(readFileSync(join(dir, '.dsctl/handoff/Badge.review.json'), 'utf8'))).toMatchObject({ component: 'Badge', path: 'standard', verdict: 'clean' });

    // The PR: a branch, a commit of the component only; no gh here, so a patch and the PR body.
    expect(git('rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('component/badge');
    expect(git('show', '--name-only', '--format=%s', 'HEAD').trim().split('\n')).toEqual(['Add the Badge component', '', 'src/components/Badge/index.tsx']);
    expect(readFileSync(join(dir, '.dsctl/handoff/Badge.patch'), 'utf8')).toContain('+export function Badge');
    const body = readFileSync(join(dir, '.dsctl/handoff/Badge.pr.md'), 'utf8');
    expect(body).toContain('src/components/Badge/index.tsx');
    expect(body).toContain(`![size=md, light](../../.dsctl/runs/${pause.runId}/visual-1/size-md-light.png)`);
    const [record] = tailLog(join(dir, '.dsctl/runs.jsonl')).records.filter((r) => r.workflow === 'component-add');
    expect(record).toMatchObject({ status: 'passed', level: 'model-loop', agent: { driver: 'scripted', cost_usd: 0.3 } });
    expect(record?.commands).toEqual(['dsctl component sense Badge', ...GATE('src/components/Badge/index.tsx', 'Badge')]);
  });

  it('Tabs (interactive) takes the full path: a fresh read-only reviewer with the schema, its JSON written by the runner, high findings applied, the gate run again; --eval never commits', async () => {
    const { dir, git } = repo({ commands: GATE('src/components/Tabs/index.tsx', 'Tabs'), maxRuns: 3 });
    const head = git('rev-parse', 'HEAD').trim();
    const findings = review('Tabs', 'full', [{ severity: 'high', issue: 'Home is not handled' }, { severity: 'low', issue: 'a comment is stale' }], [{ severity: 'medium', issue: 'End is not asserted', interaction: 'End' }]);
    const { driver, tasks } = scripted([
      { write: { 'src/components/Tabs/index.tsx': TABS, 'src/components/Tabs/Tabs.a11y.test.tsx': TABS_TEST } },
      { output: findings },
      { write: { 'src/components/Tabs/index.tsx': `${TABS}// Home and End\n` } },
    ]);
    const report = await run(dir, driver, { name: 'Tabs', eval: 'true' });
    expect(report.status).toBe('passed');
    expect(tasks.map((t) => [t.role, t.readOnly])).toEqual([
      ['author', false],
      ['reviewer', true],
      ['author', false],
    ]);
    const reviewer = tasks[1] as AgentTask;
    expect(reviewer.resumeSession).toBeUndefined();
    expect(reviewer.outputSchema).toMatchObject({ type: 'object', required: expect.arrayContaining(['component', 'reviewedAt', 'path', 'lint', 'codeReview', 'a11y', 'verdict']) });
    expect(reviewer.sandbox?.plan).toBeDefined();
    expect(reviewer.prompt).toContain('keyboard: ArrowRight');
    expect(reviewer.prompt).toContain('state: selected');
    expect(reviewer.allowedTools).toEqual(['Read', 'Grep', 'Glob']);
    // The author's apply stage got the high and medium findings, not the low one, in its own session.
    expect(tasks[2]?.prompt).toContain('Home is not handled');
    expect(tasks[2]?.prompt).toContain('End is not asserted');
    expect(tasks[2]?.prompt).not.toContain('a comment is stale');
    expect(tasks[2]?.resumeSession).toBe('scripted-0');

    const written = JSON.parse(readFileSync(join(dir, '.dsctl/handoff/Tabs.review.json'), 'utf8')) as Record<string, unknown>;
    expect(written).toMatchObject({ component: 'Tabs', path: 'full', verdict: 'changes-required', codeReview: findings.codeReview, a11y: findings.a11y });
    const ran = readRun(dir, 'Tabs');
    expect(ran).toMatchObject({ path: 'full', risk: 'interactive', outcome: 'clean', agents: 2, visualReview: 'skipped-eval', gate: { passes: 2, failures: 0 } });
    expect(ran.reviewerFindings).toEqual(['high: src/components/Tabs/index.tsx: Home is not handled', 'low: src/components/Tabs/index.tsx: a comment is stale', 'medium: a11y (End): End is not asserted']);
    expect(git('rev-parse', 'HEAD').trim()).toBe(head);
    expect(git('rev-parse', '--abbrev-ref', 'HEAD').trim()).not.toBe('component/tabs');
    expect(existsSync(join(dir, '.dsctl/handoff/Tabs.patch'))).toBe(false);
  });

  it('a gate failure goes back to the author with the error, and is recorded', async () => {
    const { dir } = repo(GATE('src/components/Badge/index.tsx', 'Badge'));
    const { driver, tasks } = scripted([{ write: { 'src/components/Badge/index.tsx': BADGE_BAD } }, { write: { 'src/components/Badge/index.tsx': BADGE } }, { output: review('Badge', 'full') }]);
    const report = await run(dir, driver, { name: 'Badge', eval: 'true' });
    expect(report.status).toBe('passed');
    expect(tasks[1]?.prompt).toContain("The gate failed (run 1 of at most 5): `grep -q 'export function Badge' src/components/Badge/index.tsx` exited 1.");
    expect(tasks[1]?.resumeSession).toBe('scripted-0');
    const ran = readRun(dir, 'Badge');
    expect(ran.gate).toEqual({ passes: 1, failures: 1, reasons: ["`grep -q 'export function Badge' src/components/Badge/index.tsx` exited 1"] });
    expect(ran.outcome).toBe('clean');
  });

  it('--eval allows 5 gate runs whatever the policy says; without it the policy\'s maxRuns holds; then gate-failed', async () => {
    const gate = { commands: GATE('src/components/Badge/index.tsx', 'Badge'), maxRuns: 2 };
    const bad = { write: { 'src/components/Badge/index.tsx': BADGE_BAD } };
    const evalRepo = repo(gate);
    const evalRun = scripted([bad, bad, bad, bad, bad, bad]);
    const report = await run(evalRepo.dir, evalRun.driver, { name: 'Badge', eval: 'true' });
    expect(report.status).toBe('escalated');
    expect(report.result).toMatchObject({ outcome: 'gate-failed', gateRuns: 5 });
    expect(evalRun.tasks).toHaveLength(5); // the scaffold and four fixes: no fix after the last run
    expect(readRun(evalRepo.dir, 'Badge')).toMatchObject({ outcome: 'gate-failed', gate: { passes: 0, failures: 5 } });
    expect(report.escalation?.human_question).toContain('finish Badge by hand');

    const plain = repo(gate);
    const plainRun = scripted([bad, bad, bad]);
    const second = await run(plain.dir, plainRun.driver, { name: 'Badge' });
    expect(second.result).toMatchObject({ outcome: 'gate-failed', gateRuns: 2 });
    expect(plainRun.tasks).toHaveLength(2);
  });

  it('--review gives a display component the reviewer; --no-review takes an interactive one down the standard path', async () => {
    const badge = repo(GATE('src/components/Badge/index.tsx', 'Badge'));
    const withReviewer = scripted([{ write: { 'src/components/Badge/index.tsx': BADGE } }, { output: review('Badge', 'full') }]);
    await paused(run(badge.dir, withReviewer.driver, { name: 'Badge', review: 'full' }));
    expect(withReviewer.tasks.map((t) => t.role)).toEqual(['author', 'reviewer']);

    const tabs = repo(GATE('src/components/Tabs/index.tsx', 'Tabs'));
    const noReviewer = scripted([{ write: { 'src/components/Tabs/index.tsx': TABS } }, { output: review('Tabs', 'standard') }]);
    await paused(run(tabs.dir, noReviewer.driver, { name: 'Tabs', review: 'standard' }));
    expect(noReviewer.tasks.map((t) => t.role)).toEqual(['author', 'author']);
    expect(JSON.parse(readFileSync(join(tabs.dir, '.dsctl/handoff/Tabs.review.json'), 'utf8'))).toMatchObject({ path: 'standard' });
  });

  it('a usage-limit stop records the run as incomplete and pauses it; resume runs the stage again', async () => {
    const { dir } = repo(GATE('src/components/Badge/index.tsx', 'Badge'));
    const { driver, tasks } = scripted([{ fail: 'Claude usage limit reached; resets at 5pm', costUsd: 0.1 }, { write: { 'src/components/Badge/index.tsx': BADGE } }, { output: review('Badge', 'full') }]);
    const pause = await paused(run(dir, driver, { name: 'Badge', eval: 'true' }));
    expect(pause.reason).toContain('usage limit');
    expect(readRun(dir, 'Badge')).toMatchObject({ outcome: 'incomplete', stoppedBy: 'the agent hit its usage limit', costUsd: 0.1, runId: pause.runId });
    const report = await resume(dir, driver, pause.runId);
    expect(report.status).toBe('passed');
    expect(tasks).toHaveLength(3);
    // Both records stay for the ledger: the stop, then the finished run.
    expect(readRuns(dir, 'Badge').map((r) => [r.outcome, r.runId])).toEqual([
      ['incomplete', pause.runId],
      ['clean', pause.runId],
    ]);
    expect(readRun(dir, 'Badge')).toMatchObject({ costUsd: 0.1 });
  });

  it('"changes-requested" at the visual review goes back to the author with the note, through the gate, to a second review', async () => {
    const { dir } = repo(GATE('src/components/Badge/index.tsx', 'Badge'));
    const { driver, tasks } = scripted([
      { write: { 'src/components/Badge/index.tsx': BADGE } },
      { output: review('Badge', 'standard') },
      { write: { 'src/components/Badge/index.tsx': BADGE.replace('px-2', 'px-3') } },
    ]);
    const first = await paused(run(dir, driver, { name: 'Badge' }));
    await answer(dir, `${first.runId}.visual-review-1`, 'changes-requested: more horizontal padding');
    const second = await paused(resume(dir, driver, first.runId));
    expect(second.escalation?.json).toBe(`.dsctl/escalations/${first.runId}.visual-review-2.json`);
    expect(tasks[2]?.prompt).toContain('> more horizontal padding');
    expect(tasks[2]?.resumeSession).toBe('scripted-1');
    await answer(dir, `${first.runId}.visual-review-2`, 'approved');
    const report = await resume(dir, driver, first.runId);
    expect(report.status).toBe('passed');
    expect(readRun(dir, 'Badge')).toMatchObject({ visualReview: 'approved', visualNotes: ['more horizontal padding'], manualRescues: 1, gate: { passes: 2, failures: 0 } });
    expect(tasks).toHaveLength(3);
  });

  it('a greenfield component pauses for its API proposal; the note of "changes-requested" reaches the author', async () => {
    const { dir } = repo(GATE('src/components/Chip/index.tsx', 'Chip'));
    const { driver, tasks } = scripted([
      { write: { '.dsctl/handoff/Chip.api-proposal.md': '# Chip\n' } },
      { write: { 'src/components/Chip/index.tsx': 'export function Chip() {\n  return <span />;\n}\n' } },
      { output: review('Chip', 'full') },
    ]);
    const pause = await paused(run(dir, driver, { name: 'Chip' }));
    expect(pause.escalation?.json).toBe(`.dsctl/escalations/${pause.runId}.api-proposal.json`);
    await answer(dir, `${pause.runId}.api-proposal`, 'changes-requested: no remove button');
    const next = await paused(resume(dir, driver, pause.runId));
    expect(next.escalation?.json).toBe(`.dsctl/escalations/${pause.runId}.visual-review-1.json`);
    expect(tasks[1]?.prompt).toContain('A person reviewed the proposed API and asked for: no remove button');
    // No contract: the reviewer is spent.
    expect(tasks[2]?.role).toBe('reviewer');
  });
});

describe('component-add parameters', () => {
  it.each([
    [{ review: 'auto', eval: false }, 'interactive', 'full'],
    [{ review: 'auto', eval: false }, 'display', 'standard'],
    [{ review: 'full', eval: false }, 'display', 'full'],
    [{ review: 'standard', eval: false }, 'interactive', 'standard'],
    [{ review: 'auto', eval: true }, 'display', 'full'],
    [{ review: 'full', eval: true }, 'display', 'full'],
  ] as const)('%j on a %s component → %s', (params, risk, want) => {
    expect(reviewPath(params, risk)).toBe(want);
  });

  it('rejects --eval with --no-review, a missing or non-PascalCase name; is registered as W6', () => {
    const project = loadProject({ cwd: starterProject() });
    expect(() => parseComponentAddParams({ name: 'Badge', review: 'standard', eval: 'true' }, project)).toThrow(/--eval always takes the full path/);
    expect(() => parseComponentAddParams({}, project)).toThrow(/needs a component name/);
    expect(() => parseComponentAddParams({ name: 'date-picker' }, project)).toThrow(/not a component name/);
    expect(parseComponentAddParams({ name: 'tabs' }, project)).toEqual({ name: 'Tabs', review: 'auto', eval: false });
    expect(findWorkflow('W6')).toBe(componentAdd);
  });
});

describe('checkpoint answers', () => {
  it.each([
    ['approved', 'approved', ''],
    ['Approved.', 'approved', ''],
    ['approve: ship it', 'approved', 'ship it'],
    ['changes-requested: more padding', 'changes-requested', 'more padding'],
    ['Changes requested - the dark badge is too faint', 'changes-requested', 'the dark badge is too faint'],
    ['the focus ring is missing', 'changes-requested', 'the focus ring is missing'],
  ])('%j → %s', (note, answer, rest) => {
    expect(parseAnswerNote(note)).toEqual({ answer, note: rest });
  });
});
