import { chmodSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DoctorFinding } from '../../src/doctor/check.js';
import { CHECKS } from '../../src/doctor/registry.js';
import { runDoctor, type DoctorOptions } from '../../src/doctor/run.js';
import { editJson } from '../support/project.js';
import { pathWithout } from '../support/path-without.js';
import { sharedHealthyStarter } from './healthy.js';

const fresh = sharedHealthyStarter();

type Settings = { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]>; sandbox: Record<string, unknown> & { filesystem: { denyWrite: string[] } } };
type CursorHooks = { hooks: Record<string, { command: string }[]> };
type McpConfig = { mcpServers: Record<string, { command: string; args: string[] }> };

const edit = (rel: string, change: (text: string) => string) => (dir: string) => writeFileSync(join(dir, rel), change(readFileSync(join(dir, rel), 'utf8')));
const preCommit = (dir: string) => join(dir, execFileSync('git', ['rev-parse', '--git-path', 'hooks/pre-commit'], { cwd: dir, encoding: 'utf8' }).trim());
const gitConfig = (dir: string, ...args: string[]) => execFileSync('git', ['config', ...args], { cwd: dir });
const CI = '.github/workflows/design-check.yml';

interface Row {
  readonly name: string;
  readonly check: string;
  readonly plant: (dir: string) => void;
  readonly options?: Partial<DoctorOptions>;
  /** Each finding wanted: its code, and texts its message and fix contain. */
  readonly want: readonly { code: string; severity?: 'error' | 'warn'; message?: string; fix?: string; file?: string; line?: number }[];
}

