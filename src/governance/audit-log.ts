import { closeSync, fdatasyncSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, writeSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import lockfile from 'proper-lockfile';
import { UserError } from '../diagnostics/user-error.js';
import { fileError } from '../io/read-text.js';
import { canonicalJson, sha256Hex } from './canonical-json.js';
import { issueLines, parseRunEntry, RunRecordSchema, type RunEntry, type RunRecord } from './run-record.js';

/*
 * The run log: append-only JSONL, one `dsctl.run/v1` record a line, each line the RFC 8785 canonical JSON
 * of its record. `prev` is the hash of the record before it (null for the first); `hash` is SHA-256 over
 * the canonical JSON of the record without `hash`. Because every line is written in canonical form, any
 * byte changed in a record is detected: either its hash no longer matches or the line is not canonical.
 *
 * What a chain cannot see from inside: records cut off the END of the log leave a shorter, valid chain.
 * Keep the head hash somewhere else (CI output, a commit, a release note) and pass it as `anchor` to
 * verifyLog to detect that.
 */

export type BrokenCode = 'not-json' | 'invalid-record' | 'hash-mismatch' | 'not-canonical' | 'prev-mismatch' | 'empty-line' | 'anchor-missing';

export interface BrokenLink {
  /** 1-based line of the first record that breaks the chain. */
  readonly line: number;
  readonly code: BrokenCode;
  readonly reason: string;
}

export interface VerifyResult {
  /** True when every complete line is a valid record linked to the one before it (torn lines are warnings). */
  readonly ok: boolean;
  /** Records verified: all of them when ok, otherwise those before the first broken link. */
  readonly records: number;
  /** Hash of the last verified record (null for an empty log): the anchor to keep elsewhere. */
  readonly head: string | null;
  readonly firstBroken?: BrokenLink;
  /** Lines left by interrupted writes (a crash mid-append): reported, not fatal; appends continue after them. */
  readonly torn?: { readonly line: number; readonly count: number };
}

export interface VerifyOptions {
  /** A hash recorded earlier (e.g. the head printed by CI): it must still be in the chain, or the log was truncated. */
  readonly anchor?: string;
}

export interface AppendOptions {
  /** How long to wait for another process's lock before giving up (ms). Default 30 s. */
  readonly lockTimeoutMs?: number;
  /** A lock not refreshed for this long belongs to a dead process and is taken over (ms). Default 10 s (min 2 s). */
  readonly staleMs?: number;
}

const HASH = /^[0-9a-f]{64}$/;
const CHUNK = 64 * 1024;

/** A record's hash: SHA-256 over the canonical JSON of the record without its `hash` key. */
export function hashRecord(record: Readonly<Record<string, unknown>>): string {
  const { hash: _ignored, ...rest } = record;
  return sha256Hex(canonicalJson(rest));
}

const queues = new Map<string, Promise<unknown>>();

/**
 * Appends one run record, chained to the last complete record of the log, and returns it as written.
 * Safe across processes: a lock file (`<log>.lock`, stale after `staleMs`) serialises appends; the line goes
 * out in one O_APPEND write and is fdatasync'ed. A torn last line (a crash mid-write) stays where it is and
 * the new record starts on a new line.
 */
export async function appendRun(logPath: string, entry: RunEntry, options: AppendOptions = {}): Promise<RunRecord> {
  const valid = parseRunEntry(entry);
  const path = resolve(logPath);
  try {
    mkdirSync(dirname(path), { recursive: true });
  } catch (error) {
    throw fileError(error, dirname(path), 'run log folder');
  }
  // Appends from one process wait their turn here instead of polling the lock file.
  const previous = queues.get(path) ?? Promise.resolve();
  const mine = previous.then(
    () => appendLocked(path, valid, options),
    () => appendLocked(path, valid, options),
  );
  queues.set(path, mine);
  try {
    return await mine;
  } finally {
    if (queues.get(path) === mine) queues.delete(path);
  }
}

async function appendLocked(path: string, entry: RunEntry, options: AppendOptions): Promise<RunRecord> {
  const lockPath = `${path}.lock`;
  let compromised: Error | undefined;
  let release: () => Promise<void>;
  const timeout = options.lockTimeoutMs ?? 30_000;
  try {
    release = await lockfile.lock(path, {
      realpath: false,
      lockfilePath: lockPath,
      stale: options.staleMs ?? 10_000,
      // Short randomised waits first, then 100 ms apart: about `timeout` ms of waiting in all.
      retries: { retries: retriesFor(timeout), factor: RETRY_FACTOR, minTimeout: 1, maxTimeout: RETRY_MAX_MS, randomize: true },
      onCompromised: (error) => {
        compromised = error;
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new UserError(
        'audit/locked',
        `${path}: another process has held the run log's lock for over ${timeout < 10_000 ? (timeout / 1000).toFixed(1) : Math.round(timeout / 1000)} s (${lockPath}); if no dsctl process is running, remove that folder`,
        { cause: error },
      );
    }
    throw fileError(error, lockPath, 'run log lock');
  }
  try {
    let fd: number;
    try {
      fd = openSync(path, 'a+');
    } catch (error) {
      throw fileError(error, path, 'run log');
    }
    try {
      const tail = readTail(fd);
      const unhashed = { ...(JSON.parse(JSON.stringify(entry)) as RunEntry), prev: tail.lastHash };
      const record = { ...unhashed, hash: hashRecord(unhashed) } as RunRecord;
      const line = canonicalJson(record);
      const bytes = Buffer.from(`${tail.endsWithNewline ? '' : '\n'}${line}\n`, 'utf8');
      // One write call on an O_APPEND descriptor: the line lands whole at the end of the file.
      const written = writeSync(fd, bytes);
      if (written !== bytes.length) throw new Error(`${path}: short write (${written} of ${bytes.length} bytes); the line is torn`);
      fdatasyncSync(fd);
      return record;
    } finally {
      closeSync(fd);
    }
  } finally {
    await release();
    if (compromised) throw new Error(`${path}: the run log lock was taken over while held (${compromised.message})`);
  }
}

const RETRY_FACTOR = 1.3;
const RETRY_MAX_MS = 100;

/** How many retries wait about `timeout` ms in all (randomised waits average 1.5× their base). */
function retriesFor(timeout: number): number {
  let total = 0;
  let n = 0;
  while (total < timeout) total += Math.min(1.5 * RETRY_FACTOR ** n++, RETRY_MAX_MS);
  return Math.max(n, 1);
}

/**
 * Reads backwards from the end to the last line that parses as a record with a hash. A trailing segment
 * without a newline counts when it is a whole record (only its newline was lost); otherwise it is torn.
 */
function readTail(fd: number): { lastHash: string | null; endsWithNewline: boolean } {
  const size = fstatSync(fd).size;
  if (size === 0) return { lastHash: null, endsWithNewline: true };
  let pos = size;
  let buf = Buffer.alloc(0);
  let end = 0;
  let endsWithNewline = true;
  for (;;) {
    const start = Math.max(0, pos - CHUNK);
    const chunk = Buffer.alloc(pos - start);
    readSync(fd, chunk, 0, chunk.length, start);
    if (pos === size) endsWithNewline = chunk[chunk.length - 1] === 0x0a;
    buf = Buffer.concat([chunk, buf]);
    end += chunk.length;
    pos = start;
    for (;;) {
      const nl = end === 0 ? -1 : buf.lastIndexOf(0x0a, end - 1);
      if (nl === -1 && pos > 0) break; // the segment may begin before this buffer: read more
      const hash = hashOfLine(buf.subarray(nl + 1, end).toString('utf8'));
      if (hash) return { lastHash: hash, endsWithNewline };
      if (nl === -1) return { lastHash: null, endsWithNewline };
      end = nl;
    }
  }
}

function hashOfLine(line: string): string | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(line) as unknown;
    const hash = typeof value === 'object' && value !== null ? (value as { hash?: unknown }).hash : undefined;
    return typeof hash === 'string' && HASH.test(hash) ? hash : undefined;
  } catch {
    return undefined;
  }
}

interface Line {
  /** 1-based. */
  readonly number: number;
  readonly text: string;
  /** False for a last line with no newline after it. */
  readonly complete: boolean;
}

function readLines(logPath: string): Line[] {
  let text: string;
  try {
    text = readFileSync(logPath, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw fileError(error, logPath, 'run log');
  }
  if (text === '') return [];
  const parts = text.split('\n');
  const last = parts.pop() as string; // '' when the file ends with a newline
  const lines: Line[] = parts.map((t, i) => ({ number: i + 1, text: t, complete: true }));
  if (last !== '') lines.push({ number: parts.length + 1, text: last, complete: false });
  return lines;
}

/**
 * What an interrupted append leaves: the start of a canonical record (whose first key is `agent` or
 * `attempts`) that does not parse. Such a line is torn only if the chain goes on across it; otherwise it
 * is a damaged record.
 */
function looksTorn(text: string): boolean {
  return ['{"agent":', '{"attempts":'].some((start) => text.startsWith(start) || start.startsWith(text));
}

type Classified =
  | { readonly kind: 'record'; readonly record: RunRecord }
  | { readonly kind: 'torn-like'; readonly reason: string }
  | { readonly kind: 'broken'; readonly code: BrokenCode; readonly reason: string };

function classify(line: Line): Classified {
  if (line.text === '') return { kind: 'broken', code: 'empty-line', reason: 'empty line: the writer never leaves one' };
  let value: unknown;
  try {
    value = JSON.parse(line.text);
  } catch (error) {
    const reason = `not JSON (${(error as Error).message})`;
    if (!line.complete || looksTorn(line.text)) return { kind: 'torn-like', reason };
    return { kind: 'broken', code: 'not-json', reason };
  }
  const parsed = RunRecordSchema.safeParse(value);
  if (!parsed.success) {
    return { kind: 'broken', code: 'invalid-record', reason: `not a valid dsctl.run/v1 record: ${issueLines(parsed.error).slice(0, 3).join('; ')}` };
  }
  const expected = hashRecord(value as Record<string, unknown>);
  if (expected !== parsed.data.hash) {
    return { kind: 'broken', code: 'hash-mismatch', reason: `hash mismatch: the record was edited (its content hashes to ${short(expected)}, it claims ${short(parsed.data.hash)})` };
  }
  if (canonicalJson(value) !== line.text) {
    return { kind: 'broken', code: 'not-canonical', reason: 'the line is not in canonical form: it was edited or rewritten after it was appended' };
  }
  return { kind: 'record', record: parsed.data };
}

/**
 * Checks every link of the chain and reports the FIRST broken one with its 1-based line: an edited record
 * (hash mismatch, or a line no longer canonical), a deleted, inserted or reordered record (prev mismatch),
 * a line that is not JSON or not a valid record. A torn line (an interrupted append that later records
 * chain across, or an unfinished last line) is reported in `torn` and does not fail the log. A missing log
 * is an empty, valid log. Records cut from the end are invisible without `options.anchor`.
 */
export function verifyLog(logPath: string, options: VerifyOptions = {}): VerifyResult {
  const lines = readLines(logPath);
  let head: string | null = null;
  let records = 0;
  let tornLines: number[] = [];
  /** Complete lines that look torn, since the last record: torn if the next record chains across them. */
  let pending: { line: number; reason: string }[] = [];
  let anchorSeen = options.anchor === undefined;
  const result = (firstBroken?: BrokenLink): VerifyResult => ({
    ok: firstBroken === undefined,
    records,
    head,
    ...(firstBroken ? { firstBroken } : {}),
    ...(tornLines.length ? { torn: { line: tornLines[0] as number, count: tornLines.length } } : {}),
  });
  const damaged = (p: { line: number; reason: string }): BrokenLink => ({
    line: p.line,
    code: 'not-json',
    reason: `${p.reason}: a damaged record, since the chain does not continue across it`,
  });
  for (const line of lines) {
    const c = classify(line);
    if (c.kind === 'torn-like') {
      if (line.complete) pending.push({ line: line.number, reason: c.reason });
      else tornLines = [...tornLines, line.number];
      continue;
    }
    if (c.kind === 'broken') return result(pending[0] ? damaged(pending[0]) : { line: line.number, code: c.code, reason: c.reason });
    const { record } = c;
    if (record.prev !== head) {
      if (pending[0]) return result(damaged(pending[0]));
      const reason =
        head === null
          ? `prev is ${short(record.prev ?? '')} but this is the first record: the records before it were deleted`
          : record.prev === null
            ? 'prev is null but records come before it: a record was inserted, or the log was spliced'
            : `prev ${short(record.prev)} does not match the previous record's hash ${short(head)}: a record was deleted, inserted or reordered`;
      return result({ line: line.number, code: 'prev-mismatch', reason });
    }
    tornLines = [...tornLines, ...pending.map((p) => p.line)];
    pending = [];
    head = record.hash;
    records++;
    if (record.hash === options.anchor) anchorSeen = true;
  }
  // A complete line that looks torn but has no record after it: the last record itself was damaged.
  if (pending[0]) return result(damaged(pending[0]));
  if (!anchorSeen) {
    const last = lines.length === 0 ? 1 : (lines[lines.length - 1] as Line).number + 1;
    return result({ line: last, code: 'anchor-missing', reason: `the anchor ${short(options.anchor ?? '')} is not in the chain: the log was truncated or replaced` });
  }
  return result();
}

export interface TailOptions {
  /** The last n matching records; all when undefined. */
  readonly n?: number;
  readonly workflow?: string;
}

export interface TailResult {
  /** Oldest first. */
  readonly records: readonly RunRecord[];
  /** Lines that are torn or not valid records (run `dsctl audit verify`). */
  readonly skipped: number;
}

/** The last records of the log, optionally of one workflow. Reads records; `verifyLog` judges the chain. */
export function tailLog(logPath: string, options: TailOptions = {}): TailResult {
  const records: RunRecord[] = [];
  let skipped = 0;
  for (const line of readLines(logPath)) {
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch {
      skipped++;
      continue;
    }
    const parsed = RunRecordSchema.safeParse(value);
    if (!parsed.success) {
      skipped++;
      continue;
    }
    if (options.workflow === undefined || parsed.data.workflow === options.workflow) records.push(parsed.data);
  }
  const n = options.n;
  return { records: n === undefined ? records : n <= 0 ? [] : records.slice(-n), skipped };
}

function short(hash: string): string {
  return hash.slice(0, 12);
}
