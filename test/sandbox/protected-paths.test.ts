import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPolicy } from '../../src/project/policy.js';
import { bubblewrapArgs } from '../../src/sandbox/bubblewrap.js';
import { claudeSandboxMissing, claudeSandboxRules } from '../../src/sandbox/claude-settings.js';
import { gitDir, planSandbox } from '../../src/sandbox/protected-paths.js';
import { detectSandbox } from '../../src/sandbox/sandbox.js';
import { seatbeltProfile } from '../../src/sandbox/seatbelt.js';
import { editJson, starterProject } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';

async function plan(dir: string, options: Parameters<typeof planSandbox>[1] = {}) {
  const loaded = await loadPolicy({ cwd: dir });
  return planSandbox(loaded, { home: tempDir('dsctl-home-'), ...options });
}

const rel = (root: string, paths: readonly { path: string }[]) => paths.map((p) => (p.path.startsWith(root) ? p.path.slice(root.length + 1) || '.' : p.path));

describe('planSandbox', () => {
  it('binds the gated folders and files that exist, the config and policy, and the files that decide enforcement', async () => {
    const dir = starterProject();
    const root = realpathSync(dir);
    const { readOnly, residual } = await plan(dir);
    expect(rel(root, readOnly)).toEqual(expect.arrayContaining(['design/contracts', 'design/schemas', 'design/authority.md', 'DESIGN.md', 'AGENTS.md', 'docs/loop-playbook.md', 'design/policy.json', 'dsctl.config.json', '.github', '.cursor', '.mcp.json']));
    // This starter has no baseline yet: creating one is checked after the command.
    expect(residual.find((g) => g.id === 'baseline')?.paths).toEqual(['.design-baseline.json']);
    // Nothing is bound twice, and nothing inside a bound folder again.
    const paths = readOnly.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of paths) expect(paths.filter((q) => q !== p && p.startsWith(`${q}/`))).toEqual([]);
  });

  it('leaves what no mount can cover to the guard: missing gated files, pointer gates, missing governance folders', async () => {
    const dir = starterProject();
    editJson(dir, 'design/policy.json', (policy: { hardGates: { id: string; paths: string[]; reason: string }[] }) => {
      policy.hardGates.push({ id: 'ci-scripts', paths: ['package.json#/scripts/design:lint'], reason: 'CI runs it' });
      policy.hardGates.push({ id: 'missing', paths: ['NOTICE.md', '**/*.secret'], reason: 'x' });
    });
    const { residual, readOnly } = await plan(dir);
    const byId = Object.fromEntries(residual.map((g) => [g.id, g.paths]));
    expect(byId['ci-scripts']).toEqual(['package.json#/scripts/design:lint']);
    expect(byId.missing).toEqual(['NOTICE.md', '**/*.secret']);
    expect(byId['sandbox-governance']).toEqual(expect.arrayContaining(['.claude', '.claude/**', '.codex', '.codex/**']));
    expect(readOnly.map((p) => p.path)).not.toContain(join(realpathSync(dir), 'package.json'));
  });

  it('binds the real target of a linked gate, and checks the link itself afterwards', async () => {
    const dir = starterProject();
    mkdirSync(join(dir, 'docs/real'), { recursive: true });
    writeFileSync(join(dir, 'docs/real/authority.md'), '# authority\n');
    editJson(dir, 'design/policy.json', (policy: { hardGates: { id: string; paths: string[]; reason: string }[] }) => {
      policy.hardGates.push({ id: 'linked', paths: ['AUTHORITY.md'], reason: 'x' });
    });
    symlinkSync('docs/real/authority.md', join(dir, 'AUTHORITY.md'));
    const { readOnly, residual } = await plan(dir);
    expect(readOnly.map((p) => p.path)).toContain(join(realpathSync(dir), 'docs/real/authority.md'));
    expect(residual.find((g) => g.id === 'linked')?.paths).toEqual(['AUTHORITY.md']);
  });

  it('protects .git/hooks, config, info and the approvals folder (made empty), and core.hooksPath', async () => {
    const dir = starterProject();
    mkdirSync(join(dir, '.git/hooks'), { recursive: true });
    mkdirSync(join(dir, '.git/info'), { recursive: true });
    mkdirSync(join(dir, 'tools/hooks'), { recursive: true });
    writeFileSync(join(dir, '.git/config'), '[core]\n\tbare = false\n\thooksPath = tools/hooks\n');
    const root = realpathSync(dir);
    expect(rel(root, (await plan(dir)).readOnly)).toEqual(expect.arrayContaining(['.git/hooks', '.git/config', '.git/info', '.git/dsctl', 'tools/hooks']));
  });

  it('finds the common git folder of a worktree', () => {
    const main = tempDir('dsctl-git-');
    mkdirSync(join(main, '.git/worktrees/wt'), { recursive: true });
    writeFileSync(join(main, '.git/worktrees/wt/commondir'), '../..\n');
    const wt = tempDir('dsctl-wt-');
    writeFileSync(join(wt, '.git'), `gitdir: ${join(main, '.git/worktrees/wt')}\n`);
    expect(gitDir(wt)).toBe(join(main, '.git'));
    expect(gitDir(tempDir())).toBeUndefined();
  });

  it("binds the user's agent settings that exist, and dsctl's own package when it is installed outside the project", async () => {
    const dir = starterProject();
    const home = tempDir('dsctl-home-');
    mkdirSync(join(home, '.claude'), { recursive: true });
    writeFileSync(join(home, '.claude/settings.json'), '{}');
    const pkg = tempDir('dsctl-pkg-');
    const paths = (await plan(dir, { home, dsctlPackage: pkg })).readOnly.map((p) => p.path);
    expect(paths).toContain(realpathSync(join(home, '.claude/settings.json')));
    expect(paths).toContain(realpathSync(pkg));
    expect((await plan(dir, { dsctlPackage: join(dir, '..') })).readOnly.map((p) => p.path)).not.toContain(realpathSync(join(dir, '..')));
    // In the project's node_modules it stays writable (npm ci must work inside).
    mkdirSync(join(dir, 'node_modules/dsctl'), { recursive: true });
    expect((await plan(dir, { dsctlPackage: join(dir, 'node_modules/dsctl') })).readOnly.map((p) => p.path)).not.toContain(realpathSync(join(dir, 'node_modules/dsctl')));
  });

  it("a reviewer's sandbox makes the whole project read-only", async () => {
    const dir = starterProject();
    const { readOnly } = await plan(dir, { readOnlyProject: true });
    expect(readOnly.map((p) => p.path)).toContain(realpathSync(dir));
    expect(readOnly.filter((p) => p.path.startsWith(`${realpathSync(dir)}/`))).toEqual([]);
  });
});