const ROWS: readonly Row[] = [
  // claude-code
  {
    name: 'a PreToolUse hook pointing at a missing path',
    check: 'claude-code',
    plant: (dir) => editJson<Settings>(dir, '.claude/settings.json', (s) => void (s.hooks.PreToolUse![0]!.hooks[0]!.command = '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/nowhere/dsctl hook claude pre-tool-use')),
    want: [{ code: 'command-missing', message: 'the PreToolUse hook runs "$CLAUDE_PROJECT_DIR"/node_modules/.bin/nowhere/dsctl, which does not exist', fix: 'dsctl hooks install --claude', file: '.claude/settings.json' }],
  },
  {
    name: 'a PreToolUse matcher without Bash',
    check: 'claude-code',
    plant: (dir) => editJson<Settings>(dir, '.claude/settings.json', (s) => void (s.hooks.PreToolUse![0]!.matcher = 'Write|Edit|MultiEdit|NotebookEdit|mcp__.*')),
    want: [{ code: 'matcher-uncovered', message: 'does not cover Bash:', fix: 'set that matcher to ".*"' }],
  },
  {
    name: 'a PreToolUse matcher of exact names',
    check: 'claude-code',
    plant: (dir) => editJson<Settings>(dir, '.claude/settings.json', (s) => void (s.hooks.PreToolUse![0]!.matcher = 'Write|Edit')),
    want: [{ code: 'matcher-uncovered', message: 'does not cover MultiEdit, NotebookEdit, Bash, mcp__filesystem__write_file' }],
  },
  {
    name: 'a matcher that is not a regular expression',
    check: 'claude-code',
    plant: (dir) => editJson<Settings>(dir, '.claude/settings.json', (s) => void (s.hooks.PreToolUse![0]!.matcher = 'Write|(Edit')),
    want: [{ code: 'matcher-invalid' }],
  },
  {
    name: 'hooks run through npx',
    check: 'claude-code',
    plant: edit('.claude/settings.json', (t) => t.replace(/"\\"\$CLAUDE_PROJECT_DIR\\"\/\.dsctl\/bin\/dsctl hook claude stop"/, '"npx --no-install dsctl hook claude stop"')),
    want: [{ code: 'command-network', message: 'the Stop hook runs `npx`' }],
  },
  {
    name: 'no PreToolUse hook',
    check: 'claude-code',
    plant: (dir) => editJson<Settings>(dir, '.claude/settings.json', (s) => void delete s.hooks.PreToolUse),
    want: [{ code: 'hook-missing', message: 'no dsctl hook for PreToolUse: the gates never see these tool calls' }],
  },
  {
    name: 'settings that are not JSON',
    check: 'claude-code',
    plant: edit('.claude/settings.json', (t) => t.replace('{', '{,')),
    want: [{ code: 'invalid-json', fix: '.claude/settings.json:1:2', line: 1 }],
  },
  {
    name: "Claude Code's sandbox off, with an unsandboxed fallback and no read-only path",
    check: 'claude-code',
    plant: (dir) => editJson<Settings>(dir, '.claude/settings.json', (s) => {
      s.sandbox.enabled = false;
      s.sandbox.allowUnsandboxedCommands = true;
      s.sandbox.filesystem.denyWrite = [];
    }),
    want: [{ code: 'sandbox-off' }, { code: 'sandbox-escape' }, { code: 'sandbox-no-deny' }],
  },
  {
    name: 'a hard-gated folder missing from denyWrite',
    check: 'claude-code',
    plant: (dir) => editJson<Settings>(dir, '.claude/settings.json', (s) => void (s.sandbox.filesystem.denyWrite = s.sandbox.filesystem.denyWrite.filter((p) => p !== './design/contracts'))),
    want: [{ code: 'sandbox-deny-missing', message: 'misses ./design/contracts' }],
  },
  {
    name: 'a variable doctor cannot know (a warning only)',
    check: 'claude-code',
    plant: edit('.claude/settings.json', (t) => t.replace('"\\"$CLAUDE_PROJECT_DIR\\"/.dsctl/bin/dsctl hook claude stop"', '"$DSCTL_NOWHERE/dsctl hook claude stop"')),
    options: { env: { ...process.env, DSCTL_NOWHERE: undefined } },
    want: [{ code: 'command-unresolved', severity: 'warn', message: '$DSCTL_NOWHERE is not set here' }],
  },
  // cursor
  {
    name: 'a Cursor hook pointing at a missing path',
    check: 'cursor',
    plant: (dir) => editJson<CursorHooks>(dir, '.cursor/hooks.json', (s) => void (s.hooks.preToolUse![0]!.command = 'bin/missing/dsctl hook cursor pre-tool-use')),
    want: [{ code: 'command-missing', message: 'the preToolUse hook runs bin/missing/dsctl', fix: 'dsctl hooks install --cursor' }],
  },
  {
    name: 'no beforeShellExecution hook',
    check: 'cursor',
    plant: (dir) => editJson<CursorHooks>(dir, '.cursor/hooks.json', (s) => void (s.hooks.beforeShellExecution = [])),
    want: [{ code: 'hook-missing', message: 'beforeShellExecution' }],
  },
  // codex
  {
    name: 'a Codex matcher of its shell tool only',
    check: 'codex',
    plant: (dir) => editJson<Settings>(dir, '.codex/hooks.json', (s) => void (s.hooks.PreToolUse![0]!.matcher = 'shell')),
    want: [{ code: 'matcher-uncovered', message: 'does not cover Bash, apply_patch, mcp__filesystem__write_file', fix: 'dsctl hooks install --codex' }],
  },
  {
    name: 'a Codex hook that is not executable',
    check: 'codex',
    plant: (dir) => editJson<Settings>(dir, '.codex/hooks.json', (s) => void (s.hooks.Stop![0]!.hooks[0]!.command = './dsctl.config.json hook codex stop')),
    want: [{ code: 'command-not-executable', fix: 'chmod +x' }],
  },
  // mcp-config
  {
    name: 'a broken .mcp.json',
    check: 'mcp-config',
    plant: edit('.mcp.json', (t) => t.replace('"args"', '"args" "x",')),
    want: [{ code: 'invalid-json', message: "not valid JSON: expected ':'", fix: 'correct the JSON at .mcp.json:5:', file: '.mcp.json', line: 5 }],
  },
  {
    name: 'an MCP server run through npx',
    check: 'mcp-config',
    plant: (dir) => editJson<McpConfig>(dir, '.cursor/mcp.json', (c) => void (c.mcpServers.dsctl = { command: 'npx', args: ['dsctl', 'mcp'] })),
    want: [{ code: 'network', message: 'the dsctl server runs `npx`', file: '.cursor/mcp.json', fix: '"command": ".dsctl/bin/dsctl"' }],
  },
  {
    name: 'an MCP server command that does not exist',
    check: 'mcp-config',
    plant: (dir) => editJson<McpConfig>(dir, '.mcp.json', (c) => void (c.mcpServers.dsctl!.command = '${CLAUDE_PROJECT_DIR}/bin/dsctl')),
    want: [{ code: 'command-missing', message: '/bin/dsctl), so Claude Code shows no dsctl tools' }],
  },
  {
    name: 'no dsctl server',
    check: 'mcp-config',
    plant: (dir) => editJson<McpConfig>(dir, '.mcp.json', (c) => void (c.mcpServers = { other: { command: 'other', args: [] } })),
    want: [{ code: 'no-dsctl' }],
  },
  {
    name: 'a server that does not boot (dsctl not installed)',
    check: 'mcp-config',
    plant: (dir) => rmSync(join(dir, 'node_modules'), { recursive: true, force: true }),
    want: [
      { code: 'boot-failed', message: 'dsctl is not installed here', file: '.mcp.json' },
      { code: 'boot-failed', file: '.cursor/mcp.json' },
    ],
  },
  // git-hook
  {
    name: 'no git pre-commit hook',
    check: 'git-hook',
    plant: (dir) => rmSync(preCommit(dir)),
    want: [{ code: 'missing', message: 'no pre-commit hook at .git/hooks/pre-commit', fix: 'dsctl hooks install --git' }],
  },
  {
    name: 'a pre-commit hook without the gate check',
    check: 'git-hook',
    plant: (dir) => writeFileSync(preCommit(dir), '#!/bin/sh\nnpm test\n'),
    want: [{ code: 'no-gate-check', file: '.git/hooks/pre-commit' }],
  },
  {
    name: 'a pre-commit hook that is not executable',
    check: 'git-hook',
    plant: (dir) => chmodSync(preCommit(dir), 0o644),
    want: [{ code: 'not-executable', fix: 'chmod +x .git/hooks/pre-commit' }],
  },
  {
    name: 'a gate check through npx',
    check: 'git-hook',
    plant: (dir) => writeFileSync(preCommit(dir), '#!/bin/sh\nnpx --no-install dsctl gate check --staged || exit 1\n'),
    want: [{ code: 'command-network', line: 2, fix: 'dsctl hooks install --git' }],
  },
  {
    name: 'core.hooksPath elsewhere, without the hook',
    check: 'git-hook',
    plant: (dir) => gitConfig(dir, 'core.hooksPath', 'githooks'),
    want: [{ code: 'missing', file: 'githooks/pre-commit' }],
  },
  {
    name: 'husky active, its pre-commit without the gate check',
    check: 'git-hook',
    plant: (dir) => {
      mkdirSync(join(dir, '.husky/_'), { recursive: true });
      writeFileSync(join(dir, '.husky/pre-commit'), 'npm test\n');
      gitConfig(dir, 'core.hooksPath', '.husky/_');
    },
    want: [{ code: 'no-gate-check', file: '.husky/pre-commit' }],
  },
  {
    name: 'husky with the gate check, but git does not run husky',
    check: 'git-hook',
    plant: (dir) => {
      mkdirSync(join(dir, '.husky'), { recursive: true });
      writeFileSync(join(dir, '.husky/pre-commit'), '.dsctl/bin/dsctl gate check --staged\n');
      gitConfig(dir, 'core.hooksPath', 'nowhere');
    },
    want: [{ code: 'husky-inactive' }],
  },
  {
    name: 'husky not set up in this clone (git runs .git/hooks), its pre-commit with the gate check',
    check: 'git-hook',
    plant: (dir) => {
      mkdirSync(join(dir, '.husky'), { recursive: true });
      writeFileSync(join(dir, '.husky/pre-commit'), '.dsctl/bin/dsctl gate check --staged\n');
    },
    want: [{ code: 'husky-inactive', message: 'git runs its hooks from .git/hooks', fix: 'run `npm install`', file: '.husky/pre-commit' }],
  },
  {
    name: 'not a git repository',
    check: 'git-hook',
    plant: (dir) => rmSync(join(dir, '.git'), { recursive: true, force: true }),
    want: [{ code: 'not-a-repo', fix: 'git init' }],
  },
  // ci-workflow
  {
    name: 'CI without the gate check',
    check: 'ci-workflow',
    plant: edit(CI, (t) => t.replace(/gate check --range/, 'gate check')),
    want: [{ code: 'step-missing', message: 'never runs `dsctl gate check --range`', fix: '.dsctl/bin/dsctl gate check --range "$BASE...$HEAD"', file: CI }],
  },
  {
    name: 'a lint script that no longer lints (CI runs it through npm run)',
    check: 'ci-workflow',
    plant: (dir) => editJson<{ scripts: Record<string, string> }>(dir, 'package.json', (p) => void (p.scripts['design:lint'] = 'echo skipped')),
    want: [{ code: 'step-missing', message: 'never runs `dsctl lint`' }],
  },
  {
    name: 'CI not on pull requests',
    check: 'ci-workflow',
    plant: edit(CI, (t) => t.replace(/^  pull_request:\n/m, '')),
    want: [{ code: 'no-pull-request' }],
  },
  {
    name: 'a workflow that is not YAML',
    check: 'ci-workflow',
    plant: edit(CI, (t) => t.replace('jobs:', 'jobs: [')),
    want: [{ code: 'invalid-yaml', file: CI }],
  },
  {
    name: 'no workflow',
    check: 'ci-workflow',
    plant: (dir) => rmSync(join(dir, CI)),
    want: [{ code: 'missing' }],
  },
  {
    name: 'CI through npx (a warning)',
    check: 'ci-workflow',
    plant: edit(CI, (t) => t.replace('.dsctl/bin/dsctl gate check', 'npx dsctl gate check')),
    want: [{ code: 'network', severity: 'warn' }],
  },
  // launcher
  {
    name: 'no launcher',
    check: 'launcher',
    plant: (dir) => rmSync(join(dir, '.dsctl/bin'), { recursive: true }),
    want: [
      { code: 'missing', file: '.dsctl/bin/dsctl', fix: 'dsctl hooks install' },
      { code: 'missing', file: '.dsctl/bin/dsctl.cjs' },
    ],
  },
  {
    name: 'a launcher that is not executable',
    check: 'launcher',
    plant: (dir) => chmodSync(join(dir, '.dsctl/bin/dsctl'), 0o644),
    want: [{ code: 'not-executable' }],
  },
  {
    name: 'a launcher that finds no dsctl',
    check: 'launcher',
    plant: (dir) => rmSync(join(dir, 'node_modules'), { recursive: true }),
    want: [{ code: 'no-dsctl', message: 'dsctl is not installed here', fix: 'npm install' }],
  },
  {
    name: 'a git-ignored launcher',
    check: 'launcher',
    plant: (dir) => writeFileSync(join(dir, '.gitignore'), 'node_modules/\n.dsctl/\n'),
    want: [{ code: 'ignored', fix: '!.dsctl/bin/' }],
  },
  // node
  { name: 'an old Node', check: 'node', plant: () => undefined, options: { nodeVersion: '20.9.0' }, want: [{ code: 'too-old', message: 'Node 20.9.0 is older than dsctl needs (>=20.19)', fix: 'install Node 20.19 or later' }] },
  // os-sandbox
  {
    name: "no bubblewrap or socat for Claude Code's sandbox",
    check: 'os-sandbox',
    plant: () => undefined,
    options: { env: { ...process.env, PATH: pathWithout('bwrap', 'socat') }, platform: 'linux' },
    want: [{ code: 'claude-sandbox', message: 'until bubblewrap and socat are installed', fix: 'run `apt-get install bubblewrap socat`' }],
  },
  {
    name: 'no bubblewrap, Claude Code not sandboxed',
    check: 'os-sandbox',
    plant: (dir) => editJson<Settings>(dir, '.claude/settings.json', (s) => void (s.sandbox.enabled = false)),
    options: { env: { ...process.env, PATH: pathWithout('bwrap') }, platform: 'linux' },
    want: [{ code: 'unavailable', message: 'bubblewrap (bwrap) is not installed', fix: 'run `apt-get install bubblewrap`' }],
  },
  // project
  {
    name: 'a contract error',
    check: 'project',
    plant: (dir) => editJson<{ rules: { id: string }[] }>(dir, 'design/contracts/rules.json', (r) => void (r.rules[0]!.id = 'lower-case')),
    want: [
      { code: 'contract', file: 'design/contracts/components/button.contract.json', message: 'which is not in design/contracts/rules.json (component/unknown-rule)' },
      { code: 'contract', file: 'design/contracts/rules.json', line: 6, message: 'at /rules/0/id', fix: 'run `dsctl check` for every problem' },
    ],
  },
  {
    name: 'a policy that does not load',
    check: 'project',
    plant: edit('design/policy.json', (t) => t.replace('{', '{ "bogus": 1,')),
    want: [{ code: 'unusable', file: 'design/policy.json' }],
  },
];

