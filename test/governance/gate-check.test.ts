import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkGates, type GateCheckResult } from '../../src/governance/gate-check.js';
import { gateEscalation, gateProblems, gateSummaryMarkdown } from '../../src/governance/gate-report.js';
import { loadPolicy } from '../../src/project/policy.js';
import { initProject } from '../../src/project/init.js';
import { editJson, readJson, starterProject } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';

/** The starter (written in-process) committed to a fresh git repository. */
function repo() {
  const app = starterProject();
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', '-c', 'protocol.file.allow=always', ...args], { cwd: app, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'starter');
  const check = async (source: Parameters<typeof checkGates>[1] = { kind: 'staged' }) => checkGates(await loadPolicy({ cwd: app }), source);
  return { app, git, check };
}

const hardOf = (r: GateCheckResult) => r.hard.map((h) => `${h.change} ${h.path} ${h.gate}${h.detail ? ` (${h.detail})` : ''}`).sort();

describe('gate check sees more than content (real git)', () => {
  it('a mode change of a gated file (chmod +x) is a change; of another file it is not', async () => {
    const { app, git, check } = repo();
    chmodSync(join(app, 'AGENTS.md'), 0o755);
    chmodSync(join(app, 'examples/clean.html'), 0o755);
    git('add', '-A');
    expect(hardOf(await check())).toEqual(['mode-changed AGENTS.md agents-md (mode 100644 → 100755)']);
  });

  it('content and mode together are a modification that names the mode', async () => {
    const { app, git, check } = repo();
    writeFileSync(join(app, 'AGENTS.md'), '# changed\n');
    chmodSync(join(app, 'AGENTS.md'), 0o755);
    git('add', '-A');
    expect(hardOf(await check())).toEqual(['modified AGENTS.md agents-md (content and mode 100644 → 100755)']);
  });

  it('a gated file replaced by a symlink is a type change', async () => {
    const { app, git, check } = repo();
    rmSync(join(app, 'design/authority.md'));
    symlinkSync('../README.md', join(app, 'design/authority.md'));
    git('add', '-A');
    expect(hardOf(await check())).toEqual(['type-changed design/authority.md authority (file → symlink)']);
  });

  it('a submodule (gitlink) added under a gated path, and its .gitmodules entry', async () => {
    const { git, check } = repo();
    const other = tempDir('dsctl-sub-');
    execFileSync('git', ['init', '-q'], { cwd: other });
    writeFileSync(join(other, 'x.json'), '{}');
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'add', '-A'], { cwd: other });
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', 'commit', '-qm', 'x'], { cwd: other });
    git('submodule', 'add', '-q', other, 'design/contracts/vendor');
    expect(hardOf(await check())).toEqual([
      'submodule design/contracts/vendor contracts (.gitmodules adds the submodule at design/contracts/vendor)',
      'submodule design/contracts/vendor contracts (a submodule (gitlink) is added)',
    ]);
  });

  it('a .gitmodules entry that re-points a submodule at a gated path, alone', async () => {
    const { app, git, check } = repo();
    writeFileSync(join(app, '.gitmodules'), '[submodule "x"]\n\tpath = examples/x\n\turl = https://example.com/a.git\n');
    git('add', '-A');
    git('commit', '-qm', 'a submodule entry elsewhere');
    writeFileSync(join(app, '.gitmodules'), '[submodule "x"]\n\tpath = design\n\turl = https://example.com/a.git\n');
    git('add', '-A');
    expect(hardOf(await check())).toEqual(['submodule design contracts (.gitmodules adds the submodule at design)']);
  });

  it('assume-unchanged and skip-worktree flags on gated files are reported for --staged', async () => {
    const { git, check } = repo();
    git('update-index', '--assume-unchanged', 'design/contracts/rules.json');
    git('update-index', '--skip-worktree', 'AGENTS.md');
    git('update-index', '--assume-unchanged', 'examples/clean.html');
    expect((await check()).hard.map((h) => `${h.change} ${h.path}`).sort()).toEqual(['assume-unchanged design/contracts/rules.json', 'skip-worktree AGENTS.md']);
  });

  it('a file hidden by .git/info/exclude under a gate is reported for --staged', async () => {
    const { app, git, check } = repo();
    writeFileSync(join(app, git('rev-parse', '--git-path', 'info/exclude').trim()), 'design/contracts/evil.json\nscratch.txt\n');
    writeFileSync(join(app, 'design/contracts/evil.json'), '{}');
    writeFileSync(join(app, 'scratch.txt'), 'x');
    expect(git('status', '--porcelain').trim()).toBe('');
    expect((await check()).hard.map((h) => `${h.change} ${h.path} ${h.gate}`)).toEqual(['hidden-by-exclude design/contracts/evil.json contracts']);
  });

  it('a hidden file outside every gate, or an exclude file of comments only, reports nothing', async () => {
    const { app, git, check } = repo();
    const exclude = join(app, git('rev-parse', '--git-path', 'info/exclude').trim());
    writeFileSync(exclude, '# only comments\n');
    writeFileSync(join(app, 'design/contracts/x.json'), '{}');
    expect((await check()).hard.map((h) => h.change)).toEqual([]);
    writeFileSync(exclude, 'notes/\n');
    mkdirSync(join(app, 'notes'));
    writeFileSync(join(app, 'notes/todo.md'), 'x');
    expect((await check()).hard).toEqual([]);
  });

  it('index flags and hidden files do not count for --range (they are not in commits)', async () => {
    const { git, check } = repo();
    git('update-index', '--assume-unchanged', 'AGENTS.md');
    expect((await check({ kind: 'range', from: 'HEAD', to: 'HEAD' })).hard).toEqual([]);
  });
});

