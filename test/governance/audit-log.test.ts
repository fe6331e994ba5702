import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendRun, hashRecord, tailLog, verifyLog, type BrokenCode } from '../../src/governance/audit-log.js';
import { canonicalJson, sha256Hex } from '../../src/governance/canonical-json.js';
import type { RunEntry, RunRecord } from '../../src/governance/run-record.js';
import { UserError } from '../../src/diagnostics/user-error.js';
import { tempDir } from '../support/temp-dir.js';

const entry = (i: number, over: Partial<RunEntry> = {}): RunEntry => ({
  schema: 'dsctl.run/v1',
  run_id: `2026-06-18T10:00:00Z-drift-${i}`,
  workflow: 'drift-repair',
  level: 'pipeline',
  status: 'passed',
  trigger: 'ci',
  commands: ['npm run design:drift'],
  changed_paths: [],
  escalation: null,
  started_at: '2026-06-18T10:00:00Z',
  ended_at: '2026-06-18T10:01:00Z',
  attempts: 1,
  ...over,
});

async function logOf(count: number, dir = tempDir()): Promise<{ path: string; records: RunRecord[] }> {
  const path = join(dir, '.dsctl', 'runs.jsonl');
  const records: RunRecord[] = [];
  for (let i = 0; i < count; i++) records.push(await appendRun(path, entry(i)));
  return { path, records };
}

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').slice(0, -1);
const writeLines = (path: string, list: readonly string[], trailing = '\n') => writeFileSync(path, list.join('\n') + trailing);

describe('canonical JSON and the record hash', () => {
  it('canonicalises as RFC 8785 does (its §3.2.2 example)', () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    ) as unknown;
    expect(canonicalJson(input)).toBe('{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}');
  });

  it('hashes the canonical JSON of the record without `hash` (known answer)', async () => {
    const dir = tempDir();
    const record = await appendRun(join(dir, 'runs.jsonl'), entry(0, { run_id: '2026-06-18T10:00:00Z-drift' }));
    const canonical =
      '{"attempts":1,"changed_paths":[],"commands":["npm run design:drift"],"ended_at":"2026-06-18T10:01:00Z","escalation":null,"level":"pipeline","prev":null,"run_id":"2026-06-18T10:00:00Z-drift","schema":"dsctl.run/v1","started_at":"2026-06-18T10:00:00Z","status":"passed","trigger":"ci","workflow":"drift-repair"}';
    expect(record.hash).toBe('5adf3d3b9ce0b5d3b31c802bf5fc2a80ee428b45324cd39e3d86c26baa202323');
    expect(sha256Hex(canonical)).toBe(record.hash);
    expect(hashRecord(record)).toBe(record.hash);
    expect(readFileSync(join(dir, 'runs.jsonl'), 'utf8')).toBe(`${canonical.replace('"escalation":null,', `"escalation":null,"hash":"${record.hash}",`)}\n`);
  });
});

