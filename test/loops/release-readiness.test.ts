import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tailLog } from '../../src/governance/audit-log.js';
import { mcpSmoke, packSmoke } from '../../src/loops/release-checks.js';
import { startRun } from '../../src/loops/runner.js';
import { releaseReadiness } from '../../src/loops/workflows/release-readiness.js';
import { loadValidProject } from '../../src/project/project.js';
import { BIN, dsctl } from '../support/cli.js';
import { editJson } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';

const TOOLS = ['check_html', 'get_component', 'get_rules', 'get_token', 'list_components', 'search', 'search_tokens'];

// The starter's CI commands are `npm run design:*`, which call `dsctl`: a shim first on PATH runs the built one.
let shimDir = '';
let savedPath: string | undefined;
beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run \`npm run build\` first`);
  shimDir = mkdtempSync(join(tmpdir(), 'dsctl-shim-'));
  writeFileSync(join(shimDir, 'dsctl'), `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(join(shimDir, 'dsctl'), 0o755);
  savedPath = process.env.PATH;
  process.env.PATH = `${shimDir}${delimiter}${savedPath ?? ''}`;
});
afterAll(() => {
  process.env.PATH = savedPath;
  rmSync(shimDir, { recursive: true, force: true });
});

/** `dsctl init` as a user runs it (the starter plus its baseline), in a fresh git repository, committed. */
function repo(): string {
  const parent = tempDir('dsctl-release-');
  // The design system without the React library: the lint tail the escalation quotes stays about the pages.
  expect(dsctl(['init', 'app', '--components', 'none'], parent).code).toBe(0);
  const dir = join(parent, 'app');
  // The starter's package.json has no version; a release candidate has one (npm pack needs it).
  editJson(dir, 'package.json', (pkg) => {
    pkg.version = '1.0.0-rc.1';
  });
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'init');
  return dir;
}

const run = (dir: string, raw: Record<string, string> = { dsctlBin: BIN }) => startRun(loadValidProject({ cwd: dir }), releaseReadiness, { cwd: dir, ...raw });

interface ReportJson {
  ready: boolean;
  run_id: string;
  human_actions: string;
  checks: { name: string; command: string; passed: boolean; duration_ms: number; reason: string; tail: string; details?: Record<string, unknown> }[];
}
const reportJson = (dir: string) => JSON.parse(readFileSync(join(dir, '.dsctl/reports/release-readiness.json'), 'utf8')) as ReportJson;

describe('W5 release-readiness', () => {
  it('passes on the starter: CI commands, pack smoke and MCP smoke, with a report and one record', async () => {
    const dir = repo();
    const report = await run(dir);
    expect(report.status, report.summary).toBe('passed');
    expect(report.summary).toContain('publishing stays a human action');
    expect(report.escalation).toBeNull();

    const [record] = tailLog(join(dir, '.dsctl/runs.jsonl')).records;
    expect(record).toMatchObject({ run_id: report.runId, workflow: 'release-readiness', level: 'pipeline', status: 'passed', escalation: null, changed_paths: [] });
    expect(record?.commands).toEqual(['git status --porcelain', 'npm run design:check', 'npm run design:lint', 'npm run design:drift', 'npm pack --json', 'dsctl mcp', 'git status --porcelain']);

    const json = reportJson(dir);
    expect(json).toMatchObject({ ready: true, run_id: report.runId, human_actions: expect.stringContaining('not done') });
    expect(json.checks.map((c) => `${c.name} ${c.passed}`)).toEqual(['ci-1 true', 'ci-2 true', 'ci-3 true', 'pack-smoke true', 'mcp-smoke true']);
    const pack = json.checks.find((c) => c.name === 'pack-smoke');
    expect(pack?.reason).toContain('tessera-app@1.0.0-rc.1 packs and installs');
    expect(pack?.reason).toContain('declares no bin');
    expect(pack?.details).toMatchObject({ package: 'tessera-app', bins: [] });
    const mcp = json.checks.find((c) => c.name === 'mcp-smoke');
    expect(mcp?.details).toMatchObject({ server: 'dsctl', tools: TOOLS });
    expect(mcp?.reason).toContain('listed 7 tool(s)');

    const md = readFileSync(join(dir, '.dsctl/reports/release-readiness.md'), 'utf8');
    expect(md).toContain('**Ready**');
    expect(md).toContain('| mcp-smoke |');
    expect(md).toContain('Publishing, tagging and pushing were not done');
  }, 120_000);

  it('escalates (error) when a CI command fails, still running every other check', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'examples/new-page.html'), '<div class="bg-black text-fg p-4">New</div>\n');
    const report = await run(dir);
    expect(report.status).toBe('escalated');
    expect(report.escalation).toMatchObject({
      workflow: 'release-readiness',
      severity: 'error',
      stuck_reason: expect.stringContaining('npm run design:lint'),
      human_question: expect.stringContaining('release anyway'),
    });
    const evidence = report.escalation?.evidence ?? [];
    expect(evidence[0]).toMatch(/^npm run design:lint: exited 1\n/);
    expect(evidence[0]).toContain('COLOR_NO_RAW_BLACK_WHITE');
    expect(evidence).toEqual(expect.arrayContaining([expect.stringMatching(/^pack-smoke: pass/), expect.stringMatching(/^mcp-smoke: pass/)]));

    const json = reportJson(dir);
    expect(json.ready).toBe(false);
    expect(json.checks.map((c) => `${c.name} ${c.passed}`)).toEqual(['ci-1 true', 'ci-2 false', 'ci-3 true', 'pack-smoke true', 'mcp-smoke true']);
    expect(readFileSync(join(dir, '.dsctl/reports/release-readiness.md'), 'utf8')).toContain('**Not ready**');
    expect(tailLog(join(dir, '.dsctl/runs.jsonl')).records[0]).toMatchObject({ status: 'escalated' });
    expect(existsSync(join(dir, `.dsctl/escalations/${report.runId}.json`))).toBe(true);
  }, 120_000);

  it('refuses a dsctlBin that does not exist before recording anything', async () => {
    const dir = repo();
    await expect(run(dir, { dsctlBin: 'no/such/dsctl.js' })).rejects.toMatchObject({ name: 'UserError', code: 'run/params' });
    expect(existsSync(join(dir, '.dsctl/runs.jsonl'))).toBe(false);
  });
});

describe('release smoke checks', () => {
  it('fails the pack smoke with a clear reason when there is no package.json, or it has no version', async () => {
    const dir = tempDir();
    expect(await packSmoke(dir)).toMatchObject({ name: 'pack-smoke', passed: false, reason: 'there is no package.json in the project root: nothing to pack' });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true }));
    expect(await packSmoke(dir)).toMatchObject({ passed: false, reason: 'package.json has no version: npm pack needs both, and a release candidate needs a version' });
  });

  it('runs every bin the packed package declares with --version', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'tiny-cli', version: '1.2.3', bin: { tiny: 'cli.js' }, files: ['cli.js'] }));
    writeFileSync(join(dir, 'cli.js'), '#!/usr/bin/env node\nconsole.log(process.argv[2] === "--version" ? "1.2.3" : "?");\n');
    const result = await packSmoke(dir);
    expect(result, result.tail).toMatchObject({ passed: true, details: { package: 'tiny-cli', version: '1.2.3', bins: [{ bin: 'tiny', exitCode: 0, version: '1.2.3' }] } });
    writeFileSync(join(dir, 'cli.js'), '#!/usr/bin/env node\nprocess.exit(4);\n');
    expect(await packSmoke(dir)).toMatchObject({ passed: false, reason: 'tiny --version failed from the installed tarball', exitCode: 4 });
  }, 60_000);

  it('fails the MCP smoke when the binary is missing or does not speak MCP', async () => {
    const dir = tempDir();
    expect(await mcpSmoke(dir, join(dir, 'missing.js'))).toMatchObject({ passed: false, reason: expect.stringContaining('does not exist') });
    writeFileSync(join(dir, 'silent.js'), 'setTimeout(() => {}, 60000);\n');
    const silent = await mcpSmoke(dir, join(dir, 'silent.js'), { timeoutMs: 1500 });
    expect(silent).toMatchObject({ passed: false, reason: 'the MCP server did not boot: no answer within 1500 ms' });
  }, 30_000);
});
