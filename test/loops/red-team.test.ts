import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentDriver } from '../../src/agents/driver.js';
import { createScriptedDriver } from '../../src/agents/scripted.js';
import { ScriptSchema } from '../../src/agents/scripted-script.js';
import { tailLog } from '../../src/governance/audit-log.js';
import { startRun } from '../../src/loops/runner.js';
import { redTeam } from '../../src/loops/workflows/red-team.js';
import { loadValidProject } from '../../src/project/project.js';
import { editJson, starterProject } from '../support/project.js';

/** A starter project in a fresh git repository, everything committed. */
function repo(): string {
  const dir = starterProject();
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'init');
  return dir;
}

type Step = { write?: Record<string, string>; output?: unknown; fail?: string };

/**
 * The scripted driver, with the script built once the run id is known: the agent must write inside
 * `redteam/<run_id>/`, and a static script cannot name a folder that does not exist yet.
 */
function scripted(build: (runFolder: string) => Step[]): AgentDriver {
  return {
    id: 'scripted',
    run(task) {
      const runId = basename(dirname(task.workDir));
      return createScriptedDriver(ScriptSchema.parse({ steps: build(`redteam/${runId}`) })).run(task);
    },
  };
}

const run = (dir: string, driver: AgentDriver, raw: Record<string, string> = {}, options: { unsandboxed?: boolean } = {}) =>
  startRun(loadValidProject({ cwd: dir }), redTeam, { cwd: dir, ...raw }, {
    driver,
    agent: { driver: 'scripted' },
    // A machine without bubblewrap, where a person allowed it: the guard is the layer that holds.
    ...(options.unsandboxed ? { allowUnsandboxed: true, sandboxAvailability: { ok: false, reason: 'no bubblewrap (test)' } } : {}),
  });

const records = (dir: string) => tailLog(join(dir, '.dsctl/runs.jsonl')).records;
const learnings = (dir: string) => (existsSync(join(dir, 'docs/loop-learnings')) ? readdirSync(join(dir, 'docs/loop-learnings')).filter((f) => f.endsWith('.md')) : []);

const OBVIOUS = '<div class="bg-surface p-4">\n  <p class="bg-black text-fg">Raw black</p>\n  <img src="/a.png">\n</div>\n';
const obviousClaims = [
  { rule: 'COLOR_NO_RAW_BLACK_WHITE', description: 'Pure black background', snippet: '<p class="bg-black text-fg">Raw black</p>', line: 2 },
  { description: 'Image without alt text', snippet: '<img src="/a.png">', line: 3 },
];
// DESTRUCTIVE_NEEDS_CONFIRMATION is a manual rule of the starter: no detector can see it.
const DESTRUCTIVE = '<button type="button" class="btn rounded-md font-medium bg-danger text-on-danger h-10 px-4 text-sm">Delete account</button>\n';