describe('appendRun', () => {
  it('chains each record to the one before it; the first has prev null', async () => {
    const { path, records } = await logOf(3);
    expect(records.map((r) => r.prev)).toEqual([null, records[0]?.hash, records[1]?.hash]);
    expect(lines(path)).toEqual(records.map((r) => canonicalJson(r)));
    expect(verifyLog(path)).toEqual({ ok: true, records: 3, head: records[2]?.hash });
  });

  it('keeps agent usage and an escalation payload', async () => {
    const dir = tempDir();
    const escalation = {
      workflow: 'ui-self-repair',
      stuck_reason: 'manual brand decision required',
      severity: 'blocking' as const,
      proposed_diff: 'redteam/patch.diff',
      evidence: ['check_html: 2 errors left after 3 attempts'],
      human_question: 'Is a second primary button acceptable here?',
      run_id: 'r-1',
    };
    const record = await appendRun(
      join(dir, 'runs.jsonl'),
      entry(1, { run_id: 'r-1', workflow: 'ui-self-repair', level: 'model-loop', status: 'escalated', escalation, attempts: 3, agent: { driver: 'claude-code', session_id: 's-1', turns: 12, cost_usd: 0.42 } }),
    );
    expect(record).toMatchObject({ escalation, agent: { driver: 'claude-code', turns: 12, cost_usd: 0.42 }, prev: null });
    expect(verifyLog(join(dir, 'runs.jsonl')).ok).toBe(true);
  });

  it.each<{ name: string; over: Record<string, unknown>; detail: string }>([
    { name: 'an unknown level', over: { level: 'loop' }, detail: '/level: ' },
    { name: 'an escalated run without its escalation', over: { status: 'escalated' }, detail: '/escalation: an escalated run must carry its escalation payload' },
    {
      name: "an escalation of another run",
      over: { status: 'escalated', escalation: { workflow: 'drift-repair', stuck_reason: 'x', severity: 'warn', proposed_diff: '', evidence: [], human_question: 'q?', run_id: 'other' } },
      detail: '/escalation/run_id: expected the run\'s own id "2026-06-18T10:00:00Z-drift-0"',
    },
    { name: 'an unknown key', over: { note: 'hi' }, detail: 'note' },
    { name: 'a run that ends before it starts', over: { ended_at: '2026-06-18T09:00:00Z' }, detail: '/ended_at: expected a time at or after started_at' },
    { name: 'a run id with a slash', over: { run_id: '../../etc/passwd' }, detail: '/run_id: expected a run id' },
    { name: 'a time that is not ISO 8601', over: { started_at: 'yesterday' }, detail: '/started_at: ' },
    { name: 'a caller-supplied hash', over: { hash: 'a'.repeat(64) }, detail: 'hash' },
  ])('refuses $name with a UserError naming the field', async ({ over, detail }) => {
    const path = join(tempDir(), 'runs.jsonl');
    const error = await appendRun(path, { ...entry(0), ...over } as RunEntry).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).code).toBe('run/invalid');
    expect((error as UserError).details.join('\n')).toContain(detail);
    expect(verifyLog(path)).toEqual({ ok: true, records: 0, head: null });
  });

  it('takes over a stale lock left by a dead process', async () => {
    const { path } = await logOf(1);
    mkdirSync(`${path}.lock`);
    const past = new Date(Date.now() - 60_000);
    utimesSync(`${path}.lock`, past, past);
    await appendRun(path, entry(1), { staleMs: 2_000 });
    expect(verifyLog(path)).toMatchObject({ ok: true, records: 2 });
  });

  it('gives up with a UserError when a live process holds the lock too long', async () => {
    const { path } = await logOf(1);
    mkdirSync(`${path}.lock`);
    const error = await appendRun(path, entry(1), { lockTimeoutMs: 300 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).code).toBe('audit/locked');
    expect((error as UserError).message).toContain(`${path}.lock`);
    rmSync(`${path}.lock`, { recursive: true });
    expect(verifyLog(path)).toMatchObject({ ok: true, records: 1 });
  });

  it('a log path that is a folder is a UserError, for append and verify alike', async () => {
    const path = join(tempDir(), 'runs.jsonl');
    mkdirSync(path);
    await expect(appendRun(path, entry(0))).rejects.toMatchObject({ code: 'file/unreadable', message: `${path}: expected a run log, found a directory` });
    expect(() => verifyLog(path)).toThrow(`${path}: expected a run log, found a directory`);
  });

  it('serialises concurrent appends of one process', async () => {
    const path = join(tempDir(), 'runs.jsonl');
    await Promise.all(Array.from({ length: 50 }, (_, i) => appendRun(path, entry(i))));
    expect(verifyLog(path)).toMatchObject({ ok: true, records: 50 });
    expect(lines(path).map((l) => (JSON.parse(l) as RunRecord).run_id)).toEqual(Array.from({ length: 50 }, (_, i) => entry(i).run_id));
  });
});