describe('gate check compares JSON-pointer gates by value (real git)', () => {
  const scripts = (app: string, edit: (s: Record<string, string>, pkg: Record<string, unknown>) => void) =>
    editJson<Record<string, unknown>>(app, 'package.json', (pkg) => edit(pkg.scripts as Record<string, string>, pkg));

  it.each([
    { name: 'a dependency added', edit: (_s: Record<string, string>, pkg: Record<string, unknown>) => (pkg.dependencies = { left: '1.0.0' }), want: [] },
    { name: 'another script added', edit: (s: Record<string, string>) => (s.dev = 'vite'), want: [] },
    { name: 'design:lint weakened', edit: (s: Record<string, string>) => (s['design:lint'] = 'true'), want: ['modified package.json ci-scripts (/scripts/design:lint changed)'] },
    { name: 'design:drift removed', edit: (s: Record<string, string>) => delete s['design:drift'], want: ['modified package.json ci-scripts (/scripts/design:drift changed)'] },
  ])('staged: $name', async ({ edit, want }) => {
    const { app, git, check } = repo();
    scripts(app, edit);
    git('add', '-A');
    expect(hardOf(await check())).toEqual(want);
  });

  it('a package.json that is no longer JSON, or deleted, is a change of every pointer', async () => {
    const { app, git, check } = repo();
    writeFileSync(join(app, 'package.json'), '{ oops');
    git('add', '-A');
    expect((await check()).hard[0]?.pointers).toEqual(['/scripts/design:check', '/scripts/design:lint', '/scripts/design:drift', '/scripts/design:build']);
    rmSync(join(app, 'package.json'));
    git('add', '-A');
    expect((await check()).hard.map((h) => h.change)).toEqual(['deleted']);
  });

  it('range: a commit that changes a design script fails, one that adds a dependency passes', async () => {
    const { app, git, check } = repo();
    const base = git('rev-parse', 'HEAD').trim();
    scripts(app, (_s, pkg) => (pkg.dependencies = { left: '1.0.0' }));
    git('commit', '-qam', 'dep');
    const dep = git('rev-parse', 'HEAD').trim();
    expect((await check({ kind: 'range', from: base, to: dep })).hard).toEqual([]);
    scripts(app, (s) => (s['design:check'] = 'echo skipped'));
    git('commit', '-qam', 'weaken');
    expect(hardOf(await check({ kind: 'range', from: dep, to: 'HEAD' }))).toEqual(['modified package.json ci-scripts (/scripts/design:check changed)']);
    expect(readFileSync(join(app, 'package.json'), 'utf8')).toContain('echo skipped');
  });

  it('range A...B counts only what the branch changed, not what its base did since (A..B does)', async () => {
    const { app, git, check } = repo();
    const main = git('rev-parse', '--abbrev-ref', 'HEAD').trim();
    git('branch', 'feature');
    const rules = join(app, 'design/contracts/rules.json');
    writeFileSync(rules, readFileSync(rules, 'utf8').replace('"1.0.0"', '"1.0.1"'));
    git('commit', '-qam', 'an approved contract change lands on the base branch');
    git('checkout', '-q', 'feature');
    mkdirSync(join(app, 'src'), { recursive: true });
    writeFileSync(join(app, 'src/App.tsx'), 'export {};\n');
    git('add', '-A');
    git('commit', '-qm', 'app code on the branch');
    git('checkout', '-q', main);
    expect((await check({ kind: 'range', from: main, to: 'feature', mergeBase: true })).hard).toEqual([]);
    expect(hardOf(await check({ kind: 'range', from: main, to: 'feature' }))).toEqual(['modified design/contracts/rules.json contracts']);
  });

  it('explicit paths name the pointers a write there would have to keep', async () => {
    const { check } = repo();
    const result = await check({ kind: 'paths', paths: ['package.json'] });
    expect(result.hard[0]).toMatchObject({ gate: 'ci-scripts', pointers: ['/scripts/design:check', '/scripts/design:lint', '/scripts/design:drift', '/scripts/design:build'] });
  });
});

