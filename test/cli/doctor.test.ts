import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { editJson } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';
import { makeHealthyStarter, sharedHealthyStarter } from '../doctor/healthy.js';

const fresh = sharedHealthyStarter();

type Settings = { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> };

/** The five misconfigurations of issue 13's "Done when", each with what doctor must say and the fix. */
const PLANTED: readonly { name: string; plant: (dir: string) => void; check: string; says: RegExp; fix: RegExp }[] = [
  {
    name: 'a hook pointing at a missing path',
    plant: (dir) => editJson<Settings>(dir, '.claude/settings.json', (s) => void (s.hooks.PreToolUse![0]!.hooks[0]!.command = '"$CLAUDE_PROJECT_DIR"/node_modules/.bin/dsctl-gone hook claude pre-tool-use')),
    check: 'claude-code',
    says: /\.claude\/settings\.json:\d+:\d+ {2}the PreToolUse hook runs "\$CLAUDE_PROJECT_DIR"\/node_modules\/\.bin\/dsctl-gone, which does not exist/,
    fix: /fix: run `dsctl hooks install --claude`/,
  },
  {
    name: 'a matcher without Bash',
    plant: (dir) => editJson<Settings>(dir, '.claude/settings.json', (s) => void (s.hooks.PreToolUse![0]!.matcher = 'Write|Edit|MultiEdit|NotebookEdit|mcp__.*')),
    check: 'claude-code',
    says: /the PreToolUse matcher "Write\|Edit\|MultiEdit\|NotebookEdit\|mcp__\.\*" does not cover Bash/,
    fix: /fix: set that matcher to "\.\*"/,
  },
  {
    name: 'a broken .mcp.json',
    plant: (dir) => writeFileSync(join(dir, '.mcp.json'), '{ "mcpServers": { "dsctl": { "command": ".dsctl/bin/dsctl", } } }\n'),
    check: 'mcp-config',
    says: /\.mcp\.json:1:\d+ {2}not valid JSON: expected a property name in double quotes; Claude Code loads no MCP server from it/,
    fix: /fix: correct the JSON at \.mcp\.json:1:\d+/,
  },
  {
    name: 'a missing git hook',
    plant: (dir) => rmSync(join(dir, '.git/hooks/pre-commit')),
    check: 'git-hook',
    says: /no pre-commit hook at \.git\/hooks\/pre-commit: commits are not checked against the hard gates/,
    fix: /fix: run `dsctl hooks install --git`/,
  },
  {
    name: 'CI without the gate check',
    plant: (dir) => {
      const file = join(dir, '.github/workflows/design-check.yml');
      writeFileSync(file, readFileSync(file, 'utf8').replace(/^.*gate check --range.*$/m, '          echo no gate check'));
    },
    check: 'ci-workflow',
    says: /\.github\/workflows\/design-check\.yml {2}the workflow never runs `dsctl gate check --range`/,
    fix: /fix: add a step that runs `\.dsctl\/bin\/dsctl gate check --range/,
  },
];

describe('dsctl doctor (built binary)', () => {
  it('exits 0 on a healthy starter (init, git init, npm install, hooks install --claude --cursor --codex --git)', () => {
    const dir = makeHealthyStarter(tempDir('dsctl-doctor-e2e-'));
    const run = dsctl(['doctor'], dir);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    for (const id of ['ci-workflow', 'claude-code', 'codex', 'cursor', 'git-hook', 'launcher', 'mcp-config', 'node', 'os-sandbox', 'project']) expect(run.stdout).toMatch(new RegExp(`^✔ ${id} `, 'm'));
    expect(run.stderr).toContain('dsctl doctor: no problems');
  });

  it('--json prints one envelope with every check', () => {
    const run = dsctl(['doctor', '--json'], fresh());
    expect(run.code).toBe(0);
    const envelope = JSON.parse(run.stdout) as { type: string; ok: boolean; data: { ok: boolean; errorCount: number; checks: { id: string; status: string }[] } };
    expect(envelope).toMatchObject({ type: 'dsctl/doctor', ok: true, data: { ok: true, errorCount: 0 } });
    expect(envelope.data.checks.map((c) => c.status)).toEqual(Array(10).fill('ok'));
  });

  it.each(PLANTED)('reports $name with its fix, exit 1', ({ plant, check, says, fix }) => {
    const dir = fresh();
    plant(dir);
    const run = dsctl(['doctor'], dir);
    expect(run.code, run.stdout).toBe(1);
    const block = run.stdout.slice(run.stdout.indexOf(`✖ ${check} `)).split(/\n(?=[✔✖!-] )/)[0]!;
    expect(block).toMatch(says);
    expect(block).toMatch(fix);
    expect(run.stderr).toMatch(/✖ dsctl doctor: \d+ problem\(s\)/);
    // Only the planted check complains.
    expect(run.stdout.match(/^✖ /gm)).toHaveLength(1);
    const json = JSON.parse(dsctl(['doctor', '--json'], dir).stdout) as { ok: boolean; data: { checks: { id: string; findings: { fix: string }[] }[] } };
    expect(json.ok).toBe(false);
    expect(json.data.checks.find((c) => c.id === check)?.findings[0]?.fix).toMatch(/\S/);
  });

  it('exits 2 outside a project and on a bad option', () => {
    const outside = dsctl(['doctor', '--json'], tempDir('dsctl-doctor-none-'));
    expect(outside.code).toBe(2);
    expect(JSON.parse(outside.stdout)).toMatchObject({ type: 'dsctl/error', ok: false, error: { code: 'config/not-found' } });
    expect(dsctl(['doctor', '--bogus'], fresh()).code).toBe(2);
  });

  it('says which integrations are not installed instead of failing on them', () => {
    const dir = fresh();
    rmSync(join(dir, '.cursor/hooks.json'));
    const run = dsctl(['doctor'], dir);
    expect(run.code, run.stdout).toBe(0);
    expect(run.stdout).toMatch(/^- cursor no \.cursor\/hooks\.json: Cursor hooks are not installed \(`dsctl hooks install --cursor`\)$/m);
  });
});

describe('init and hooks install end with a quick doctor pass', () => {
  it('init names what is left to do; hooks install on a healthy project says every integration is in place', () => {
    const dir = tempDir('dsctl-doctor-init-');
    const init = dsctl(['init', 'app'], dir);
    expect(init.code).toBe(0);
    expect(init.stderr).toContain('dsctl doctor (quick): 1 thing(s) to do');
    expect(init.stderr).toContain('fix: run `git init`, then `dsctl hooks install --git`');
    const app = makeHealthyStarter(tempDir('dsctl-doctor-healthy-'));
    const install = dsctl(['hooks', 'install', '--claude'], app);
    expect(install.code).toBe(0);
    expect(install.stderr).toContain('dsctl doctor (quick): every integration in place');
  });
});
