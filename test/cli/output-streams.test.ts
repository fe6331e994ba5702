import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendRun } from '../../src/governance/audit-log.js';
import { BIN, dsctl } from '../support/cli.js';
import { editJson } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';
import { runEntry } from '../support/run-entry.js';

// A command's result goes to stdout, so it can be piped and grepped; progress and the verdict about the run go to stderr.

const VIEW_FILES = ['.github/CODEOWNERS', 'DESIGN.md', 'design/generated/tokens.css', 'design/generated/theme.css', 'design/generated/components.json', 'llms.txt', 'llms-full.txt', 'docs/loop-playbook.md'];

function initStarter(): string {
  const dir = tempDir();
  const run = dsctl(['init', 'app'], dir);
  expect(run.code, run.stderr).toBe(0);
  return join(dir, 'app');
}

const changeBrandColour = (app: string) =>
  editJson<{ color: { brand: Record<string, { $value: unknown }> } }>(app, 'design/contracts/tokens.json', (t) => {
    t.color.brand['600'] = { $value: '#123456' };
  });

/** `dsctl <args> | grep <pattern>` through a real shell pipe: what a person types. */
function piped(args: readonly string[], pattern: string, cwd: string): { code: number | null; stdout: string } {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = `${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')} 2>/dev/null | grep -- ${quote(pattern)}`;
  const result = spawnSync('sh', ['-c', command], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
  return { code: result.status, stdout: result.stdout };
}

const run = runEntry;

describe('which stream a result goes to (built binary)', () => {
  it('build: the table of view files on stdout, the count on stderr', () => {
    const app = initStarter();
    const build = dsctl(['build'], app);
    expect(build.code).toBe(0);
    const rows = build.stdout.split('\n').filter(Boolean);
    expect(rows).toHaveLength(VIEW_FILES.length);
    for (const file of VIEW_FILES) expect(rows).toContainEqual(expect.stringMatching(new RegExp(`^ {2}= ${file.replace(/\./g, '\\.')} +[a-z-]+ +unchanged$`)));
    expect(build.stderr).toBe(`✔ 0 of ${VIEW_FILES.length} view file(s) written\n`);

    changeBrandColour(app);
    const check = dsctl(['build', '--check'], app);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/^ {2}✖ design\/generated\/tokens\.css +tokens-css +stale$/m);
    expect(check.stderr).toMatch(/^✖ \d+ view file\(s\) stale: run dsctl build\n$/);
    expect(check.stderr).not.toContain('tokens.css');
    expect(piped(['build', '--check'], 'stale', app).stdout).toMatch(/^ {2}✖ design\/generated\/tokens\.css .* stale$/m);

    const write = dsctl(['build'], app);
    expect(write.code).toBe(0);
    expect(write.stdout).toMatch(/^ {2}✎ design\/generated\/tokens\.css +tokens-css +written$/m);
    expect(write.stderr).toMatch(/^✔ [1-9]\d* of \d+ view file\(s\) written\n$/);
  });

  it('build --json: one envelope on stdout and nothing on stderr', () => {
    const app = initStarter();
    const json = dsctl(['build', '--check', '--json'], app);
    expect(json.code).toBe(0);
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toMatchObject({ type: 'dsctl/build', ok: true, data: { check: true } });
  });

  it('drift: the findings on stdout, the advice on stderr', () => {
    const app = initStarter();
    const clean = dsctl(['drift'], app);
    expect(clean).toMatchObject({ code: 0, stdout: '', stderr: '✔ no drift: every view is fresh and the playbook matches the project\n' });

    changeBrandColour(app);
    const stale = dsctl(['drift'], app);
    expect(stale.code).toBe(1);
    expect(stale.stdout).toContain('design/generated/tokens.css\n');
    expect(stale.stdout).toMatch(/ error +.*color\.brand\.600.* view-stale/);
    expect(stale.stdout).toMatch(/✖ \d+ problems? \(\d+ errors?, \d+ warnings?\)\n$/);
    expect(stale.stderr).toMatch(/^\d+ finding\(s\) are repaired by dsctl build; the rest need a person\n$/);
    expect(piped(['drift'], 'view-stale', app).stdout.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(4);
  });

  it('check: the problems on stdout, the verdict on stderr', () => {
    const app = initStarter();
    editJson<{ rules: unknown[] }>(app, 'design/contracts/rules.json', (doc) => {
      doc.rules.push({ id: 'EVIL_PATTERN', category: 'color', severity: 'error', description: 'x', detector: 'tailwind-class', pattern: '(a+)+$', automationStatus: 'auto' });
    });
    const check = dsctl(['check'], app);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(/^design\/contracts\/rules\.json\n {2}\d+:\d+ +error +rule EVIL_PATTERN: .* rule\/pattern-redos$/m);
    expect(check.stderr).toMatch(/^✖ Tessera: \d+ tokens, \d+ rules, 8 components checked\n$/);
    expect(piped(['check'], 'EVIL_PATTERN', app).stdout).toContain('rule/pattern-redos');
  });

  it('audit tail: one line per record on stdout, so `dsctl audit tail | grep` finds them', async () => {
    const app = initStarter();
    const empty = dsctl(['audit', 'tail'], app);
    expect(empty).toMatchObject({ code: 0, stdout: '', stderr: 'no runs in .dsctl/runs.jsonl\n' });

    const log = join(app, '.dsctl/runs.jsonl');
    await appendRun(log, run(0));
    const runId = '2026-06-18T10:01:00Z-drift-repair';
    const escalation = { workflow: 'drift-repair', stuck_reason: 'two brand colours', severity: 'error' as const, proposed_diff: '', evidence: [], human_question: 'Which brand colour is right?', run_id: runId };
    await appendRun(log, run(1, { status: 'escalated', escalation }));
    await appendRun(log, run(2, { workflow: 'benchmark', level: 'observation', trigger: 'schedule' }));
    const tail = dsctl(['audit', 'tail'], app);
    expect(tail.code).toBe(0);
    expect(tail.stderr).toBe('');
    expect(tail.stdout.split('\n').filter(Boolean)).toHaveLength(3);

    const grep = piped(['audit', 'tail'], 'escalated', app);
    expect(grep.code).toBe(0);
    expect(grep.stdout.split('\n').filter(Boolean)).toEqual([expect.stringMatching(/^2026-06-18T10:01:30Z {2}escalated +drift-repair .* 2026-06-18T10:01:00Z-drift-repair .*error: Which brand colour is right\?$/)]);
    expect(piped(['audit', 'tail', '--workflow', 'benchmark'], 'benchmark', app).stdout).toContain('2026-06-18T10:02:00Z-drift-repair');

    const json = dsctl(['audit', 'tail', '--json'], app);
    expect(json.stderr).toBe('');
    expect(JSON.parse(json.stdout)).toMatchObject({ type: 'dsctl/audit-tail', ok: true, data: { skipped: 0 } });
  });
});
