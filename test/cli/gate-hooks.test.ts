import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AGENT_MARKERS } from '../../src/governance/agent-markers.js';
import { BIN, dsctl } from '../support/cli.js';
import { starterRepo } from '../support/git-repo.js';
import { tempDir } from '../support/temp-dir.js';

const repo = () => starterRepo('dsctl-gates-');

interface GateEnvelope {
  ok: boolean;
  data: { hard: { gate: string; path: string; change: string }[]; soft: { gate: string; path: string; reason: string }[]; escalation: Record<string, unknown> | null };
}
const gateJson = (app: string, args: string[]) => {
  const run = dsctl(['gate', 'check', '--json', ...args], app);
  return { code: run.code, envelope: JSON.parse(run.stdout) as GateEnvelope };
};

describe('dsctl gate check (built binary, real git)', () => {
  it('passes staged changes that touch no gate; a UI file is only flagged for a person to review (brand-approval)', () => {
    const { app, git } = repo();
    writeFileSync(join(app, 'examples/new.html'), '<p>x</p>\n');
    writeFileSync(join(app, 'docs/notes.md'), 'x\n');
    git('add', '-A');
    expect(gateJson(app, ['--staged'])).toMatchObject({ code: 0, envelope: { ok: true, data: { hard: [], soft: [{ gate: 'brand-approval', path: 'examples/new.html', needs: 'human', blocking: false }], escalation: null } } });
    git('rm', '-q', '--cached', 'examples/new.html');
    expect(gateJson(app, ['--staged'])).toMatchObject({ code: 0, envelope: { ok: true, data: { hard: [], soft: [], escalation: null } } });
  });

  it('fails on a staged edit, a deletion and both sides of a rename, with an escalation payload', () => {
    const { app, git } = repo();
    writeFileSync(join(app, 'design/contracts/rules.json'), readFileSync(join(app, 'design/contracts/rules.json'), 'utf8').replace('"1.0.0"', '"1.0.1"'));
    rmSync(join(app, 'AGENTS.md'));
    git('mv', 'design/authority.md', 'docs/authority.md');
    git('add', '-A');
    const { code, envelope } = gateJson(app, ['--staged']);
    expect(code).toBe(1);
    expect(envelope.data.hard.map((h) => `${h.change} ${h.path} ${h.gate}`).sort()).toEqual([
      'deleted AGENTS.md agents-md',
      'modified design/contracts/rules.json contracts',
      'renamed design/authority.md authority',
    ]);
    expect(envelope.data.escalation).toMatchObject({ workflow: 'gate-check', severity: 'blocking', evidence: expect.arrayContaining([expect.stringContaining('rules.json')]), human_question: expect.any(String) });
    const human = dsctl(['gate', 'check', '--staged'], app);
    expect(human.stdout).toContain('design/contracts/rules.json\n  error  modified: Tokens, rules and component contracts are the single source of truth; only a human changes them.  hard-gate/contracts\n');
  });

  it('lets a generated-region-only change of a two-layered file through, and not a body change', () => {
    const { app, git } = repo();
    const playbook = join(app, 'docs/loop-playbook.md');
    const policy = JSON.parse(readFileSync(join(app, 'design/policy.json'), 'utf8')) as { ci: { commands: string[] } };
    policy.ci.commands.push('npm test');
    // Regenerate only the playbook's regions by hand-free means: change the policy in a scratch copy, build, bring back only the playbook.
    writeFileSync(join(app, 'design/policy.json'), JSON.stringify(policy, null, 2));
    expect(dsctl(['build'], app).code).toBe(0);
    git('checkout', '--', 'design/policy.json');
    git('add', 'docs/loop-playbook.md');
    expect(gateJson(app, ['--staged']).code).toBe(0);
    writeFileSync(playbook, readFileSync(playbook, 'utf8').replace('# Tessera loop playbook', '# Tessera loops'));
    git('add', 'docs/loop-playbook.md');
    expect(gateJson(app, ['--staged']).envelope.data.hard.map((h) => h.gate)).toEqual(['playbook']);
  });

  it('checks a commit range, and flags a deleted test and fewer assertions as test-weakening', () => {
    const { app, git } = repo();
    mkdirSync(join(app, 'test'), { recursive: true });
    writeFileSync(join(app, 'test/a.test.ts'), 'expect(1).toBe(1);\nexpect(2).toBe(2);\n');
    writeFileSync(join(app, 'test/b.test.ts'), 'expect(1).toBe(1);\n');
    git('add', '-A');
    git('commit', '-qm', 'tests');
    const base = git('rev-parse', 'HEAD').trim();
    writeFileSync(join(app, 'test/a.test.ts'), 'expect(1).toBe(1);\n');
    rmSync(join(app, 'test/b.test.ts'));
    git('add', '-A');
    git('commit', '-qm', 'weaker');
    const { code, envelope } = gateJson(app, ['--range', `${base}..HEAD`]);
    expect(code).toBe(1);
    expect(envelope.data.hard).toEqual([]);
    expect(envelope.data.soft.map((s) => `${s.path}: ${s.reason}`).sort()).toEqual(['test/a.test.ts: assertions go down from 2 to 1', 'test/b.test.ts: a test file is deleted']);
  });

  it('refuses a bad --format, a bad --range and a summary it cannot write, with exit 2; an empty --summary writes none', () => {
    const { app } = repo();
    expect(dsctl(['gate', 'check', '--staged', '--format', 'sarf'], app)).toMatchObject({ code: 2, stderr: expect.stringContaining('--format must be one of github, json, sarif, stylish, got "sarf"; did you mean "sarif"?') });
    expect(dsctl(['gate', 'check', '--staged', '--format', 'github', '--json'], app)).toMatchObject({ code: 2, stderr: expect.stringContaining('--json and --format github both choose the output') });
    expect(dsctl(['gate', 'check', '--range', 'HEAD'], app)).toMatchObject({ code: 2, stderr: expect.stringContaining('--range expects A..B or A...B') });
    expect(dsctl(['gate', 'check', '--range', 'HEAD....HEAD'], app).code).toBe(2);
    expect(dsctl(['gate', 'check', '--staged', '--summary', 'design'], app)).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot append the summary to design') });
    expect(dsctl(['gate', 'check', '--staged', '--summary', ''], app).code).toBe(0);
  });

  it('checks explicit paths, and refuses ambiguous usage', () => {
    const { app } = repo();
    expect(gateJson(app, ['design/policy.json', 'examples/x.html']).envelope.data.hard.map((h) => h.gate)).toEqual(['policy']);
    expect(dsctl(['gate', 'check'], app).code).toBe(2);
    expect(dsctl(['gate', 'check', '--staged', 'x'], app).code).toBe(2);
  });
});

