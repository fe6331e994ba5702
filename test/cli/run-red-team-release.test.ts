import { spawn } from 'node:child_process';
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, dsctl } from '../support/cli.js';
import { starterRepo } from '../support/git-repo.js';
import { editJson } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';

interface RunEnvelope {
  ok: boolean;
  data: {
    run_id: string;
    status: string;
    resumed: boolean;
    record: { status: string; commands: string[]; changed_paths: string[]; escalation: null | { stuck_reason: string; evidence: string[] } };
    result: null | Record<string, unknown>;
  };
}

const run = (app: string, args: string[], env: Record<string, string> = {}) => {
  const r = dsctl(['run', ...args, '--json'], app, { CI: '', ...env });
  return { code: r.code, stderr: r.stderr, envelope: JSON.parse(r.stdout) as RunEnvelope };
};

function script(steps: unknown[]): string {
  const path = join(tempDir('dsctl-script-'), 'agent.json');
  writeFileSync(path, JSON.stringify({ steps }));
  return path;
}

const claim = (rule: string, snippet: string, line: number) => ({ rule, description: rule, snippet, line });
const CAUGHT = '<p class="text-black">Total</p>';
const ESCAPE = '<button type="button" class="btn bg-danger text-on-primary">Delete everything</button>';

describe('dsctl run red-team (W4, scripted agent, real git repo)', () => {
  const attack = (snippets: { rule: string; snippet: string }[]) => ({
    write: { 'redteam/{run_id}/attack.html': `${snippets.map((s) => s.snippet).join('\n')}\n` },
    output: { artifacts: [{ file: 'redteam/{run_id}/attack.html', claims: snippets.map((s, i) => claim(s.rule, s.snippet, i + 1)) }] },
  });

  it('passes when every claimed break is caught; nothing is proposed', () => {
    const { app } = starterRepo();
    const { code, envelope } = run(app, ['red-team', '--agent', 'scripted', '--script', script([attack([{ rule: 'COLOR_NO_RAW_BLACK_WHITE', snippet: CAUGHT }])])]);
    expect(code).toBe(0);
    expect(envelope.data.record.status).toBe('passed');
    expect(existsSync(join(app, 'docs/loop-learnings'))).toBe(false);
  });

  it('escalates a confirmed escape as a quarantined proposal, never touching the rules', () => {
    const { app, git } = starterRepo();
    const s = script([attack([{ rule: 'COLOR_NO_RAW_BLACK_WHITE', snippet: CAUGHT }, { rule: 'DESTRUCTIVE_NEEDS_CONFIRMATION', snippet: ESCAPE }])]);
    const { code, envelope } = run(app, ['red-team', '--agent', 'scripted', '--script', s]);
    expect(code).toBe(1);
    expect(envelope.data.record.status).toBe('escalated');
    const learnings = readdirSync(join(app, 'docs/loop-learnings'));
    expect(learnings).toHaveLength(1);
    const text = readFileSync(join(app, 'docs/loop-learnings', learnings[0] ?? ''), 'utf8');
    expect(text).toMatch(/^---\nstatus: proposal\n/);
    expect(text).toContain('DESTRUCTIVE_NEEDS_CONFIRMATION');
    expect(text).toContain(`redteam/${envelope.data.run_id}/attack.html`);
    // Only the quarantine changed among tracked paths (redteam/ is ignored by git).
    expect(git('status', '--porcelain').trim().split('\n')).toEqual(['?? docs/loop-learnings/']);
  });

  it('fails when the agent answers without a valid claims list', () => {
    const { app } = starterRepo();
    const { code, envelope } = run(app, ['red-team', '--agent', 'scripted', '--script', script([{ output: { artifacts: 'none' } }])]);
    expect(code).toBe(1);
    expect(envelope.data.record.status).toBe('failed');
  });

  it('refuses to start (exit 2, no record) when the output path is not hook-excluded', () => {
    const { app, git } = starterRepo();
    editJson(app, 'design/policy.json', (policy: { hookExclusions: string[] }) => {
      policy.hookExclusions = policy.hookExclusions.filter((p) => !p.startsWith('redteam'));
    });
    git('commit', '-qam', 'red-team path no longer excluded');
    const r = dsctl(['run', 'red-team', '--agent', 'scripted', '--script', script([{}])], app);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/hookExclusions/);
    expect(existsSync(join(app, '.dsctl/runs.jsonl'))).toBe(false);
  });
});