describe('verifyLog: the first broken link, by line', () => {
  it('a missing or empty log is an empty, valid log', () => {
    const dir = tempDir();
    expect(verifyLog(join(dir, 'nope.jsonl'))).toEqual({ ok: true, records: 0, head: null });
    writeFileSync(join(dir, 'empty.jsonl'), '');
    expect(verifyLog(join(dir, 'empty.jsonl'))).toEqual({ ok: true, records: 0, head: null });
  });

  // 10 records; lines are 1-based.
  const cases: { name: string; tamper: (l: string[]) => string[]; want: { line: number; code: BrokenCode; records: number; reason?: string } }[] = [
    { name: 'a value edited in a middle record', tamper: (l) => l.map((t, i) => (i === 4 ? t.replace('drift-4', 'drift-X') : t)), want: { line: 5, code: 'hash-mismatch', records: 4 } },
    { name: 'a record re-serialised with spaces', tamper: (l) => l.map((t, i) => (i === 4 ? t.replaceAll('","', '", "') : t)), want: { line: 5, code: 'not-canonical', records: 4 } },
    { name: 'CRLF line ends', tamper: (l) => l.map((t) => `${t}\r`), want: { line: 1, code: 'not-canonical', records: 0 } },
    { name: 'a middle record deleted', tamper: (l) => l.filter((_, i) => i !== 4), want: { line: 5, code: 'prev-mismatch', records: 4, reason: 'a record was deleted, inserted or reordered' } },
    { name: 'the first record deleted', tamper: (l) => l.slice(1), want: { line: 1, code: 'prev-mismatch', records: 0, reason: 'the records before it were deleted' } },
    { name: 'two records swapped', tamper: (l) => [...l.slice(0, 3), l[4] as string, l[3] as string, ...l.slice(5)], want: { line: 4, code: 'prev-mismatch', records: 3 } },
    { name: 'a record replayed at the end', tamper: (l) => [...l, l[4] as string], want: { line: 11, code: 'prev-mismatch', records: 10 } },
    { name: 'a line that is not JSON', tamper: (l) => [...l.slice(0, 5), 'hello', ...l.slice(5)], want: { line: 6, code: 'not-json', records: 5 } },
    { name: 'an empty line', tamper: (l) => [...l.slice(0, 5), '', ...l.slice(5)], want: { line: 6, code: 'empty-line', records: 5 } },
    { name: 'JSON that is not a run record', tamper: (l) => [...l.slice(0, 5), '{"a":1}', ...l.slice(5)], want: { line: 6, code: 'invalid-record', records: 5 } },
    {
      name: 'a record cut short in the middle of the log',
      tamper: (l) => l.map((t, i) => (i === 4 ? t.slice(0, 40) : t)),
      want: { line: 5, code: 'not-json', records: 4, reason: 'a damaged record, since the chain does not continue across it' },
    },
    { name: 'the last record cut short, newline kept', tamper: (l) => l.map((t, i) => (i === 9 ? t.slice(0, 40) : t)), want: { line: 10, code: 'not-json', records: 9 } },
    {
      name: 'a forged record with a valid hash but no link',
      tamper: (l) => {
        const forged = { ...(JSON.parse(l[4] as string) as RunRecord), run_id: 'forged', prev: null };
        return [...l.slice(0, 5), canonicalJson({ ...forged, hash: hashRecord(forged) }), ...l.slice(5)];
      },
      want: { line: 6, code: 'prev-mismatch', records: 5, reason: 'prev is null but records come before it' },
    },
  ];

  it.each(cases)('$name → line $want.line ($want.code)', async ({ tamper, want }) => {
    const { path } = await logOf(10);
    writeLines(path, tamper(lines(path)));
    const result = verifyLog(path);
    expect(result.ok).toBe(false);
    expect(result.firstBroken).toMatchObject({ line: want.line, code: want.code });
    if (want.reason) expect(result.firstBroken?.reason).toContain(want.reason);
    expect(result.records).toBe(want.records);
  });

  it.each([1, 5, 10])('any one byte changed anywhere in record %i is caught on that line', async (n) => {
    const { path } = await logOf(10);
    const original = lines(path);
    const target = original[n - 1] as string;
    for (let at = 0; at < target.length; at++) {
      const ch = target[at] === 'a' ? 'b' : 'a';
      const edited = original.map((t, i) => (i === n - 1 ? t.slice(0, at) + ch + t.slice(at + 1) : t));
      writeLines(path, edited);
      const result = verifyLog(path);
      expect(result.ok, `byte ${at} of line ${n}`).toBe(false);
      expect(result.firstBroken?.line, `byte ${at} of line ${n}: ${result.firstBroken?.reason}`).toBe(n);
    }
  });

  it('a tail cut off is invisible from inside, and caught with an anchor', async () => {
    const { path, records } = await logOf(10);
    const head = records[9]?.hash as string;
    expect(verifyLog(path, { anchor: head })).toMatchObject({ ok: true, head });
    writeLines(path, lines(path).slice(0, 8));
    expect(verifyLog(path)).toMatchObject({ ok: true, records: 8, head: records[7]?.hash });
    expect(verifyLog(path, { anchor: head })).toMatchObject({ ok: false, records: 8, firstBroken: { line: 9, code: 'anchor-missing' } });
  });
});

