import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAUNCHER_FROM_ANYWHERE, LAUNCHER_PATH } from '../../src/project/launcher.js';
import { replayToolCalls } from '../support/claude-code.js';
import { BIN, dsctl } from '../support/cli.js';
import { sharedStarterRepo, starterRepo } from '../support/git-repo.js';
import { editJson } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';

const PACKAGE = fileURLToPath(new URL('../..', import.meta.url));

/** A fresh clone of a committed starter: the launcher is there, node_modules is not (a new worktree, a cloud sandbox). */
function freshClone(): { clone: string; git: (...args: string[]) => string } {
  const { app, git: inApp } = sharedStarterRepo('dsctl-launcher-');
  expect(dsctl(['hooks', 'install', '--claude'], app).code).toBe(0);
  inApp('add', '-A');
  inApp('commit', '-qm', 'dsctl hooks and launcher');
  // After the commit: agent settings are gated, and this hook would (rightly) block committing them.
  expect(dsctl(['hooks', 'install', '--git'], app).code).toBe(0);
  const clone = join(mkdtempSync(join(tmpdir(), 'dsctl-clone-')), 'app');
  afterAll(() => rmSync(dirname(clone), { recursive: true, force: true }));
  execFileSync('git', ['clone', '-q', app, clone]);
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd: clone, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  // The git hook lives in .git/, which a clone does not carry: install it as a team's setup would.
  const hooks = join(clone, git('rev-parse', '--git-path', 'hooks').trim());
  mkdirSync(hooks, { recursive: true });
  writeFileSync(join(hooks, 'pre-commit'), readFileSync(join(app, inApp('rev-parse', '--git-path', 'hooks').trim(), 'pre-commit')), { mode: 0o755 });
  return { clone, git };
}

