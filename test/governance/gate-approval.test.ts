import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runGateApprove, type Terminal } from '../../src/cli/gate.js';
import { plainColors, type CliIo } from '../../src/cli/io.js';
import { AGENT_MARKERS, agentMarkersIn } from '../../src/governance/agent-markers.js';
import { verifyLog } from '../../src/governance/audit-log.js';
import { approvalCovers, approvalsDir, findApproval, recordApproval, stagedTree } from '../../src/governance/gate-approval.js';
import { checkGates } from '../../src/governance/gate-check.js';
import { loadPolicy } from '../../src/project/policy.js';
import { starterProject } from '../support/project.js';

function repo() {
  const app = starterProject();
  const git = (...args: string[]) => execFileSync('git', ['-c', 'commit.gpgsign=false', ...args], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  git('init', '-q');
  git('config', 'user.name', 'Dana Person');
  git('config', 'user.email', 'dana@example.com');
  git('add', '-A');
  git('commit', '-qm', 'starter');
  return { app, git, log: join(app, '.dsctl/runs.jsonl') };
}

const identity = { name: 'Dana Person', email: 'dana@example.com' };

describe('agent markers', () => {
  it.each([
    [{ CLAUDECODE: '1' }, ['CLAUDECODE']],
    [{ CLAUDE_CODE_ENTRYPOINT: 'cli', CLAUDE_CODE_SESSION_ID: 'abc' }, ['CLAUDE_CODE_ENTRYPOINT', 'CLAUDE_CODE_SESSION_ID']],
    [{ CODEX_SANDBOX: 'seatbelt' }, ['CODEX_SANDBOX']],
    [{ CODEX_SANDBOX_NETWORK_DISABLED: '1' }, ['CODEX_SANDBOX_NETWORK_DISABLED']],
    [{ CODEX_THREAD_ID: 't' }, ['CODEX_THREAD_ID']],
    [{ CURSOR_AGENT: '1' }, ['CURSOR_AGENT']],
    [{ CURSOR_TRACE_ID: 'x' }, ['CURSOR_TRACE_ID']],
    [{ DSCTL_SANDBOX: '1' }, ['DSCTL_SANDBOX']],
    [{ DSCTL_RUN_ID: '20261201T000000Z-x-0000' }, ['DSCTL_RUN_ID']],
    [{ GEMINI_CLI: '1' }, ['GEMINI_CLI']],
    [{ CLAUDECODE: '' }, []],
    [{ CODEX_HOME: '/home/me/.codex', HOME: '/home/me', TERM: 'xterm' }, []],
  ])('%j → %j', (env, want) => {
    expect(agentMarkersIn(env).map((m) => m.variable)).toEqual(want);
  });

  it('the table names every marker once, each with who sets it', () => {
    const names = AGENT_MARKERS.map((m) => m.variable);
    expect(new Set(names).size).toBe(names.length);
    for (const m of AGENT_MARKERS) expect(m.who.length * m.verified.length).toBeGreaterThan(0);
  });
});

describe('gate approvals (real git, in-process)', () => {
  it('records the staged tree, is found again, and is appended to the audit log with the identity', async () => {
    const { app, git, log } = repo();
    writeFileSync(join(app, 'AGENTS.md'), '# changed by a person\n');
    git('add', '-A');
    const loaded = await loadPolicy({ cwd: app });
    const result = checkGates(loaded, { kind: 'staged' });
    const tree = stagedTree(app);
    const { approval, file, record } = await recordApproval({ top: app, runLog: log, tree, identity, result, now: new Date('2026-12-01T10:00:00Z') });
    expect(file).toBe(join(approvalsDir(app), `${tree}.json`));
    expect(file.startsWith(join(app, '.git', 'dsctl', 'approvals'))).toBe(true);
    expect(approval.covers).toEqual([{ kind: 'hard', gate: 'agents-md', path: 'AGENTS.md', change: 'modified' }]);
    expect(record).toMatchObject({ workflow: 'gate-approval', status: 'passed', trigger: 'manual', actor: identity, changed_paths: ['AGENTS.md'] });
    expect(verifyLog(log).ok).toBe(true);
    const found = findApproval(app, tree, log);
    expect(found.status).toBe('valid');
    expect(found.status === 'valid' && approvalCovers(found.approval, result)).toBe(true);
  });

  it('any change to the staged tree gives another tree, which has no approval', async () => {
    const { app, git, log } = repo();
    writeFileSync(join(app, 'AGENTS.md'), '# one\n');
    git('add', '-A');
    const result = checkGates(await loadPolicy({ cwd: app }), { kind: 'staged' });
    await recordApproval({ top: app, runLog: log, tree: stagedTree(app), identity, result });
    writeFileSync(join(app, 'examples/extra.html'), '<p>x</p>\n');
    git('add', '-A');
    expect(findApproval(app, stagedTree(app), log)).toEqual({ status: 'none' });
  });

  it.each([
    { name: 'a forged file the audit log does not know', forge: (file: string, tree: string, head: string) => writeFileSync(file, JSON.stringify({ schema: 'dsctl.gate-approval/v1', tree, head, run_id: '20261201T000000Z-gate-approval-ffff', approved_by: identity, approved_at: '2026-12-01T00:00:00.000Z', covers: [] })), want: 'has no gate-approval record' },
    { name: 'a file of another shape', forge: (file: string) => writeFileSync(file, '{"approved": true}'), want: 'is not a dsctl.gate-approval/v1 record' },
    { name: 'a file that is not JSON', forge: (file: string) => writeFileSync(file, '{'), want: 'is not JSON' },
    { name: 'a file for another tree', forge: (file: string) => writeFileSync(file, JSON.stringify({ schema: 'dsctl.gate-approval/v1', tree: 'a'.repeat(40), head: null, run_id: 'x', approved_by: identity, approved_at: '2026-12-01T00:00:00.000Z', covers: [] })), want: 'approves tree' },
  ])('refuses $name', async ({ forge, want }) => {
    const { app, git, log } = repo();
    writeFileSync(join(app, 'AGENTS.md'), '# sneaky\n');
    git('add', '-A');
    const tree = stagedTree(app);
    const file = join(approvalsDir(app), `${tree}.json`);
    execFileSync('mkdir', ['-p', approvalsDir(app)]);
    forge(file, tree, git('rev-parse', 'HEAD').trim());
    const found = findApproval(app, tree, log);
    expect(found.status).toBe('invalid');
    expect(found.status === 'invalid' && found.reason).toContain(want);
  });

  it('is not reused once HEAD moved on, for the same tree on top of another commit', async () => {
    const { app, git, log } = repo();
    writeFileSync(join(app, 'AGENTS.md'), '# approved\n');
    git('add', '-A');
    const tree = stagedTree(app);
    await recordApproval({ top: app, runLog: log, tree, identity, result: checkGates(await loadPolicy({ cwd: app }), { kind: 'staged' }) });
    expect(findApproval(app, tree, log).status).toBe('valid');
    git('commit', '-qm', 'approved', '--no-verify');
    const found = findApproval(app, tree, log);
    expect(found.status).toBe('invalid');
    expect(found.status === 'invalid' && found.reason).toContain('HEAD is now');
  });

  it('an approval does not cover a finding it did not list (a flag set after approving)', async () => {
    const { app, git, log } = repo();
    writeFileSync(join(app, 'AGENTS.md'), '# one\n');
    git('add', '-A');
    const loaded = await loadPolicy({ cwd: app });
    const { approval } = await recordApproval({ top: app, runLog: log, tree: stagedTree(app), identity, result: checkGates(loaded, { kind: 'staged' }) });
    git('update-index', '--assume-unchanged', 'design/contracts/rules.json');
    expect(approvalCovers(approval, checkGates(loaded, { kind: 'staged' }))).toBe(false);
  });
});

describe('dsctl gate approve (in-process, injected terminal)', () => {
  const io = (cwd: string, env: Record<string, string> = {}) => {
    const out: string[] = [];
    const err: string[] = [];
    const value: CliIo = { cwd, env, stdout: (t) => out.push(t), stderr: (t) => err.push(t), readStdin: async () => '', interactive: false, out: plainColors(), err: plainColors() };
    return { value, out, err };
  };
  const terminal = (answer: string, interactive = true): Terminal & { asked: string[] } => {
    const asked: string[] = [];
    return { interactive, asked, ask: async (q) => (asked.push(q), answer) };
  };
  const ctx = (value: CliIo) => ({ io: value, configPath: undefined, commands: new Set<string>() });

  it.each([
    [{ CLAUDECODE: '1' }, 'CLAUDECODE (Claude Code)'],
    [{ DSCTL_SANDBOX: '1' }, 'DSCTL_SANDBOX (dsctl sandbox)'],
    [{ DSCTL_RUN_ID: 'r' }, 'DSCTL_RUN_ID (the dsctl loop runner)'],
    [{ CODEX_SANDBOX_NETWORK_DISABLED: '1' }, 'Codex'],
  ])('refuses with %j set, before asking anything', async (env, want) => {
    const { app, git } = repo();
    writeFileSync(join(app, 'AGENTS.md'), '# x\n');
    git('add', '-A');
    const t = terminal('y');
    await expect(runGateApprove(ctx(io(app, env).value), { staged: true }, t)).rejects.toThrow(want);
    expect(t.asked).toEqual([]);
    expect(existsSync(approvalsDir(app))).toBe(false);
  });

  it('refuses without a terminal, and without --staged', async () => {
    const { app } = repo();
    await expect(runGateApprove(ctx(io(app).value), { staged: true }, terminal('y', false))).rejects.toMatchObject({ code: 'gate/approve-no-tty' });
    await expect(runGateApprove(ctx(io(app).value), {}, terminal('y'))).rejects.toMatchObject({ code: 'usage/gate' });
  });

  it('lists the gated changes, records on "y", records nothing on anything else', async () => {
    const { app, git, log } = repo();
    writeFileSync(join(app, 'AGENTS.md'), '# x\n');
    git('add', '-A');
    const declined = io(app);
    expect(await runGateApprove(ctx(declined.value), { staged: true }, terminal(''))).toBe(1);
    expect(declined.err.join('')).toContain('AGENTS.md\n  error  modified: Workflow rules, loading paths and the meaning of human gates for agents are human decisions.  hard-gate/agents-md\n');
    expect(existsSync(log)).toBe(false);
    const approved = io(app);
    const t = terminal('y');
    expect(await runGateApprove(ctx(approved.value), { staged: true }, t)).toBe(0);
    expect(t.asked).toEqual(['Approve these changes as a person? [y/N] ']);
    expect(approved.err.join('')).toContain('as Dana Person');
    expect(JSON.parse(readFileSync(log, 'utf8').trim())).toMatchObject({ workflow: 'gate-approval', actor: identity });
  });

  it('records nothing when the staged changes change while the person decides', async () => {
    const { app, git, log } = repo();
    writeFileSync(join(app, 'AGENTS.md'), '# x\n');
    git('add', '-A');
    const run = io(app);
    const sneaky: Terminal = {
      interactive: true,
      ask: async () => {
        writeFileSync(join(app, 'design/contracts/rules.json'), '{}\n');
        git('add', '-A');
        return 'y';
      },
    };
    expect(await runGateApprove(ctx(run.value), { staged: true }, sneaky)).toBe(1);
    expect(run.err.join('')).toContain('changed while you decided');
    expect(existsSync(log)).toBe(false);
  });

  it('says there is nothing to approve when no gate is touched', async () => {
    const { app } = repo();
    const run = io(app);
    expect(await runGateApprove(ctx(run.value), { staged: true }, terminal('y'))).toBe(0);
    expect(run.err.join('')).toContain('nothing to approve');
  });
});
