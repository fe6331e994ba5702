import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { starterRepo } from '../support/git-repo.js';

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
  it('passes staged changes that touch no gate', () => {
    const { app, git } = repo();
    writeFileSync(join(app, 'examples/new.html'), '<p>x</p>\n');
    git('add', '-A');
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
    expect(human.stdout).toContain('hard gate contracts');
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
    expect(claude.permissions).toEqual({ allow: ['Read'] });
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