describe('gate check: governance files are gated in the starter (real git)', () => {
  it.each([
    ['.claude/settings.json', 'agent-settings'],
    ['.cursor/hooks.json', 'agent-settings'],
    ['.codex/config.toml', 'agent-settings'],
    ['.mcp.json', 'agent-settings'],
    ['.github/workflows/design-check.yml', 'ci'],
    ['.github/CODEOWNERS', 'ci'],
    ['.husky/pre-commit', 'git-hooks'],
  ])('staging %s trips gate %s', async (path, gate) => {
    const { app, git, check } = repo();
    mkdirSync(join(app, path, '..'), { recursive: true });
    writeFileSync(join(app, path), 'changed\n');
    git('add', '-A');
    expect((await check()).hard.map((h) => `${h.path} ${h.gate}`)).toEqual([`${path} ${gate}`]);
  });
});

describe('gate check in a project below the top of its repository (real git)', () => {
  it('sees staged edits, pointer values, flags and hidden files under the project folder', async () => {
    const top = tempDir('dsctl-mono-');
    const app = join(top, 'packages/design');
    initProject(app);
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd: top, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'monorepo');
    editJson<{ scripts: Record<string, string> }>(app, 'package.json', (p) => (p.scripts['design:drift'] = 'true'));
    writeFileSync(join(top, 'package.json'), '{"scripts":{"design:drift":"true"}}\n');
    git('update-index', '--skip-worktree', 'packages/design/AGENTS.md');
    writeFileSync(join(top, '.git/info/exclude'), 'packages/design/design/contracts/hidden.json\n');
    writeFileSync(join(app, 'design/contracts/hidden.json'), '{}');
    git('add', '-A');
    const result = checkGates(await loadPolicy({ cwd: app }), { kind: 'staged' });
    expect(result.hard.map((h) => `${h.change} ${h.path} ${h.gate}`).sort()).toEqual([
      'hidden-by-exclude packages/design/design/contracts/hidden.json contracts',
      'modified packages/design/package.json ci-scripts',
      'skip-worktree packages/design/AGENTS.md agents-md',
    ]);
  });
});

describe('gate check runs the soft gates of policy.softGates (real git)', () => {
  const softOf = (r: GateCheckResult) => r.soft.map((s) => `${s.gate} ${s.path}: ${s.reason}${s.blocking ? '' : ' (review)'}`);

  it('in a project below the top of its repository, with the paths git reports and project-relative options', async () => {
    const top = tempDir('dsctl-mono-');
    const app = join(top, 'packages/design');
    initProject(app);
    mkdirSync(join(app, 'checks'));
    writeFileSync(join(app, 'checks/a.js'), 'check(1);\ncheck(2);\n');
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd: top, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    git('init', '-q');
    git('add', '-A');
    git('commit', '-qm', 'monorepo');
    editJson<{ softGates: { id: string; options?: unknown }[] }>(app, 'design/policy.json', (p) => {
      for (const g of p.softGates) if (g.id === 'test-weakening') g.options = { testFileGlobs: ['checks/**'], assertionPattern: String.raw`\bcheck\(` };
    });
    writeFileSync(join(app, 'checks/a.js'), 'check(1);\n');
    editJson<{ rules: { id: string; alternative?: string }[] }>(app, 'design/contracts/rules.json', (r) => {
      (r.rules[0] as { alternative?: string }).alternative = 'Anything goes.';
    });
    git('add', 'packages/design/checks', 'packages/design/design/contracts');
    const id = readJson<{ rules: { id: string }[] }>(app, 'design/contracts/rules.json').rules[0]?.id;
    expect(softOf(checkGates(await loadPolicy({ cwd: app }), { kind: 'staged' }))).toEqual([
      `rule-change packages/design/design/contracts/rules.json: rule ${id}: alternative changes`,
      'test-weakening packages/design/checks/a.js: assertions go down from 2 to 1',
    ]);
  });

  it('explicit paths: path-only gates flag, comparing gates say what they cannot tell, nothing is counted', async () => {
    const { check } = repo();
    const result = await check({ kind: 'paths', paths: ['examples/clean.html', 'design/contracts/rules.json', 'test/a.test.ts'] });
    expect(softOf(result)).toEqual([
      'brand-approval examples/clean.html: a UI file is modified: visual judgment (hierarchy, warmth, product fit) needs a person (review)',
      'rule-change design/contracts/rules.json: the rules file is written: with no old side to compare, which rules change is for a person to check',
    ]);
    expect(result.skipped.map((k) => k.gate)).toEqual(['mcp-public-contract']);
  });

  it('an empty policy.softGates runs none', async () => {
    const { app, git, check } = repo();
    editJson<{ softGates: unknown[] }>(app, 'design/policy.json', (p) => (p.softGates = []));
    rmSync(join(app, 'examples/clean.html'));
    editJson<{ rules: { severity: string }[] }>(app, 'design/contracts/rules.json', (r) => r.rules.pop());
    git('add', '-A');
    const result = await check();
    expect(result).toMatchObject({ soft: [], skipped: [] });
    expect(hardOf(result)).toEqual(['modified design/contracts/rules.json contracts', 'modified design/policy.json policy']);
  });
});

