import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAuditTail, runAuditVerify } from '../../src/cli/audit.js';
import type { CommandContext } from '../../src/cli/context.js';
import { plainColors, type CliIo } from '../../src/cli/io.js';
import { runLearnList, runLearnPropose } from '../../src/cli/learn.js';
import { runTriage } from '../../src/cli/triage.js';
import { UserError } from '../../src/diagnostics/user-error.js';
import { appendRun } from '../../src/governance/audit-log.js';
import { dsctl } from '../support/cli.js';
import { starterProject } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';
import { runEntry } from '../support/run-entry.js';

const LOG = '.dsctl/runs.jsonl';

const entry = runEntry;

async function withRuns(dir: string, count: number): Promise<void> {
  for (let i = 0; i < count; i++) await appendRun(join(dir, LOG), entry(i, i === 2 ? { workflow: 'benchmark', level: 'observation', trigger: 'schedule' } : {}));
}

/** The command functions, in-process, with captured output. */
function capture(cwd: string, stdin = ''): { ctx: CommandContext; out: () => string; err: () => string } {
  let out = '';
  let err = '';
  const io: CliIo = {
    cwd,
    env: {},
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    readStdin: () => Promise.resolve(stdin),
    interactive: false,
    out: plainColors(),
    err: plainColors(),
  };
  return { ctx: { io, configPath: undefined, commands: new Set() }, out: () => out, err: () => err };
}

interface Envelope<T> {
  type: string;
  ok: boolean;
  data: T;
}
const envelope = <T>(text: string) => JSON.parse(text) as Envelope<T>;

