import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkGates, type GateCheckResult } from '../../src/governance/gate-check.js';
import { loadPolicy } from '../../src/project/policy.js';
import { initProject } from '../../src/project/init.js';
import { editJson, starterProject } from '../support/project.js';
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
    mkdirSync(join(app, 'src'));
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