describe('gate report of soft flags', () => {
  const flag = (gate: string, blocking: boolean, needs: 'approval' | 'human' = 'approval') => ({ kind: 'soft' as const, gate, path: `${gate}.txt`, reason: `${gate} found`, needs, blocking });
  const result = (soft: GateCheckResult['soft'], skipped: GateCheckResult['skipped'] = []): GateCheckResult => ({ changes: [{ status: 'modified', path: 'x' }], hard: [], soft, skipped });

  it('gives blocking flags as errors and the rest as notes; an approval turns every finding into a note', () => {
    const r = result([flag('test-weakening', true), flag('brand-approval', false, 'human')]);
    expect(gateProblems(r)).toEqual([
      { severity: 'error', code: 'soft-gate/test-weakening', message: 'test-weakening found', file: 'test-weakening.txt', hint: 'a person must decide' },
      { severity: 'info', code: 'soft-gate/brand-approval', message: 'brand-approval found', file: 'brand-approval.txt', hint: 'for a person to review; does not block' },
    ]);
    const hard: GateCheckResult = { ...r, hard: [{ kind: 'hard', gate: 'contracts', reason: 'only a human', path: 'design/contracts/rules.json', change: 'modified' }] };
    expect(gateProblems(hard, 'Ada <ada@example.com>').map((p) => [p.severity, p.code, p.message, p.hint])).toEqual([
      ['info', 'hard-gate/contracts', 'modified: only a human', 'approved by Ada <ada@example.com>'],
      ['info', 'soft-gate/test-weakening', 'test-weakening found', 'approved by Ada <ada@example.com>'],
      ['info', 'soft-gate/brand-approval', 'brand-approval found', 'for a person to review; does not block'],
    ]);
  });

  it('summarises who decides, and the gates that did not run', () => {
    const blocked = gateSummaryMarkdown(result([flag('release', true), flag('brand-approval', true, 'human')], [{ gate: 'mcp-public-contract', reason: 'no file' }]), { kind: 'range', range: 'a...b' });
    expect(blocked).toContain('## dsctl gate check: blocked');
    expect(blocked).toContain('| `release` | `release.txt` | release found | a person must decide |');
    expect(blocked).toContain('| `brand-approval` | `brand-approval.txt` | brand-approval found | a person must judge it |');
    expect(blocked).toContain('Soft gate `mcp-public-contract` did not run: no file.');
    expect(blocked).toContain('CODEOWNERS');
    const none = gateSummaryMarkdown(result([], [{ gate: 'mcp-public-contract', reason: 'no file' }]), { kind: 'staged' });
    expect(none).toBe('## dsctl gate check: no gate touched\n\n1 changed path(s) in the staged changes; none is hard-gated and no soft gate flags any.\n\nSoft gate `mcp-public-contract` did not run: no file.\n');
  });

  it('escalates with the words of each blocking gate, and marks what needs a human', () => {
    expect(gateEscalation(result([flag('rule-change', true), flag('brand-approval', true, 'human'), flag('release', false)]))).toMatchObject({
      severity: 'error',
      stuck_reason: 'a change alters the lint rules; UI changes that only a person can judge visually',
      human_question: 'Should these rules change as shown? Does the changed UI fit the brand (visual judgment, hierarchy, warmth, product fit)?',
      evidence: ['rule-change.txt: rule-change found (soft gate "rule-change")', 'brand-approval.txt: brand-approval found (soft gate "brand-approval", needs: human)', 'release.txt: release found (soft gate "release", does not block)'],
    });
  });
});