describe('governance commands (in-process)', () => {
  it('audit verify: a missing log is valid; an intact chain exits 0 with its head', async () => {
    const dir = starterProject();
    const empty = capture(dir);
    expect(runAuditVerify(empty.ctx, {})).toBe(0);
    expect(empty.err()).toBe(`✔ ${LOG}: no runs recorded yet\n`);

    await withRuns(dir, 3);
    const ok = capture(dir);
    expect(runAuditVerify(ok.ctx, { json: true })).toBe(0);
    const data = envelope<{ log: string; ok: boolean; records: number; head: string }>(ok.out());
    expect(data).toMatchObject({ type: 'dsctl/audit-verify', ok: true, data: { log: LOG, ok: true, records: 3 } });
    expect(data.data.head).toMatch(/^[0-9a-f]{64}$/);
  });

  it('audit verify: an edited record is exit 1 naming its line; a torn last line only warns', async () => {
    const dir = starterProject();
    await withRuns(dir, 4);
    const path = join(dir, LOG);
    const original = readFileSync(path, 'utf8');

    writeFileSync(path, original + '{"attempts":1,"chan');
    const torn = capture(dir);
    expect(runAuditVerify(torn.ctx, {})).toBe(0);
    expect(torn.out()).toContain(`${LOG}\n  5:1     warn   torn line`);
    expect(torn.err()).toContain('4 record(s), chain intact');

    writeFileSync(path, original.replace('10:02:30Z', '10:02:31Z'));
    const broken = capture(dir);
    expect(runAuditVerify(broken.ctx, {})).toBe(1);
    expect(broken.out()).toContain('3:1     error  hash mismatch: the record was edited');
    expect(broken.out()).toContain('audit/hash-mismatch');
    expect(broken.err()).toBe(`✖ ${LOG}: chain broken at line 3; 2 record(s) before it verified\n`);

    const json = capture(dir);
    expect(runAuditVerify(json.ctx, { json: true })).toBe(1);
    expect(envelope<{ firstBroken: unknown }>(json.out())).toMatchObject({ ok: false, data: { firstBroken: { line: 3, code: 'hash-mismatch' } } });
  });

  it('audit verify --anchor: a cut tail is caught; a malformed anchor is bad usage', async () => {
    const dir = starterProject();
    await withRuns(dir, 3);
    const first = capture(dir);
    runAuditVerify(first.ctx, { json: true });
    const head = envelope<{ head: string }>(first.out()).data.head;
    const path = join(dir, LOG);
    writeFileSync(path, readFileSync(path, 'utf8').split('\n').slice(0, 2).join('\n') + '\n');
    const cut = capture(dir);
    expect(runAuditVerify(cut.ctx, { anchor: head })).toBe(1);
    expect(cut.out()).toContain('audit/anchor-missing');
    expect(() => runAuditVerify(capture(dir).ctx, { anchor: 'abc' })).toThrow(UserError);
  });

  it('audit tail: the last n runs, of one workflow, as text or JSON', async () => {
    const dir = starterProject();
    await withRuns(dir, 4);
    const text = capture(dir);
    expect(runAuditTail(text.ctx, { n: '2' })).toBe(0);
    expect(text.out().split('\n').filter(Boolean)).toEqual([
      '2026-06-18T10:02:30Z  passed    benchmark            schedule 2026-06-18T10:02:00Z-drift-repair  1 attempt(s)',
      '2026-06-18T10:03:30Z  passed    drift-repair         ci       2026-06-18T10:03:00Z-drift-repair  1 attempt(s)',
    ]);
    const json = capture(dir);
    expect(runAuditTail(json.ctx, { workflow: 'drift-repair', json: true })).toBe(0);
    const data = envelope<{ records: { run_id: string }[]; skipped: number }>(json.out());
    expect(data.type).toBe('dsctl/audit-tail');
    expect(data.data.records.map((r) => r.run_id)).toEqual([0, 1, 3].map((i) => entry(i).run_id));
    expect(() => runAuditTail(capture(dir).ctx, { n: '0' })).toThrow('-n must be a positive whole number, got "0"');
  });

  it('triage: route, automation limit and evidence from a log file', async () => {
    const dir = starterProject();
    writeFileSync(join(dir, 'ci.log'), 'Checking views…\n✖ DESIGN.md is stale (view-stale)\nexit 1\n');
    const run = capture(dir);
    expect(await runTriage(run.ctx, ['npm', 'run', 'design:drift'], { log: 'ci.log' })).toBe(0);
    expect(run.out()).toBe(
      [
        'route             drift-repair (command matched "design:drift", policy route drift)',
        'automation limit  Regenerate derived views, then escalate if drift remains.',
        'evidence',
        '  ✖ DESIGN.md is stale (view-stale)',
        '',
      ].join('\n'),
    );
    const unknown = capture(dir, 'npm ERR! code ERESOLVE\n');
    expect(await runTriage(unknown.ctx, 'npm ci', { log: '-', json: true })).toBe(0);
    expect(envelope(unknown.out())).toEqual({
      type: 'dsctl/triage',
      ok: true,
      data: { command: 'npm ci', entry: 'environment', route: 'human', automationLimit: 'No autonomous repair.', matched: { by: 'log', pattern: 'ERESOLVE' }, evidence: ['npm ERR! code ERESOLVE'] },
    });
    const human = capture(dir);
    expect(await runTriage(human.ctx, 'bash deploy.sh', {})).toBe(0);
    expect(human.out()).toBe('route             human (no policy route matched)\nautomation limit  No autonomous repair: unknown failure\n');
    expect(human.err()).toBe('! escalate to a person: automation may not repair this failure on its own\n');
    await expect(runTriage(capture(dir).ctx, 'npm test', { log: 'missing.log' })).rejects.toThrow('missing.log: log file not found');
  });

  it('learn propose and list', async () => {
    const dir = starterProject();
    writeFileSync(join(dir, 'body.md'), 'Cards nest at most one level.\n');
    const propose = capture(dir);
    expect(await runLearnPropose(propose.ctx, { title: 'Card nesting', body: 'body.md' })).toBe(0);
    const file = propose.out().trim();
    expect(file).toMatch(/^docs\/loop-learnings\/\d{4}-\d{2}-\d{2}-card-nesting\.md$/);
    expect(readFileSync(join(dir, file), 'utf8')).toMatch(/^---\nstatus: proposal\ntitle: Card nesting\ncreated: \d{4}-\d{2}-\d{2}\n---\n\nCards nest at most one level\.\n$/);
    const fromStdin = capture(dir, 'From stdin.');
    expect(await runLearnPropose(fromStdin.ctx, { title: 'Card nesting', body: '-', json: true })).toBe(0);
    expect(envelope<{ file: string }>(fromStdin.out()).data.file).toBe(file.replace('.md', '-2.md'));
    await expect(runLearnPropose(capture(dir).ctx, { title: '../../AGENTS' })).rejects.toThrow(UserError);

    const list = capture(dir);
    expect(runLearnList(list.ctx, { json: true })).toBe(0);
    expect(envelope<{ learnings: { file: string; status: string }[] }>(list.out()).data).toMatchObject({
      folder: 'docs/loop-learnings',
      learnings: [
        { file, status: 'proposal', title: 'Card nesting' },
        { file: file.replace('.md', '-2.md'), status: 'proposal', title: 'Card nesting' },
      ],
    });
  });
});