describe('dsctl hooks install (built binary)', () => {
  it('merges into existing settings, keeps what is there, and is idempotent', () => {
    const { app, git } = repo();
    mkdirSync(join(app, '.claude'), { recursive: true });
    writeFileSync(join(app, '.claude/settings.json'), JSON.stringify({ permissions: { allow: ['Read'] }, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'my-own-guard' }] }] } }));
    const first = dsctl(['hooks', 'install', '--claude', '--cursor', '--codex', '--git', '--command', 'dsctl'], app);
    expect(first.code, first.stderr).toBe(0);
    const claude = JSON.parse(readFileSync(join(app, '.claude/settings.json'), 'utf8')) as { permissions: unknown; hooks: Record<string, { hooks: { command: string }[] }[]> };
    // The user's own permissions stay; dsctl adds its deny rules beside them.
    expect(claude.permissions).toMatchObject({ allow: ['Read'] });
    expect(claude.hooks.PreToolUse?.flatMap((g) => g.hooks.map((h) => h.command))).toEqual(['my-own-guard', 'dsctl hook claude pre-tool-use']);
    expect(claude.hooks.PostToolUse?.[0]?.hooks[0]?.command).toBe('dsctl hook claude post-tool-use');
    expect(claude.hooks.Stop?.[0]?.hooks[0]?.command).toBe('dsctl hook claude stop');
    const cursor = JSON.parse(readFileSync(join(app, '.cursor/hooks.json'), 'utf8')) as { version: number; hooks: Record<string, { command: string }[]> };
    expect(cursor.version).toBe(1);
    expect(cursor.hooks.beforeShellExecution?.[0]?.command).toBe('dsctl hook cursor before-shell-execution');
    expect(JSON.parse(readFileSync(join(app, '.codex/hooks.json'), 'utf8')).hooks.PreToolUse[0].hooks[0].command).toBe('dsctl hook codex pre-tool-use');
    const preCommit = join(app, git('rev-parse', '--git-path', 'hooks').trim(), 'pre-commit');
    expect(readFileSync(preCommit, 'utf8')).toContain('dsctl gate check --staged');

    const snapshot = ['.claude/settings.json', '.cursor/hooks.json', '.codex/hooks.json'].map((f) => readFileSync(join(app, f), 'utf8'));
    expect(dsctl(['hooks', 'install', '--claude', '--cursor', '--codex', '--git', '--command', 'dsctl'], app).stderr).toContain('already installed');
    expect(['.claude/settings.json', '.cursor/hooks.json', '.codex/hooks.json'].map((f) => readFileSync(join(app, f), 'utf8'))).toEqual(snapshot);
  });

  it('with no flags installs every agent, says which, and that the git hook is separate', () => {
    const { app } = repo();
    const run = dsctl(['hooks', 'install', '--command', 'dsctl'], app);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('dsctl hooks for Claude Code, Cursor, Codex');
    expect(run.stderr).toContain('git pre-commit hook (dsctl gate check --staged) is separate: dsctl hooks install --git');
    for (const file of ['.claude/settings.json', '.cursor/hooks.json', '.codex/hooks.json']) expect(existsSync(join(app, file))).toBe(true);
  });

  it('brings an older install up to date: every tool matched, more time for the hook', () => {
    const { app } = repo();
    mkdirSync(join(app, '.claude'), { recursive: true });
    const old = { hooks: { PreToolUse: [{ matcher: 'Write|Edit|MultiEdit|NotebookEdit|Bash', hooks: [{ type: 'command', command: 'dsctl hook claude pre-tool-use', timeout: 30 }] }] } };
    writeFileSync(join(app, '.claude/settings.json'), JSON.stringify(old));
    expect(dsctl(['hooks', 'install', '--claude', '--command', 'dsctl'], app).code).toBe(0);
    const now = JSON.parse(readFileSync(join(app, '.claude/settings.json'), 'utf8')) as { hooks: { PreToolUse: { matcher: string; hooks: { timeout: number }[] }[] } };
    expect(now.hooks.PreToolUse).toHaveLength(1);
    expect(now.hooks.PreToolUse[0]).toMatchObject({ matcher: '.*', hooks: [{ timeout: 60 }] });
  });

  it('the git pre-commit hook refuses a commit that touches a hard gate', () => {
    const { app, git } = repo();
    expect(dsctl(['hooks', 'install', '--git', '--command', `${process.execPath} ${join(__dirname, '../../dist/dsctl.js')}`], app).code).toBe(0);
    writeFileSync(join(app, 'AGENTS.md'), '# changed\n');
    git('add', '-A');
    expect(() => git('commit', '-qm', 'sneaky')).toThrow();
    expect(git('log', '--oneline').trim().split('\n')).toHaveLength(1);
  });

  it('refuses a settings file that is not JSON, leaving it alone', () => {
    const { app } = repo();
    mkdirSync(join(app, '.claude'), { recursive: true });
    writeFileSync(join(app, '.claude/settings.json'), '{ broken');
    const run = dsctl(['hooks', 'install', '--claude'], app);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('.claude/settings.json');
    expect(readFileSync(join(app, '.claude/settings.json'), 'utf8')).toBe('{ broken');
  });
});