describe('the OS primitives', () => {
  const plan = { root: '/p', readOnly: [{ path: '/p/design/contracts', why: 'x' }, { path: '/p/AGENTS.md', why: 'y' }], residual: [{ id: 'g', paths: ['NOTICE.md', '**/*.x', 'package.json#/scripts/a'], reason: 'r', allowGeneratedRegions: false }] };

  it('bubblewrap: the whole tree, the protected paths read-only on top, no capabilities, its own PID namespace', () => {
    const args = bubblewrapArgs(plan, 'claude', ['-p', 'x'], { cwd: '/p', terminal: false, statusFd: 3 });
    expect(args.slice(0, 3)).toEqual(['--bind', '/', '/']);
    expect(args).toEqual(expect.arrayContaining(['--unshare-pid', '--die-with-parent', '--new-session']));
    expect(args.join(' ')).toContain('--cap-drop ALL');
    expect(args.join(' ')).toContain('--ro-bind /p/design/contracts /p/design/contracts --ro-bind /p/AGENTS.md /p/AGENTS.md');
    expect(args.slice(-4)).toEqual(['--', 'claude', '-p', 'x']);
    expect(args.join(' ')).toContain('--json-status-fd 3');
    // On a terminal the session stays (job control for an interactive agent).
    expect(bubblewrapArgs(plan, 'claude', [], { cwd: '/p', terminal: true })).not.toContain('--new-session');
  });

  it('Seatbelt: writes denied below the protected paths and at missing literal gate paths', () => {
    expect(seatbeltProfile(plan)).toBe(['(version 1)', '(allow default)', '(deny file-write*', '  (subpath "/p/design/contracts")', '  (subpath "/p/AGENTS.md")', '  (literal "/p/NOTICE.md")', ')', ''].join('\n'));
    expect(seatbeltProfile({ ...plan, readOnly: [{ path: '/p/a "b"', why: '' }], residual: [] })).toContain('(subpath "/p/a \\"b\\"")');
  });

  it.each([
    ['linux', '/usr/bin', true, 'bubblewrap'],
    ['linux', '/nonexistent', false, 'apt-get install bubblewrap'],
    ['win32', '/usr/bin', false, 'no OS sandbox'],
  ] as const)('detects the primitive on %s with PATH=%s', (platform, path, ok, text) => {
    const found = detectSandbox(platform, path);
    expect(found.ok).toBe(ok);
    expect(JSON.stringify(found)).toContain(text);
  });
});

describe("Claude Code's sandbox settings from the gates", () => {
  it('folders for globs, files as they are, permission rules for the file tools; parts of files are reported', async () => {
    const dir = starterProject();
    editJson(dir, 'design/policy.json', (policy: { hardGates: { id: string; paths: string[]; reason: string }[] }) => {
      policy.hardGates.push({ id: 'ci-scripts', paths: ['package.json#/scripts/design:lint', '**/*.secret'], reason: 'x' });
    });
    const rules = claudeSandboxRules(await loadPolicy({ cwd: dir }));
    expect(rules.denyWrite).toEqual(expect.arrayContaining(['./design/contracts', './design/schemas', './AGENTS.md', './DESIGN.md', './.claude', './.github', './dsctl.config.json', './design/policy.json']));
    expect(rules.deny).toEqual(expect.arrayContaining(['Edit(/design/contracts/**)', 'Write(/design/contracts/**)', 'Edit(/design/schemas/*.schema.json)', 'Edit(/.claude/**)', 'Edit(/.mcp.json)', 'Write(/**/*.secret)']));
    expect(rules.notExpressible).toEqual(expect.arrayContaining(['package.json#/scripts/design:lint', '**/*.secret']));
    expect(rules.denyWrite).not.toContain('./');
  });
});

describe('claudeSandboxMissing', () => {
  it('names what Claude Code needs on Linux and does not find; nothing elsewhere', () => {
    expect(claudeSandboxMissing('linux', '/nonexistent')).toContain('apt-get install bubblewrap socat');
    expect(claudeSandboxMissing('darwin', '/nonexistent')).toBeUndefined();
    expect(claudeSandboxMissing('linux', process.env.PATH)).toBeUndefined();
  });
});