describe('governance commands (built binary)', () => {
  const init = () => {
    const dir = tempDir();
    const run = dsctl(['init', 'app'], dir);
    expect(run.code, run.stderr).toBe(0);
    return join(dir, 'app');
  };

  it('audit verify and tail', async () => {
    const app = init();
    expect(dsctl(['audit', 'verify'], app)).toMatchObject({ code: 0, stderr: `✔ ${LOG}: no runs recorded yet\n` });
    await withRuns(app, 3);
    const tail = dsctl(['audit', 'tail', '-n', '1', '--workflow', 'benchmark', '--json'], app);
    expect(tail.code, tail.stderr).toBe(0);
    expect(envelope<{ records: { run_id: string }[] }>(tail.stdout).data.records.map((r) => r.run_id)).toEqual([entry(2).run_id]);

    const path = join(app, LOG);
    writeFileSync(path, readFileSync(path, 'utf8').replace('"attempts":1', '"attempts":7'));
    const broken = dsctl(['audit', 'verify'], app);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('chain broken at line 1');
    const json = dsctl(['audit', 'verify', '--json'], app);
    expect(json.code).toBe(1);
    expect(envelope(json.stdout)).toMatchObject({ type: 'dsctl/audit-verify', ok: false, data: { firstBroken: { line: 1, code: 'hash-mismatch' } } });
    expect(dsctl(['audit', 'tail', '-n', 'x'], app).code).toBe(2);
  });

  it('triage', () => {
    const app = init();
    writeFileSync(join(app, 'test.log'), ' FAIL  button.test.ts\nAssertionError: expected 1 to be 2\n');
    const run = dsctl(['triage', 'npm test', '--log', 'test.log', '--json'], app);
    expect(run.code, run.stderr).toBe(0);
    expect(envelope(run.stdout)).toMatchObject({
      type: 'dsctl/triage',
      data: { entry: 'tests', route: 'evidence-report', evidence: [' FAIL  button.test.ts', 'AssertionError: expected 1 to be 2'] },
    });
    const unquoted = dsctl(['triage', 'npm', 'run', 'design:lint'], app);
    expect(unquoted.code).toBe(0);
    expect(unquoted.stdout).toContain('route             ui-self-repair');
    expect(dsctl(['triage', 'npm test', '--log', 'nope.log'], app)).toMatchObject({ code: 2 });
  });

  it('learn propose and list', () => {
    const app = init();
    const propose = dsctl(['learn', 'propose', '--title', 'Dialog buttons', '--json'], app, {}, undefined);
    expect(propose.code, propose.stderr).toBe(0);
    const file = envelope<{ file: string }>(propose.stdout).data.file;
    expect(file).toMatch(/^docs\/loop-learnings\/\d{4}-\d{2}-\d{2}-dialog-buttons\.md$/);
    const withBody = dsctl(['learn', 'propose', '--title', 'Dialog buttons', '--body', '-'], app, {}, 'One primary action per dialog.\n');
    expect(withBody.code, withBody.stderr).toBe(0);
    expect(readFileSync(join(app, withBody.stdout.trim()), 'utf8')).toContain('\n---\n\nOne primary action per dialog.\n');
    const escape = dsctl(['learn', 'propose', '--title', '../../AGENTS', '--json'], app);
    expect(escape.code).toBe(2);
    expect(envelope<unknown>(escape.stdout)).toMatchObject({ ok: false, error: { code: 'learning/title' } });
    const list = dsctl(['learn', 'list'], app);
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n').filter(Boolean)).toEqual([
      `proposal  Dialog buttons  ${file}`,
      `proposal  Dialog buttons  ${file.replace('.md', '-2.md')}`,
    ]);
  });
});
