import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, dsctl } from '../support/cli.js';
import { starterRepo } from '../support/git-repo.js';
import { tempDir } from '../support/temp-dir.js';
import { pathWithout } from '../support/path-without.js';
import { processesWith } from '../support/processes.js';
import { waitFor } from '../support/wait.js';

interface RunEnvelope {
  ok: boolean;
  data: {
    run_id: string;
    status: string;
    summary: string;
    resumed: boolean;
    record: { status: string; sandbox?: string; attempts: number; trigger: string; commands: string[]; changed_paths: string[]; agent?: { driver: string; turns?: number; cost_usd?: number }; escalation: null | { stuck_reason: string; evidence: string[]; severity: string } };
    escalation: null | { stuck_reason: string; evidence: string[]; human_question: string };
    result: null | Record<string, unknown>;
    files: { state: string; escalation?: string; escalationMarkdown?: string };
  };
}

const page = (h1: string, button: string) =>
  `<main class="p-4">\n  <h1 class="${h1}">Billing</h1>\n  <button type="button" class="btn h-10 px-4 gap-2 text-sm rounded-md font-medium ${button} text-on-primary hover:bg-primary-hover">Save</button>\n</main>\n`;
const BAD = page('text-black', 'bg-blue-500');
const HALF = page('text-fg', 'bg-blue-500');
const CLEAN = page('text-fg', 'bg-primary');

/** Writes a scripted agent's script outside the repository (the work tree stays clean). */
function script(steps: unknown[]): string {
  const path = join(tempDir('dsctl-script-'), 'agent.json');
  writeFileSync(path, JSON.stringify({ steps }));
  return path;
}

function runJson(app: string, args: string[], env: Record<string, string> = {}): { code: number | null; envelope: RunEnvelope; stderr: string } {
  const run = dsctl(['run', ...args, '--json'], app, { CI: '', ...env });
  let envelope: RunEnvelope;
  try {
    envelope = JSON.parse(run.stdout) as RunEnvelope;
  } catch {
    throw new Error(`not JSON (exit ${run.code}):\n${run.stdout}\n${run.stderr}`);
  }
  return { code: run.code, envelope, stderr: run.stderr };
}