describe('torn lines (a crash in the middle of an append)', () => {
  it('a torn last line is reported, not fatal; the next append starts on a new line and chains past it', async () => {
    const { path, records } = await logOf(3);
    const torn = canonicalJson(await appendRun(join(tempDir(), 'other.jsonl'), entry(99))).slice(0, 57);
    writeFileSync(path, readFileSync(path, 'utf8') + torn);
    expect(verifyLog(path)).toEqual({ ok: true, records: 3, head: records[2]?.hash, torn: { line: 4, count: 1 } });

    const next = await appendRun(path, entry(3));
    expect(next.prev).toBe(records[2]?.hash);
    expect(lines(path)[3]).toBe(torn);
    expect(lines(path)[4]).toBe(canonicalJson(next));
    expect(verifyLog(path)).toEqual({ ok: true, records: 4, head: next.hash, torn: { line: 4, count: 1 } });
    expect(tailLog(path)).toMatchObject({ skipped: 1 });
  });

  it('a whole record that lost only its newline is kept in the chain', async () => {
    const { path, records } = await logOf(3);
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, -1));
    expect(verifyLog(path)).toEqual({ ok: true, records: 3, head: records[2]?.hash });
    const next = await appendRun(path, entry(3));
    expect(next.prev).toBe(records[2]?.hash);
    expect(verifyLog(path)).toEqual({ ok: true, records: 4, head: next.hash });
  });

  it('finds the last record behind a torn tail longer than one read chunk', async () => {
    const { path, records } = await logOf(300);
    writeFileSync(path, readFileSync(path, 'utf8') + '{"attempts":' + '9'.repeat(70_000));
    const next = await appendRun(path, entry(300));
    expect(next.prev).toBe(records[299]?.hash);
    expect(verifyLog(path)).toMatchObject({ ok: true, records: 301, torn: { line: 301, count: 1 } });
  });

  it('a line that is not a record at the end is a broken link, and appends chain to the last record before it', async () => {
    const { path, records } = await logOf(2);
    writeFileSync(path, readFileSync(path, 'utf8') + 'garbage\n');
    const next = await appendRun(path, entry(2));
    expect(next.prev).toBe(records[1]?.hash);
    expect(verifyLog(path).firstBroken).toMatchObject({ line: 3, code: 'not-json' });
  });
});