function expectFindings(findings: readonly DoctorFinding[], want: Row['want']): void {
  expect(findings.map((f) => f.code), JSON.stringify(findings)).toEqual(want.map((w) => w.code));
  want.forEach((w, i) => {
    const f = findings[i]!;
    expect(f.severity).toBe(w.severity ?? 'error');
    if (w.message) expect(f.message).toContain(w.message);
    if (w.fix) expect(f.fix).toContain(w.fix);
    if (w.file) expect(f.file).toBe(w.file);
    if (w.line) expect(f.line).toBe(w.line);
    expect(f.fix.length).toBeGreaterThan(0);
  });
}

describe('dsctl doctor checks', () => {
  it('registers every check once, sorted by id, each with docs', () => {
    const ids = CHECKS.map((c) => c.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of CHECKS) expect(c.meta.docs.description.length).toBeGreaterThan(10);
  });

  it('finds nothing in a healthy starter', async () => {
    const report = await runDoctor({ cwd: fresh(), mcpTimeoutMs: 20_000 });
    expect(report.checks.filter((c) => c.status !== 'ok').map((c) => ({ id: c.id, findings: c.findings, skipped: c.skipped }))).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.checks.map((c) => c.id)).toEqual(CHECKS.map((c) => c.id));
  });

  it.each(ROWS)('$check: $name', async ({ check, plant, options, want }) => {
    const dir = fresh();
    plant(dir);
    const report = await runDoctor({ cwd: dir, mcpTimeoutMs: 20_000, only: [check], ...options });
    expectFindings(report.checks[0]!.findings, want);
    expect(report.ok).toBe(want.every((w) => w.severity === 'warn'));
  });

  it('skips what is not installed and what needs a policy that does not load', async () => {
    const dir = fresh();
    rmSync(join(dir, '.cursor'), { recursive: true });
    rmSync(join(dir, '.codex'), { recursive: true });
    edit('design/policy.json', (t) => t.replace('{', '{ "bogus": 1,'))(dir);
    const report = await runDoctor({ cwd: dir, only: ['ci-workflow', 'codex', 'cursor'] });
    expect(report.checks.map((c) => [c.id, c.status, c.skipped])).toEqual([
      ['ci-workflow', 'skipped', expect.stringContaining('the config or policy does not load')],
      ['codex', 'skipped', expect.stringContaining('dsctl hooks install --codex')],
      ['cursor', 'skipped', expect.stringContaining('dsctl hooks install --cursor')],
    ]);
    expect(report.ok).toBe(true);
  });
});