interface Step {
  name?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

/** The environment of a person's shell: no agent, sandbox or runner markers, whoever runs the tests. */
function personEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' };
  for (const m of AGENT_MARKERS) delete env[m.variable];
  delete env.CI;
  return { ...env, ...extra };
}

describe('the starter CI workflow runs dsctl gate check (built binary, real git)', () => {
  const workflow = (app: string) => parse(readFileSync(join(app, '.github/workflows/design-check.yml'), 'utf8')) as { on: Record<string, unknown>; jobs: Record<string, { if?: string; steps: Step[] }> };
  const gateStep = (app: string) => {
    const steps = Object.values(workflow(app).jobs).flatMap((j) => j.steps);
    const step = steps.find((s) => s.run?.includes('dsctl gate check'));
    if (!step?.run) throw new Error('no step runs dsctl gate check');
    return { step, steps };
  };

  it('triggers on pull requests and pushes to the default branch, with both commits fetched', () => {
    const { app } = starterRepo('dsctl-ci-');
    const wf = workflow(app);
    // The schedule and the manual trigger are the benchmark jobs'; the design check runs on the first two only.
    expect(Object.keys(wf.on).sort()).toEqual(['pull_request', 'push', 'schedule', 'workflow_dispatch']);
    expect(wf.on.push).toEqual({ branches: ['main'] });
    expect(wf.jobs['design-check']?.if).toBe("github.event_name == 'pull_request' || github.event_name == 'push'");
    const { step, steps } = gateStep(app);
    expect(steps.find((s) => s.uses?.startsWith('actions/checkout'))?.with?.['fetch-depth']).toBe(0);
    expect(step.env?.BASE).toContain('github.event.pull_request.base.sha');
    expect(step.env?.BASE).toContain('github.event.before');
    expect(step.run).toContain('--summary "$GITHUB_STEP_SUMMARY"');
  });

  it('fails a change of a contract with a summary naming gate, path and reason; passes a change of src/ only', () => {
    const { app, git } = starterRepo('dsctl-ci-');
    // What `npm install` gives CI: dsctl under node_modules, its bin linked (node_modules is ignored).
    mkdirSync(join(app, 'node_modules/.bin'), { recursive: true });
    symlinkSync(fileURLToPath(new URL('../..', import.meta.url)), join(app, 'node_modules/dsctl'));
    symlinkSync('../dsctl/dist/dsctl.js', join(app, 'node_modules/.bin/dsctl'));
    expect(git('status', '--porcelain')).toBe('');
    const { step } = gateStep(app);
    const base = git('rev-parse', 'HEAD').trim();
    const rules = join(app, 'design/contracts/rules.json');
    writeFileSync(rules, readFileSync(rules, 'utf8').replace('"1.0.0"', '"1.0.1"'));
    git('commit', '-qam', 'edit a contract');
    const contract = git('rev-parse', 'HEAD').trim();
    mkdirSync(join(app, 'src'), { recursive: true });
    writeFileSync(join(app, 'src/App.tsx'), 'export const App = () => null;\n');
    git('add', '-A');
    git('commit', '-qm', 'app code');
    const appOnly = git('rev-parse', 'HEAD').trim();

    // Exactly the workflow's `run:` script, with what GitHub's expressions give it in the environment.
    const run = (baseSha: string, headSha: string) => {
      const summary = join(tempDir('dsctl-summary-'), 'summary.md');
      const result = spawnSync('/bin/sh', ['-c', step.run as string], { cwd: app, encoding: 'utf8', env: personEnv({ BASE: baseSha, HEAD: headSha, GITHUB_STEP_SUMMARY: summary, npm_config_offline: 'true', npm_config_update_notifier: 'false' }), timeout: 60_000 });
      return { code: result.status, stdout: result.stdout, stderr: result.stderr, summary: existsSync(summary) ? readFileSync(summary, 'utf8') : '' };
    };

    const blocked = run(base, contract);
    expect(blocked.code, blocked.stderr).toBe(1);
    expect(blocked.summary).toContain('## dsctl gate check: blocked');
    expect(blocked.summary).toContain('| `contracts` | `design/contracts/rules.json` | modified | Tokens, rules and component contracts are the single source of truth; only a human changes them. |');
    expect(blocked.summary).toContain('CODEOWNERS');
    expect(blocked.stdout).toContain('::error file=design/contracts/rules.json,title=hard-gate/contracts::modified: Tokens, rules and component contracts');

    // App code passes; its UI is only flagged for a person to review (brand-approval does not block).
    const clean = run(contract, appOnly);
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.summary).toContain('## dsctl gate check: passed, for a person to review');
    expect(clean.summary).toContain('| `brand-approval` | `src/App.tsx` |');
    expect(clean.stdout).toBe('::notice file=src/App.tsx,title=soft-gate/brand-approval::a UI file is added: visual judgment (hierarchy, warmth, product fit) needs a person%0Afor a person to review; does not block\n');

    // The base branch moved on (it has the contract change), the head did not: three dots count only the head's changes.
    const behind = run(contract, base);
    expect(behind.code, behind.stderr).toBe(0);

    // The first push of a branch has an all-zero before: the check starts at the first commit.
    const created = run('0000000000000000000000000000000000000000', appOnly);
    expect(created.code).toBe(1);
    expect(created.summary).toContain('design/contracts/rules.json');
  });
});