const launch = (cwd: string, args: readonly string[], input = '') => spawnSync(join(cwd, LAUNCHER_PATH), [...args], { cwd, input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
const pre = (cwd: string, tool_name: string, tool_input: unknown) => JSON.stringify({ session_id: 's', cwd, hook_event_name: 'PreToolUse', tool_name, tool_input });

describe('the launcher (.dsctl/bin/dsctl)', () => {
  it('is written by init, executable, committed (not ignored), and every integration calls it', () => {
    const { app, git } = starterRepo('dsctl-launcher-init-');
    expect(statSync(join(app, LAUNCHER_PATH)).mode & 0o111).not.toBe(0);
    expect(git('ls-files', '.dsctl').trim().split('\n').sort()).toEqual(['.dsctl/bin/dsctl', '.dsctl/bin/dsctl.cjs']);
    expect(JSON.parse(readFileSync(join(app, '.mcp.json'), 'utf8'))).toEqual({ mcpServers: { dsctl: { command: LAUNCHER_PATH, args: ['mcp'] } } });
    expect(readFileSync(join(app, '.github/workflows/design-check.yml'), 'utf8')).toContain(`${LAUNCHER_PATH} gate check --range`);
    expect(dsctl(['hooks', 'install'], app).code).toBe(0);
    const claude = readFileSync(join(app, '.claude/settings.json'), 'utf8');
    expect(claude).toContain(`\\"$CLAUDE_PROJECT_DIR\\"/${LAUNCHER_PATH} hook claude pre-tool-use`);
    // Cursor and Codex may run hooks from another folder of the project: the command walks up to the launcher.
    const cursor = JSON.parse(readFileSync(join(app, '.cursor/hooks.json'), 'utf8')) as { hooks: Record<string, { command: string }[]> };
    expect(cursor.hooks.beforeShellExecution?.[0]?.command).toBe(`${LAUNCHER_FROM_ANYWHERE} hook cursor before-shell-execution`);
    mkdirSync(join(app, 'src/deep'), { recursive: true });
    const fromDeep = spawnSync('/bin/sh', ['-c', `${LAUNCHER_FROM_ANYWHERE} --version`], { cwd: join(app, 'src/deep'), encoding: 'utf8' });
    expect(fromDeep.stderr).toContain('dsctl is not installed here');
    const outside = spawnSync('/bin/sh', ['-c', `${LAUNCHER_FROM_ANYWHERE} hook cursor before-shell-execution`], { cwd: tempDir('dsctl-outside-'), encoding: 'utf8', input: '{}' });
    expect(outside.status).toBe(2);
    expect(outside.stderr).toContain('no .dsctl/bin/dsctl in');
    expect(dsctl(['drift'], app).code).toBe(0);
  });

  it('runs the project\'s dsctl from node_modules, or where launcher.dsctl points', () => {
    const { app } = starterRepo('dsctl-launcher-run-');
    const version = (JSON.parse(readFileSync(join(PACKAGE, 'package.json'), 'utf8')) as { version: string }).version;
    mkdirSync(join(app, 'node_modules'), { recursive: true });
    symlinkSync(PACKAGE, join(app, 'node_modules/dsctl'));
    expect(launch(app, ['--version']).stdout.trim()).toBe(version);
    // The real hook through the launcher: the full message, not the fallback's.
    const denied = launch(app, ['hook', 'claude', 'pre-tool-use'], pre(app, 'Write', { file_path: 'AGENTS.md', content: 'x' }));
    expect(denied.status).toBe(2);
    expect(denied.stderr).toContain('hard gate "agents-md"');
    const pinned = starterRepo('dsctl-launcher-pinned-').app;
    editJson(pinned, 'dsctl.config.json', (config) => {
      config.launcher = { dsctl: BIN };
    });
    expect(launch(pinned, ['--version']).stdout.trim()).toBe(version);
  });

  describe('without dsctl installed, it fails closed and says how to install', () => {
    let clone = '';
    let git: (...args: string[]) => string = () => '';
    beforeAll(() => {
      ({ clone, git } = freshClone());
      writeFileSync(join(clone, 'pnpm-lock.yaml'), 'lockfileVersion: 9.0\n');
    });

    it.each([
      ['a Write to a gated path', 'claude', 'pre-tool-use', (c: string) => pre(c, 'Write', { file_path: join(c, 'design/contracts/x.json'), content: '{}' }), 2],
      ['a Bash command naming a gated file', 'claude', 'pre-tool-use', (c: string) => pre(c, 'Bash', { command: 'echo {} > design/contracts/rules.json' }), 2],
      ['a Bash command replacing a gated folder', 'claude', 'pre-tool-use', (c: string) => pre(c, 'Bash', { command: 'rm -rf design' }), 2],
      ['an MCP tool writing a gated path', 'claude', 'pre-tool-use', (c: string) => pre(c, 'mcp__fs__write_file', { path: 'AGENTS.md', content: 'x' }), 2],
      ['a Codex shell call', 'codex', 'pre-tool-use', (c: string) => pre(c, 'shell', { command: ['bash', '-lc', 'echo x > AGENTS.md'] }), 2],
      ['not JSON', 'claude', 'pre-tool-use', () => 'not json', 2],
      ['a Write elsewhere (its content may mention a gate)', 'claude', 'pre-tool-use', (c: string) => pre(c, 'Write', { file_path: 'src/a.ts', content: '// see design/contracts' }), 0],
      ['a Read of a gated file', 'claude', 'pre-tool-use', (c: string) => pre(c, 'Read', { file_path: 'design/contracts/rules.json' }), 0],
      ['an ordinary Bash command', 'claude', 'pre-tool-use', (c: string) => pre(c, 'Bash', { command: 'ls src && npm test' }), 0],
      ['a PostToolUse', 'claude', 'post-tool-use', (c: string) => pre(c, 'Write', { file_path: 'src/a.tsx', content: 'x' }), 0],
    ] as const)('%s: dsctl hook %s %s', (_, agent, event, input, code) => {
      const run = launch(clone, ['hook', agent, event], input(clone));
      expect(run.status, run.stderr).toBe(code);
      expect(run.stderr).toContain('dsctl is not installed here: run `pnpm install`');
    });

    it('Cursor gets its JSON answer', () => {
      const run = launch(clone, ['hook', 'cursor', 'before-shell-execution'], JSON.stringify({ cwd: clone, command: 'sed -i s/a/b/ AGENTS.md' }));
      expect(run.status).toBe(2);
      expect(JSON.parse(run.stdout)).toMatchObject({ permission: 'deny' });
      expect(JSON.parse(launch(clone, ['hook', 'cursor', 'before-shell-execution'], JSON.stringify({ cwd: clone, command: 'ls' })).stdout)).toEqual({ permission: 'allow' });
    });

    it('the MCP server entry exits non-zero with the message', () => {
      const run = launch(clone, ['mcp']);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('dsctl is not installed here');
    });

    it('git commit of a README goes ahead; a commit of a contract is blocked', () => {
      writeFileSync(join(clone, 'README.md'), '# app\n');
      git('add', 'README.md');
      git('commit', '-qm', 'readme');
      expect(git('log', '-1', '--format=%s').trim()).toBe('readme');
      writeFileSync(join(clone, 'design/contracts/rules.json'), '{}\n');
      git('add', 'design/contracts/rules.json');
      const blocked = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'contract'], { cwd: clone, encoding: 'utf8' });
      expect(blocked.status).not.toBe(0);
      expect(blocked.stderr).toContain('design/contracts/rules.json (hard gate "contracts")');
      expect(git('log', '-1', '--format=%s').trim()).toBe('readme');
      git('reset', '-q', 'HEAD', 'design/contracts/rules.json');
      git('checkout', '-q', '--', 'design/contracts/rules.json');
    });

    it('the real Claude Code CLI: a Write to a gated path is denied with the install hint, a Write elsewhere lands', async () => {
      // The hook alone (Claude Code's own deny rules would stop the gated Write first).
      const settingsFile = join(clone, '.claude/settings.json');
      const { permissions: _p, sandbox: _s, ...hooksOnly } = JSON.parse(readFileSync(settingsFile, 'utf8')) as Record<string, unknown>;
      writeFileSync(settingsFile, JSON.stringify(hooksOnly));
      const { results } = await replayToolCalls(clone, [
        { name: 'Write', input: { file_path: join(clone, 'design/contracts/components/evil.contract.json'), content: '{}' } },
        { name: 'Write', input: { file_path: join(clone, 'examples/allowed.html'), content: '<p>fine</p>\n' } },
      ]);
      const [gated, allowed] = results;
      expect(gated).toMatchObject({ isError: true });
      expect(gated?.content).toContain('dsctl is not installed here: run `pnpm install`');
      expect(allowed?.isError).toBeFalsy();
      expect(readFileSync(join(clone, 'examples/allowed.html'), 'utf8')).toBe('<p>fine</p>\n');
      expect(() => statSync(join(clone, 'design/contracts/components/evil.contract.json'))).toThrow();
      expect(dirname(settingsFile)).toBe(join(clone, '.claude'));
    }, 90_000);
  });
});