describe('tailLog', () => {
  it('returns the last n records, optionally of one workflow, oldest first', async () => {
    const path = join(tempDir(), 'runs.jsonl');
    for (let i = 0; i < 6; i++) await appendRun(path, entry(i, { workflow: i % 2 ? 'red-team' : 'drift-repair' }));
    expect(tailLog(path, { n: 2 }).records.map((r) => r.run_id)).toEqual([entry(4).run_id, entry(5).run_id]);
    expect(tailLog(path, { workflow: 'red-team' }).records.map((r) => r.run_id)).toEqual([1, 3, 5].map((i) => entry(i).run_id));
    expect(tailLog(path, { n: 1, workflow: 'drift-repair' }).records.map((r) => r.run_id)).toEqual([entry(4).run_id]);
    expect(tailLog(path, { n: 0 }).records).toEqual([]);
    expect(tailLog(join(tempDir(), 'missing.jsonl'))).toEqual({ records: [], skipped: 0 });
  });
});

describe('appends from concurrent processes', () => {
  const CHILDREN = 8;
  const EACH = 500;
  let work: string;
  let child: string;

  beforeAll(async () => {
    work = join(tmpdir(), `dsctl-audit-${process.pid}-${Date.now()}`);
    mkdirSync(work, { recursive: true });
    child = join(work, 'append-child.mjs');
    const auditLog = fileURLToPath(new URL('../../src/governance/audit-log.ts', import.meta.url));
    // Each child appends EACH records at once (its own in-process queue), racing the other children for the lock.
    const source = `
      import { appendRun } from ${JSON.stringify(auditLog)};
      const [log, id, count] = process.argv.slice(2);
      const base = ${JSON.stringify(entry(0))};
      await Promise.all(Array.from({ length: Number(count) }, (_, i) => appendRun(log, { ...base, run_id: 'c' + id + '-' + i })));
    `;
    await build({
      stdin: { contents: source, resolveDir: work, sourcefile: 'append-child.ts', loader: 'ts' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: child,
      logLevel: 'warning',
      banner: { js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);" },
    });
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const runChild = (log: string, id: number) =>
    new Promise<{ code: number | null; stderr: string }>((done) => {
      const p = spawn(process.execPath, [child, log, String(id), String(EACH)], { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      p.on('close', (code) => done({ code, stderr }));
    });

  it(`${CHILDREN} processes × ${EACH} appends: every record lands once, whole and linked; one edited byte is named by line`, async () => {
    const log = join(work, '.dsctl', 'runs.jsonl');
    const exits = await Promise.all(Array.from({ length: CHILDREN }, (_, id) => runChild(log, id)));
    expect(exits).toEqual(Array.from({ length: CHILDREN }, () => ({ code: 0, stderr: '' })));

    const text = readFileSync(log, 'utf8');
    const all = text.split('\n').slice(0, -1).map((l) => JSON.parse(l) as RunRecord);
    expect(text.endsWith('\n')).toBe(true);
    expect(all).toHaveLength(CHILDREN * EACH);
    expect(new Set(all.map((r) => r.run_id)).size).toBe(CHILDREN * EACH);
    all.forEach((r, i) => expect(r.prev).toBe(i === 0 ? null : all[i - 1]?.hash));
    // Each child's own appends keep their order.
    for (let id = 0; id < CHILDREN; id++) {
      const seq = all.filter((r) => r.run_id.startsWith(`c${id}-`)).map((r) => Number(r.run_id.split('-')[1]));
      expect(seq).toEqual(Array.from({ length: EACH }, (_, i) => i));
    }
    expect(verifyLog(log)).toEqual({ ok: true, records: CHILDREN * EACH, head: all[all.length - 1]?.hash });

    const middle = 2_000;
    const list = text.split('\n');
    list[middle - 1] = (list[middle - 1] as string).replace('"attempts":1', '"attempts":2');
    writeFileSync(log, list.join('\n'));
    expect(verifyLog(log)).toMatchObject({ ok: false, records: middle - 1, firstBroken: { line: middle, code: 'hash-mismatch' } });
  });
});