describe('dsctl gate check --staged: a person\'s path through the gate (built binary, real git)', () => {
  /** Runs the built binary on a real pseudo-terminal (util-linux script), typing `input`. */
  const onTty = (app: string, args: string, input: string, extra: Record<string, string> = {}) => {
    const result = spawnSync('script', ['-qec', `${process.execPath} ${BIN} ${args}`, '/dev/null'], { cwd: app, encoding: 'utf8', input, env: personEnv(extra), timeout: 30_000 });
    return { code: result.status, out: result.stdout };
  };
  const stageContractEdit = (app: string, git: (...a: string[]) => string) => {
    writeFileSync(join(app, 'AGENTS.md'), '# Agents\n\nA person changed this on purpose.\n');
    git('add', '-A');
  };

  it('the block says how a person proceeds', () => {
    const { app, git } = starterRepo('dsctl-approve-');
    stageContractEdit(app, git);
    const run = dsctl(['gate', 'check', '--staged'], app);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('git diff --cached');
    expect(run.stderr).toContain('dsctl gate approve --staged');
    expect(run.stderr).toContain('git restore --staged <path>');
  });

  it('approve on a terminal records the exact staged tree; the pre-commit then passes, and any further change needs a new approval', () => {
    const { app, git } = starterRepo('dsctl-approve-');
    git('config', 'user.name', 'Dana Person');
    git('config', 'user.email', 'dana@example.com');
    expect(dsctl(['hooks', 'install', '--git', '--command', `${process.execPath} ${BIN}`], app).code).toBe(0);
    stageContractEdit(app, git);

    const declined = onTty(app, 'gate approve --staged', 'n\n');
    expect(declined.code).toBe(1);
    expect(declined.out).toContain('AGENTS.md\r\n  error  modified: Workflow rules');
    expect(declined.out).toContain('hard-gate/agents-md');
    expect(declined.out).toContain('not approved');

    const approved = onTty(app, 'gate approve --staged', 'y\n');
    expect(approved.code, approved.out).toBe(0);
    expect(approved.out).toContain('Approve these changes as a person? [y/N]');
    expect(approved.out).toContain('as Dana Person');
    const tree = git('write-tree').trim();
    const file = join(app, git('rev-parse', '--git-path', 'dsctl/approvals').trim(), `${tree}.json`);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ tree, approved_by: { name: 'Dana Person', email: 'dana@example.com' }, covers: [{ gate: 'agents-md', path: 'AGENTS.md' }] });

    const check = dsctl(['gate', 'check', '--staged'], app);
    expect(check.code).toBe(0);
    expect(check.stderr).toContain('approved by Dana Person <dana@example.com>');
    const tail = JSON.parse(dsctl(['audit', 'tail', '--workflow', 'gate-approval', '--json'], app).stdout) as { data: { records: { actor: unknown; status: string; changed_paths: string[] }[] } };
    expect(tail.data.records).toMatchObject([{ actor: { name: 'Dana Person', email: 'dana@example.com' }, status: 'passed', changed_paths: ['AGENTS.md'] }]);
    expect(dsctl(['audit', 'verify'], app).code).toBe(0);

    // One more staged byte: another tree, no approval, the pre-commit blocks again.
    writeFileSync(join(app, 'AGENTS.md'), '# Agents\n\nA person changed this on purpose, and then again.\n');
    git('add', '-A');
    expect(dsctl(['gate', 'check', '--staged'], app).code).toBe(1);
    expect(() => git('commit', '-qm', 'changed after approval')).toThrow();
    // Back to the approved tree: the commit goes through the pre-commit hook.
    stageContractEdit(app, git);
    git('commit', '-qm', 'approved change');
    expect(git('log', '--format=%s', '-1').trim()).toBe('approved change');
  });

  it.each([
    [{ CLAUDECODE: '1' }, 'CLAUDECODE (Claude Code)'],
    [{ DSCTL_SANDBOX: '1' }, 'DSCTL_SANDBOX (dsctl sandbox)'],
    [{ DSCTL_RUN_ID: '20261201T000000Z-ui-self-repair-0000' }, 'DSCTL_RUN_ID (the dsctl loop runner)'],
  ])('is refused with exit 2 on a terminal when %j is set', (env, want) => {
    const { app, git } = starterRepo('dsctl-approve-');
    stageContractEdit(app, git);
    const run = onTty(app, 'gate approve --staged', 'y\n', env);
    expect(run.code).toBe(2);
    expect(run.out).toContain(want);
    expect(run.out).not.toContain('[y/N]');
    expect(existsSync(join(app, git('rev-parse', '--git-path', 'dsctl/approvals').trim()))).toBe(false);
  });

  it('is refused with exit 2 without a terminal, even with "y" on standard input', () => {
    const { app, git } = starterRepo('dsctl-approve-');
    stageContractEdit(app, git);
    const result = spawnSync(process.execPath, [BIN, 'gate', 'approve', '--staged'], { cwd: app, encoding: 'utf8', input: 'y\n', env: personEnv() });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('needs a terminal');
    expect(dsctl(['gate', 'check', '--staged'], app).code).toBe(1);
  });
});