const records = (app: string) =>
  readFileSync(join(app, '.dsctl/runs.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { run_id: string; status: string; workflow: string });

const w1 = (target: string, scriptPath: string) => ['ui-self-repair', '--target', target, '--prompt', 'A billing page', '--agent', 'scripted', '--script', scriptPath];

describe('dsctl run ui-self-repair (W1, scripted agent, real git repo)', () => {
  it('passes after two repair attempts: the draft label, contracts, coverage and agent usage are recorded', () => {
    const { app } = starterRepo();
    const s = script([
      { write: { 'examples/billing.html': BAD }, turns: 2, costUsd: 0.01 },
      { write: { 'examples/billing.html': HALF }, turns: 1, costUsd: 0.02 },
      { write: { 'examples/billing.html': CLEAN }, turns: 1, costUsd: 0.03 },
    ]);
    const { code, envelope } = runJson(app, w1('examples/billing.html', s));
    expect(code).toBe(0);
    const { record, result } = envelope.data;
    expect(record).toMatchObject({ status: 'passed', attempts: 2, trigger: 'manual', changed_paths: ['examples/billing.html'], escalation: null });
    expect(record.commands).toEqual(['dsctl lint examples/billing.html', 'dsctl lint examples/billing.html', 'dsctl lint examples/billing.html']);
    expect(record.agent).toEqual({ driver: 'scripted', session_id: 'scripted-2', turns: 4, cost_usd: 0.06 });
    expect(result).toMatchObject({ label: 'lint-clean draft / brand not approved', target: 'examples/billing.html', lint: { errorCount: 0 } });
    expect(result?.contracts).toEqual(expect.arrayContaining(['DESIGN.md', 'design/contracts/rules.json']));
    expect((result?.notAutomated as string[]).length).toBeGreaterThan(0);
    expect(readFileSync(join(app, 'examples/billing.html'), 'utf8')).toBe(CLEAN);
    expect(dsctl(['audit', 'verify'], app).code).toBe(0);
    // The repair prompts carried the findings, with place, rule and alternative.
    const agentDir = join(app, '.dsctl/runs', envelope.data.run_id, 'agent');
    expect(readdirSync(agentDir).sort()).toEqual(['author.prompt.md', 'repair-1.prompt.md', 'repair-2.prompt.md']);
    expect(readFileSync(join(agentDir, 'author.prompt.md'), 'utf8')).toContain('Write the result to examples/billing.html');
    const repair1 = readFileSync(join(agentDir, 'repair-1.prompt.md'), 'utf8');
    expect(repair1).toMatch(/examples\/billing\.html:2:\d+ {2}error {2}COLOR_NO_RAW_BLACK_WHITE .*\(use: /);
    expect(repair1).toContain('COLOR_NO_TAILWIND_PALETTE');
    expect(readFileSync(join(agentDir, 'repair-2.prompt.md'), 'utf8')).not.toContain('COLOR_NO_RAW_BLACK_WHITE');
  });

  it('escalates when the attempts run out, with the remaining violations as evidence', () => {
    const { app } = starterRepo();
    // Each repair changes something, so it is not "stuck", but errors remain after the third.
    const variants = ['text-black', 'text-white', 'text-black', 'text-white'].map((c) => ({ write: { 'examples/billing.html': page(c, 'bg-primary') } }));
    const { code, envelope } = runJson(app, w1('examples/billing.html', script(variants)));
    expect(code).toBe(1);
    expect(envelope.ok).toBe(false);
    expect(envelope.data.record).toMatchObject({ status: 'escalated', attempts: 3 });
    expect(envelope.data.escalation?.stuck_reason).toMatch(/remain after 3 repair attempt/);
    expect(envelope.data.escalation?.evidence.some((e) => e.startsWith('examples/billing.html:2:') && e.includes('COLOR_NO_RAW_BLACK_WHITE'))).toBe(true);
    const escalation = JSON.parse(readFileSync(join(app, envelope.data.files.escalation ?? ''), 'utf8')) as { run_id: string; workflow: string };
    expect(escalation).toMatchObject({ run_id: envelope.data.run_id, workflow: 'ui-self-repair' });
    expect(readFileSync(join(app, envelope.data.files.escalationMarkdown ?? ''), 'utf8')).toContain('dsctl escalation: ui-self-repair');
  });

  it('escalates early when the same violations come back twice in a row', () => {
    const { app } = starterRepo();
    const s = script([{ write: { 'examples/billing.html': BAD } }, { write: { 'examples/billing.html': BAD } }, { write: { 'examples/billing.html': CLEAN } }]);
    const { code, envelope } = runJson(app, w1('examples/billing.html', s));
    expect(code).toBe(1);
    expect(envelope.data.record).toMatchObject({ status: 'escalated', attempts: 1 });
    expect(envelope.data.escalation?.stuck_reason).toMatch(/came back 2 times in a row/);
  });

  it('fails (with an escalation) when the agent session fails or leaves no file', () => {
    const { app } = starterRepo();
    const failed = runJson(app, w1('examples/billing.html', script([{ fail: 'model overloaded' }])));
    expect(failed.code).toBe(1);
    expect(failed.envelope.data.record).toMatchObject({ status: 'failed' });
    expect(failed.envelope.data.escalation?.stuck_reason).toContain('model overloaded');
    const nothing = runJson(app, w1('examples/none.html', script([{ answer: 'I wrote nothing' }])));
    expect(nothing.envelope.data.record.status).toBe('failed');
    expect(nothing.envelope.data.escalation?.stuck_reason).toContain('did not leave examples/none.html');
    expect(records(app).map((r) => r.status)).toEqual(['failed', 'failed']);
  });

  it('each agent stage runs in the OS sandbox: gated writes by any shell are refused, and a background job dies with the stage', async () => {
    const { app, git } = starterRepo();
    const marker = `dsctl-stage-bg-${process.pid}-${Date.now()}`;
    const s = script([
      {
        write: { 'examples/billing.html': CLEAN, 'design/contracts/rules.json': '{}' },
        shell: [
          "f=design/contracts/rules.json; echo '{}' > $f; touch design/contracts/components/evil.contract.json; rm -f design/authority.md; true",
          `sh -c 'sleep 30; echo late > late.txt' ${marker} >/dev/null 2>&1 &`,
        ],
      },
    ]);
    const { code, envelope } = runJson(app, w1('examples/billing.html', s));
    expect(code, JSON.stringify(envelope.data.escalation)).toBe(0);
    expect(envelope.data.record).toMatchObject({ status: 'passed', sandbox: 'bubblewrap' });
    // The background job is gone once the stage is: it can never write.
    await waitFor(() => (processesWith(marker) === 0 ? true : undefined));
    expect(existsSync(join(app, 'late.txt'))).toBe(false);
    expect(git('status', '--porcelain').trim()).toBe('?? examples/billing.html');
  });

  it('without bubblewrap a model loop does not start (exit 2, no record) unless a person passes --allow-unsandboxed', () => {
    const { app } = starterRepo();
    const s = script([{ write: { 'examples/billing.html': CLEAN } }]);
    const refused = dsctl(['run', ...w1('examples/billing.html', s)], app, { PATH: pathWithout('bwrap') });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('apt-get install bubblewrap');
    expect(existsSync(join(app, '.dsctl/runs.jsonl'))).toBe(false);
    const allowed = runJson(app, [...w1('examples/billing.html', s), '--allow-unsandboxed'], { PATH: pathWithout('bwrap') });
    expect(allowed.code).toBe(0);
    expect(allowed.envelope.data.record).toMatchObject({ status: 'passed', sandbox: 'none' });
  });

  it('unsandboxed, the workspace guard restores protected files written through a shell command, and escalates with the paths', () => {
    const { app, git } = starterRepo();
    const rules = readFileSync(join(app, 'design/contracts/rules.json'), 'utf8');
    const s = script([
      {
        write: { 'examples/billing.html': CLEAN },
        shell: ["echo '{}' > design/contracts/rules.json", 'touch design/contracts/components/evil.contract.json', 'rm design/authority.md', 'ln -s /etc/hostname AGENTS.md.tmp && mv AGENTS.md.tmp AGENTS.md', 'chmod +x design/contracts/tokens.json'],
      },
    ]);
    const { code, envelope } = runJson(app, [...w1('examples/billing.html', s), '--allow-unsandboxed'], { PATH: pathWithout('bwrap') });
    expect(code).toBe(1);
    expect(envelope.data.record.status).toBe('escalated');
    expect(envelope.data.record.escalation?.severity).toBe('blocking');
    expect(envelope.data.record.changed_paths).toEqual(['AGENTS.md', 'design/authority.md', 'design/contracts/components/evil.contract.json', 'design/contracts/rules.json', 'design/contracts/tokens.json']);
    expect(readFileSync(join(app, 'design/contracts/rules.json'), 'utf8')).toBe(rules);
    expect(existsSync(join(app, 'design/contracts/components/evil.contract.json'))).toBe(false);
    // Nothing under a hard gate differs from the commit; only the UI file is new.
    expect(git('status', '--porcelain').trim()).toBe('?? examples/billing.html');
    const kept = envelope.data.escalation?.evidence.join('\n') ?? '';
    expect(kept).toContain('modified design/contracts/rules.json (hard gate "contracts")');
    expect(kept).toContain('deleted design/authority.md');
    expect(readFileSync(join(app, '.dsctl/runs', envelope.data.run_id, 'guard/author/design/contracts/rules.json'), 'utf8')).toBe('{}\n');
  });

  it('two-layered files are read-only in the sandbox; unsandboxed, the guard lets only generated regions change', () => {
    const { app, git } = starterRepo();
    const playbook = readFileSync(join(app, 'docs/loop-playbook.md'), 'utf8');
    const regenerated = playbook.replace(/(<!-- dsctl:generated ci-commands [^>]*-->\n)[\s\S]*?(<!-- \/dsctl:generated ci-commands -->)/, '$1- `npm test`\n$2');
    expect(regenerated).not.toBe(playbook);
    const s = script([{ write: { 'examples/billing.html': CLEAN, 'docs/loop-playbook.md': regenerated } }]);
    const sandboxed = runJson(app, w1('examples/billing.html', s));
    expect(sandboxed.code).toBe(0);
    // Only `dsctl build`, run outside the agent's sandbox, rewrites generated regions.
    expect(readFileSync(join(app, 'docs/loop-playbook.md'), 'utf8')).toBe(playbook);
    const { code, envelope } = runJson(app, [...w1('examples/billing.html', s), '--allow-unsandboxed'], { PATH: pathWithout('bwrap') });
    expect(code).toBe(0);
    expect(envelope.data.record.status).toBe('passed');
    expect(git('status', '--porcelain')).toContain(' M docs/loop-playbook.md');
  });

  it('resumes after SIGKILL mid-stage: finished stages are not re-run, and the run gets exactly one record', async () => {
    const { app } = starterRepo();
    const scratch = tempDir('dsctl-gate-');
    const gate = join(scratch, 'go');
    const log = join(scratch, 'stages.log');
    const s = script([
      { write: { 'examples/billing.html': BAD }, shell: [`echo author >> '${log}'`] },
      { write: { 'examples/billing.html': CLEAN }, shell: [`echo repair >> '${log}'`, `test -f '${gate}' || sleep 60`] },
    ]);
    const child = spawn(process.execPath, [BIN, 'run', ...w1('examples/billing.html', s)], { cwd: app, stdio: 'ignore', env: { ...process.env, CI: '' } });
    const runId = await waitFor(() => {
      const dir = join(app, '.dsctl/runs');
      const id = existsSync(dir) ? readdirSync(dir)[0] : undefined;
      if (id === undefined) return undefined;
      const state = JSON.parse(readFileSync(join(dir, id, 'state.json'), 'utf8')) as { steps: { name: string; status: string }[] };
      // Killed only once the repair stage's first shell line ran: the log below depends on it.
      const repairing = state.steps.some((st) => st.name === 'repair-1' && st.status === 'started') && existsSync(log) && readFileSync(log, 'utf8') === 'author\nrepair\n';
      return repairing ? id : undefined;
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('close', r));
    expect(existsSync(join(app, '.dsctl/runs.jsonl'))).toBe(false);
    writeFileSync(gate, '');
    const resumed = dsctl(['run', 'resume', runId, '--json'], app);
    expect(resumed.code, resumed.stderr).toBe(0);
    const envelope = JSON.parse(resumed.stdout) as RunEnvelope;
    expect(envelope.data).toMatchObject({ run_id: runId, resumed: true, status: 'passed' });
    expect(envelope.data.record.attempts).toBe(1);
    // The finished author stage was not run again; the interrupted repair stage was.
    expect(readFileSync(log, 'utf8')).toBe('author\nrepair\nrepair\n');
    expect(records(app)).toHaveLength(1);
    // A second resume of a finished run is a usage error, and adds no record.
    const again = dsctl(['run', 'resume', runId], app);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('already ended');
    expect(records(app)).toHaveLength(1);
  }, 30_000);

  it('Ctrl-C stops the agent stage, records nothing, exits 130 and says how to resume', async () => {
    const { app } = starterRepo();
    const gate = join(tempDir('dsctl-gate-'), 'go');
    const s = script([{ write: { 'examples/billing.html': CLEAN }, shell: [`test -f '${gate}' || sleep 60`] }]);
    const child = spawn(process.execPath, [BIN, 'run', ...w1('examples/billing.html', s)], { cwd: app, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, CI: '', NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    await waitFor(() => (stderr.includes('agent (scripted) author') ? true : undefined));
    child.kill('SIGINT');
    const code = await new Promise((r) => child.once('close', r));
    expect(code).toBe(130);
    const runId = /dsctl run resume (\S+)/.exec(stderr)?.[1] ?? '';
    expect(runId).not.toBe('');
    expect(existsSync(join(app, '.dsctl/runs.jsonl'))).toBe(false);
    writeFileSync(gate, '');
    expect(dsctl(['run', 'resume', runId], app).code).toBe(0);
    expect(records(app).map((r) => `${r.run_id} ${r.status}`)).toEqual([`${runId} passed`]);
  }, 30_000);

  it('on resume, the guard restores what the killed stage did to protected files and escalates', async () => {
    const { app } = starterRepo();
    const authority = readFileSync(join(app, 'design/authority.md'), 'utf8');
    const s = script([{ write: { 'examples/billing.html': CLEAN }, shell: ['echo changed >> design/authority.md', 'sleep 60'] }]);
    const child = spawn(process.execPath, [BIN, 'run', ...w1('examples/billing.html', s), '--allow-unsandboxed'], { cwd: app, stdio: 'ignore', env: { ...process.env, CI: '', PATH: pathWithout('bwrap') } });
    const runId = await waitFor(() => {
      const dir = join(app, '.dsctl/runs');
      const id = existsSync(dir) ? readdirSync(dir)[0] : undefined;
      return id !== undefined && readFileSync(join(app, 'design/authority.md'), 'utf8') !== authority ? id : undefined;
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('close', r));
    const resumed = dsctl(['run', 'resume', runId, '--json'], app, { PATH: pathWithout('bwrap') });
    expect(resumed.code).toBe(1);
    const envelope = JSON.parse(resumed.stdout) as RunEnvelope;
    expect(envelope.data.record.status).toBe('escalated');
    expect(envelope.data.record.changed_paths).toEqual(['design/authority.md']);
    expect(readFileSync(join(app, 'design/authority.md'), 'utf8')).toBe(authority);
  }, 30_000);

  it('refuses bad usage before a run starts: exit 2 and no record', () => {
    const { app } = starterRepo();
    const s = script([{ write: {} }]);
    const cases: [string[], RegExp][] = [
      [['ui-self-repair', '--prompt', 'x', '--agent', 'scripted', '--script', s], /needs --target/],
      [['ui-self-repair', '--target', 'examples/a.html', '--agent', 'scripted', '--script', s], /needs --prompt/],
      [['ui-self-repair', '--target', 'DESIGN.md', '--prompt', 'x', '--agent', 'scripted', '--script', s], /not a UI file/],
      [['ui-self-repair', '--target', 'design/contracts/x.html', '--prompt', 'x', '--agent', 'scripted', '--script', s], /hard gate "contracts"/],
      [['ui-self-repair', '--target', '../outside.html', '--prompt', 'x', '--agent', 'scripted', '--script', s], /outside the project/],
      [['ui-self-repair', '--target', 'examples/a.html', '--prompt', 'x', '--agent', 'scripted'], /needs a script/],
      [['ui-self-repair', '--target', 'examples/a.html', '--prompt', 'x', '--agent', 'robot'], /unknown agent driver "robot"/],
      [['ui-self-repiar', '--target', 'examples/a.html'], /did you mean "ui-self-repair"/],
      [['W3'], /W3 runs the project's benchmark spec design\/benchmarks\/benchmark\.json, which does not exist/],
      [['resume', 'nope'], /no run nope/],
      [['drift-repair', '--trigger', 'cron'], /--trigger must be one of manual, ci, schedule/],
    ];
    for (const [args, message] of cases) {
      const run = dsctl(['run', ...args], app);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    const badScript = join(tempDir(), 'bad.json');
    writeFileSync(badScript, '{"steps": [{"write": {"a.html": 1}}]}');
    const bad = dsctl(['run', 'ui-self-repair', '--target', 'examples/a.html', '--prompt', 'x', '--agent', 'scripted', '--script', badScript], app);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/bad\.json:1:\d+/);
    expect(existsSync(join(app, '.dsctl/runs.jsonl'))).toBe(false);
  });

  it('records the trigger: ci under CI=true, or --trigger', () => {
    const { app } = starterRepo();
    const s = script([{ write: { 'examples/billing.html': CLEAN } }]);
    expect(runJson(app, w1('examples/billing.html', s), { CI: 'true' }).envelope.data.record.trigger).toBe('ci');
    expect(runJson(app, [...w1('examples/billing.html', s), '--trigger', 'schedule']).envelope.data.record.trigger).toBe('schedule');
  });
});

describe('dsctl drift --heal / dsctl run drift-repair (W2, real git repo)', () => {
  const changeToken = (app: string) => {
    const path = join(app, 'design/contracts/tokens.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace('"#5e5a53"', '"#5d5952"'));
  };

  it('passes when a committed token change leaves views stale: regenerates them and commits nothing', () => {
    const { app, git } = starterRepo();
    changeToken(app);
    git('commit', '-qam', 'darker neutral 600');
    const head = git('rev-parse', 'HEAD');
    expect(dsctl(['drift'], app).code).toBe(1);
    const run = dsctl(['drift', '--heal', '--json'], app);
    expect(run.code, run.stderr).toBe(0);
    const { data } = JSON.parse(run.stdout) as RunEnvelope;
    expect(data.record).toMatchObject({ status: 'passed', commands: ['git status --porcelain', 'dsctl drift', 'dsctl build', 'dsctl drift'] });
    expect(data.record.changed_paths).toEqual(expect.arrayContaining(['design/generated/tokens.css']));
    expect(data.record.changed_paths.every((p) => !p.startsWith('design/contracts/'))).toBe(true);
    expect(dsctl(['drift'], app).code).toBe(0);
    expect(git('rev-parse', 'HEAD')).toBe(head);
  });

  it('passes with nothing to do when there is no drift', () => {
    const { app, git } = starterRepo();
    const { code, envelope } = runJson(app, ['drift-repair']);
    expect(code).toBe(0);
    expect(envelope.data.summary).toBe('no drift: nothing to repair');
    expect(git('status', '--porcelain')).toBe('');
  });

  it('escalates on a dirty work tree without touching it', () => {
    const { app, git } = starterRepo();
    changeToken(app);
    const { code, envelope } = runJson(app, ['drift-repair']);
    expect(code).toBe(1);
    expect(envelope.data.record.status).toBe('escalated');
    expect(envelope.data.escalation?.evidence).toEqual(['uncommitted: design/contracts/tokens.json']);
    expect(git('status', '--porcelain').trim()).toBe('M design/contracts/tokens.json');
  });

  it('escalates playbook self-drift, which regeneration cannot repair, and writes nothing', () => {
    const { app, git } = starterRepo();
    const path = join(app, 'docs/loop-playbook.md');
    writeFileSync(path, readFileSync(path, 'utf8').replace('<!-- dsctl:marker audit-log -->\n', ''));
    changeToken(app);
    git('commit', '-qam', 'drop a marker, change a token');
    const { code, envelope } = runJson(app, ['drift-repair']);
    expect(code).toBe(1);
    expect(envelope.data.escalation?.stuck_reason).toMatch(/cannot be repaired by regeneration/);
    expect(envelope.data.escalation?.evidence.join('\n')).toContain('audit-log');
    expect(git('status', '--porcelain')).toBe('');
  });

  it('escalates a hand-written front matter in DESIGN.md: a person decides, nothing is regenerated', () => {
    const { app, git } = starterRepo();
    const path = join(app, 'DESIGN.md');
    writeFileSync(path, `---\ntitle: hand-written\n---\n${readFileSync(path, 'utf8').replace(/^---[\s\S]*?---\n/, '')}`);
    changeToken(app);
    git('commit', '-qam', 'hand-written front matter');
    const { code, envelope } = runJson(app, ['drift-repair']);
    expect(code).toBe(1);
    expect(envelope.data.record.status).toBe('escalated');
    expect(git('status', '--porcelain')).toBe('');
  });

  it('fails with a record, and exit 2, when the drift check itself cannot run', () => {
    const { app, git } = starterRepo();
    rmSync(join(app, 'design/generated/tokens.css'));
    mkdirSync(join(app, 'design/generated/tokens.css/oops'), { recursive: true });
    writeFileSync(join(app, 'design/generated/tokens.css/oops/.keep'), '');
    git('add', '-A');
    git('commit', '-qm', 'a folder where a view goes');
    const run = dsctl(['drift', '--heal'], app);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('design/generated/tokens.css: expected a generated view, found a directory');
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(records(app).map((r) => r.status)).toEqual(['failed']);
  });
});

describe('dsctl workflows', () => {
  it('lists W1…W6 from the registry', () => {
    const { app } = starterRepo();
    const run = dsctl(['workflows', '--json'], app);
    expect(run.code).toBe(0);
    const { data } = JSON.parse(run.stdout) as { data: { workflows: { id: string; name: string; level: string; available: boolean; stop: string }[] } };
    expect(data.workflows.map((w) => `${w.id} ${w.name} ${w.level} ${w.available}`)).toEqual([
      'W1 ui-self-repair model-loop true',
      'W2 drift-repair pipeline true',
      'W3 benchmark-observation observation true',
      'W4 red-team model-loop true',
      'W5 release-readiness pipeline true',
      'W6 component-add model-loop true',
    ]);
    const playbook = readFileSync(join(app, 'docs/loop-playbook.md'), 'utf8');
    for (const w of data.workflows) expect(playbook).toContain(`| ${w.id} | \`${w.name}\` |`);
  });
});