describe('dsctl run release-readiness (W5, real git repo, real npm pack and MCP boot)', () => {
  /** The starter's CI commands are `npm run design:*`, which call `dsctl`: a shim first on PATH runs the built one. */
  function withShim(): Record<string, string> {
    const dir = tempDir('dsctl-shim-');
    writeFileSync(join(dir, 'dsctl'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
    chmodSync(join(dir, 'dsctl'), 0o755);
    return { PATH: `${dir}${delimiter}${process.env.PATH ?? ''}` };
  }

  it('passes on the starter and writes the readiness report; publishes nothing', () => {
    const { app, git } = starterRepo();
    const { code, envelope, stderr } = run(app, ['release-readiness'], withShim());
    expect(code, stderr).toBe(0);
    expect(envelope.data.record.commands).toEqual(expect.arrayContaining(['npm run design:check', 'npm run design:lint', 'npm run design:drift']));
    const report = JSON.parse(readFileSync(join(app, '.dsctl/reports/release-readiness.json'), 'utf8')) as { ready: boolean };
    expect(report.ready).toBe(true);
    expect(readFileSync(join(app, '.dsctl/reports/release-readiness.md'), 'utf8')).toMatch(/publish/i);
    expect(git('tag')).toBe('');
  }, 120_000);

  it('escalates when a CI command fails, with its output as evidence', () => {
    const { app, git } = starterRepo();
    writeFileSync(join(app, 'examples/new.html'), '<p class="text-black">new</p>\n');
    git('add', '-A');
    git('commit', '-qm', 'an unbaselined page');
    const { code, envelope } = run(app, ['release-readiness'], withShim());
    expect(code).toBe(1);
    expect(envelope.data.record.status).toBe('escalated');
    expect(envelope.data.record.escalation?.evidence.join('\n')).toContain('npm run design:lint');
  }, 120_000);

  it('resumes after SIGKILL during a CI command: commands that finished are not run again', async () => {
    const { app, git } = starterRepo();
    const scratch = tempDir('dsctl-w5-');
    const log = join(scratch, 'ran.log');
    const gate = join(scratch, 'go');
    editJson(app, 'design/policy.json', (policy: { ci: { commands: string[] } }) => {
      policy.ci.commands = [`echo first >> '${log}'`, `echo second >> '${log}' && (test -f '${gate}' || sleep 60)`, ...policy.ci.commands];
    });
    git('commit', '-qam', 'slow CI command');
    const child = spawn(process.execPath, [BIN, 'run', 'release-readiness'], { cwd: app, stdio: 'ignore', env: { ...process.env, ...withShim(), CI: '' } });
    const end = Date.now() + 20_000;
    while (!(existsSync(log) && readFileSync(log, 'utf8').includes('second'))) {
      if (Date.now() > end) throw new Error('the slow command never started');
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('close', r));
    const runId = readdirSync(join(app, '.dsctl/runs'))[0] ?? '';
    writeFileSync(gate, '');
    const resumed = dsctl(['run', 'resume', runId, '--json'], app, withShim());
    const envelope = JSON.parse(resumed.stdout) as RunEnvelope;
    // The run finishes (escalated: the new CI commands are not in the playbook yet, so design:drift fails).
    expect(envelope.data).toMatchObject({ run_id: runId, resumed: true, status: 'escalated' });
    // The finished command is not run again; the one the kill interrupted is.
    expect(readFileSync(log, 'utf8')).toBe('first\nsecond\nsecond\n');
    expect(readFileSync(join(app, '.dsctl/runs.jsonl'), 'utf8').trim().split('\n')).toHaveLength(1);
  }, 120_000);
});