describe('W4 red-team', () => {
  it('passes when every claimed break is caught, and leaves no learning', async () => {
    const dir = repo();
    const report = await run(
      dir,
      scripted((folder) => [{ write: { [`${folder}/obvious.html`]: OBVIOUS }, output: { artifacts: [{ file: `${folder}/obvious.html`, claims: obviousClaims }] } }]),
    );
    expect(report.status).toBe('passed');
    expect(report.escalation).toBeNull();
    expect(report.result).toMatchObject({
      artifacts: [{ file: `redteam/${report.runId}/obvious.html`, errorCount: 2 }],
      escapes: [],
      learnings: [],
    });
    const caught = report.result?.caught as { claim: string; by: string[] }[];
    expect(caught.map((c) => c.by[0]?.split('  ')[2])).toEqual(['COLOR_NO_RAW_BLACK_WHITE', 'A11Y_IMG_ALT']);
    expect(learnings(dir)).toEqual([]);
    const [record] = records(dir);
    expect(record).toMatchObject({ run_id: report.runId, workflow: 'red-team', level: 'model-loop', status: 'passed', escalation: null, changed_paths: [`redteam/${report.runId}/obvious.html`], agent: { driver: 'scripted' } });
    expect(record?.commands).toEqual([`dsctl lint redteam/${report.runId}/obvious.html`]);
  });

  it('escalates a confirmed escape and writes it as a quarantined learning', async () => {
    const dir = repo();
    const report = await run(
      dir,
      scripted((folder) => [
        {
          write: { [`${folder}/obvious.html`]: OBVIOUS, [`${folder}/delete.html`]: DESTRUCTIVE },
          output: {
            artifacts: [
              { file: `${folder}/obvious.html`, claims: obviousClaims },
              { file: `${folder}/delete.html`, claims: [{ rule: 'DESTRUCTIVE_NEEDS_CONFIRMATION', description: 'Delete runs at once, no confirmation step', snippet: DESTRUCTIVE, line: 1 }] },
            ],
          },
        },
      ]),
      { prompt: 'Break the destructive-action rules' },
    );
    expect(report.status).toBe('escalated');
    const files = learnings(dir);
    expect(files).toHaveLength(1);
    const learning = `docs/loop-learnings/${files[0]}`;
    const text = readFileSync(join(dir, learning), 'utf8');
    expect(text).toMatch(/^---\nstatus: proposal\ntitle: "?Red-team escape: DESTRUCTIVE_NEEDS_CONFIRMATION/);
    expect(text).toContain(`- Artifact: \`redteam/${report.runId}/delete.html\` line 1`);
    expect(text).toContain('not automated: impossible-static');
    expect(text).toContain('```html\n<button type="button"');
    expect(text).toContain('## Proposed rule or test');
    expect(text).toContain('## False-positive risk');

    expect(report.escalation).toMatchObject({
      workflow: 'red-team',
      run_id: report.runId,
      severity: 'warn',
      human_question: expect.stringContaining('rule or a test'),
    });
    expect(report.escalation?.evidence).toEqual(
      expect.arrayContaining([expect.stringMatching(/^escape: redteam\/.*\/delete\.html:1 {2}DESTRUCTIVE_NEEDS_CONFIRMATION/), `learning: ${learning}`]),
    );
    const escalation = JSON.parse(readFileSync(join(dir, `.dsctl/escalations/${report.runId}.json`), 'utf8')) as Record<string, unknown>;
    expect(escalation).toMatchObject({ workflow: 'red-team', severity: 'warn' });
    expect(existsSync(join(dir, `.dsctl/escalations/${report.runId}.md`))).toBe(true);

    const [record] = records(dir);
    expect(record).toMatchObject({ status: 'escalated', workflow: 'red-team' });
    expect(record?.changed_paths).toEqual([learning, `redteam/${report.runId}/delete.html`, `redteam/${report.runId}/obvious.html`].sort());
    // The snippet was linted alone, as its own file.
    expect(report.result?.escapes).toEqual([{ claim: expect.stringContaining('delete.html'), snippet: `.dsctl/runs/${report.runId}/snippets/2-1.html` }]);
    expect(existsSync(join(dir, `.dsctl/runs/${report.runId}/snippets/2-1.html`))).toBe(true);
    // The prompt carried the extra instructions and the run folder.
    const state = JSON.parse(readFileSync(join(dir, report.files.state), 'utf8')) as { params: { prompt?: string } };
    expect(state.params.prompt).toBe('Break the destructive-action rules');
  });

  it('does not confirm a claim the artifact lint missed when the snippet alone is caught', async () => {
    const dir = repo();
    // Claimed on the wrong line, without a rule: the artifact check misses it, the snippet alone catches it.
    const report = await run(
      dir,
      scripted((folder) => [
        { write: { [`${folder}/a.html`]: OBVIOUS }, output: { artifacts: [{ file: `${folder}/a.html`, claims: [{ description: 'no alt', snippet: '<img src="/a.png">', line: 1 }] }] } },
      ]),
    );
    expect(report.status).toBe('passed');
    expect(report.result?.caughtInIsolation).toEqual([{ claim: expect.stringContaining('no alt'), by: [expect.stringContaining('A11Y_IMG_ALT')], snippet: expect.stringContaining('snippets/1-1.html') }]);
    expect(learnings(dir)).toEqual([]);
  });

  it('refuses to start when the output path is not covered by hookExclusions, and records nothing', async () => {
    const dir = repo();
    editJson<{ hookExclusions: string[] }>(dir, 'design/policy.json', (p) => {
      p.hookExclusions = p.hookExclusions.filter((g) => !g.startsWith('redteam'));
    });
    const driver = scripted(() => [{}]);
    await expect(run(dir, driver)).rejects.toMatchObject({ name: 'UserError', code: 'run/red-team', message: expect.stringContaining('not covered by policy.hookExclusions') });
    expect(existsSync(join(dir, '.dsctl/runs.jsonl'))).toBe(false);
    expect(existsSync(join(dir, '.dsctl/runs'))).toBe(false);
  });

  it('refuses an output path under a hard gate, or no redTeam policy at all', async () => {
    const dir = repo();
    editJson<{ redTeam?: { outputPath: string }; hookExclusions: string[] }>(dir, 'design/policy.json', (p) => {
      p.redTeam = { outputPath: 'design/contracts/redteam' };
      p.hookExclusions.push('design/contracts/redteam/**');
    });
    await expect(run(dir, scripted(() => [{}]))).rejects.toMatchObject({ code: 'run/red-team', message: expect.stringContaining('hard gate "contracts"') });
    editJson<{ redTeam?: unknown }>(dir, 'design/policy.json', (p) => {
      delete p.redTeam;
    });
    await expect(run(dir, scripted(() => [{}]))).rejects.toMatchObject({ code: 'run/red-team', message: expect.stringContaining('needs policy.redTeam.outputPath') });
  });

  it('escalates when the agent writes outside the run folder', async () => {
    const dir = repo();
    const report = await run(
      dir,
      scripted((folder) => [
        {
          write: { [`${folder}/a.html`]: OBVIOUS, 'examples/sneaky.html': OBVIOUS, 'redteam/elsewhere.html': OBVIOUS },
          output: { artifacts: [{ file: `${folder}/a.html`, claims: obviousClaims }] },
        },
      ]),
    );
    expect(report.status).toBe('escalated');
    expect(report.escalation).toMatchObject({ severity: 'error', stuck_reason: expect.stringContaining(`2 file(s) outside redteam/${report.runId}/`) });
    expect(report.escalation?.evidence).toEqual(
      expect.arrayContaining(['changed outside the run folder: examples/sneaky.html', 'changed outside the run folder: redteam/elsewhere.html', `artifact: redteam/${report.runId}/a.html`]),
    );
    expect(records(dir)[0]).toMatchObject({ status: 'escalated', changed_paths: ['examples/sneaky.html', `redteam/${report.runId}/a.html`, 'redteam/elsewhere.html'] });
    expect(learnings(dir)).toEqual([]);
  });

  it('the agent cannot edit the rules: the sandbox refuses the write', async () => {
    const dir = repo();
    const rules = readFileSync(join(dir, 'design/contracts/rules.json'), 'utf8');
    const report = await run(dir, scripted(() => [{ write: { 'design/contracts/rules.json': '{}' }, output: { artifacts: [] } }]));
    expect(readFileSync(join(dir, 'design/contracts/rules.json'), 'utf8')).toBe(rules);
    expect(report.record.sandbox).toBe('bubblewrap');
    expect(report.status).not.toBe('passed');
  });

  it('unsandboxed, escalates (blocking) when the agent edits the rules: the guard restores them', async () => {
    const dir = repo();
    const rules = readFileSync(join(dir, 'design/contracts/rules.json'), 'utf8');
    const report = await run(dir, scripted(() => [{ write: { 'design/contracts/rules.json': '{}' }, output: { artifacts: [] } }]), {}, { unsandboxed: true });
    expect(report.status).toBe('escalated');
    expect(report.escalation?.severity).toBe('blocking');
    expect(report.record.sandbox).toBe('none');
    expect(readFileSync(join(dir, 'design/contracts/rules.json'), 'utf8')).toBe(rules);
  });

  it.each([
    ['no structured answer', undefined, 'the agent gave no structured answer'],
    ['a claim without a snippet', { artifacts: [{ file: 'x.html', claims: [{ description: 'x' }] }] }, 'does not match the red-team output schema'],
    ['no artifacts', { artifacts: [] }, 'does not match the red-team output schema'],
  ])('fails on a malformed answer (%s), with an escalation', async (_name, output, reason) => {
    const dir = repo();
    const report = await run(dir, scripted((folder) => [{ write: { [`${folder}/a.html`]: OBVIOUS }, ...(output === undefined ? {} : { output }) }]));
    expect(report.status).toBe('failed');
    expect(report.escalation).toMatchObject({ severity: 'error', stuck_reason: expect.stringContaining(reason) });
    expect(records(dir)[0]).toMatchObject({ status: 'failed', workflow: 'red-team' });
    expect(existsSync(join(dir, `.dsctl/escalations/${report.runId}.json`))).toBe(true);
  });

  it('rejects artifacts outside the run folder; with none left the run fails', async () => {
    const dir = repo();
    const report = await run(
      dir,
      scripted((folder) => [{ write: { [`${folder}/a.html`]: OBVIOUS }, output: { artifacts: [{ file: 'examples/clean.html', claims: obviousClaims }] } }]),
    );
    expect(report.status).toBe('failed');
    expect(report.escalation?.evidence).toEqual(expect.arrayContaining(['examples/clean.html: outside the run folder ' + `redteam/${report.runId}/, not linted`]));
  });
});
