import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';
import { UserError } from '../diagnostics/user-error.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { parseConfigDocument, readJsonDocument } from '../project/read-json.js';
import { HISTORY_FILE, HISTORY_SCHEMA, HistoryEntrySchema, HistorySchema, type History, type HistoryEntry } from './history-schema.js';
import { protocolChanges, type ProtocolParts } from './protocol.js';

export const BENCH_DIR = '.dsctl/bench';

export function readHistory(root: string): History {
  const file = join(root, HISTORY_FILE);
  if (!existsSync(file)) return { schema: HISTORY_SCHEMA, entries: [] };
  return parseConfigDocument(readJsonDocument(file, HISTORY_FILE, 'benchmark history'), HistorySchema, 'bench/history', 'benchmark history');
}

/** Adds a real run's summary to design/benchmarks/history.json (atomic, locked); scripted runs are refused: they are not evidence. */
export async function appendHistory(root: string, entry: HistoryEntry): Promise<void> {
  if (entry.scripted) throw new Error('a scripted run must never enter the benchmark history');
  const file = join(root, HISTORY_FILE);
  mkdirSync(dirname(file), { recursive: true });
  // The lock is taken before the file may exist: two runs finishing together both land.
  const release = await lockfile.lock(dirname(file), { realpath: false, lockfilePath: `${file}.lock`, stale: 5000, retries: { retries: 30, minTimeout: 50, maxTimeout: 200 } });
  try {
    const history = readHistory(root);
    writeFileAtomic(file, `${JSON.stringify({ ...history, entries: [...history.entries, entry] }, null, 2)}\n`);
  } finally {
    await release();
  }
}

/** summary.json of every run under .dsctl/bench/ (shards included), oldest first. */
export function runSummaries(root: string): HistoryEntry[] {
  const dir = join(root, BENCH_DIR);
  if (!existsSync(dir)) return [];
  const out: HistoryEntry[] = [];
  for (const name of readdirSync(dir).sort()) {
    const file = join(dir, name, 'summary.json');
    if (!existsSync(file)) continue;
    const parsed = HistoryEntrySchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) out.push(parsed.data);
  }
  return out.sort((a, b) => a.ranAt.localeCompare(b.ranAt));
}

export function readSummary(dir: string, display = dir): HistoryEntry {
  const file = join(dir, 'summary.json');
  if (!existsSync(file)) throw new UserError('bench/summary', `${display} has no summary.json: it is not a finished benchmark run (an incomplete one continues with dsctl bench run --resume ${display})`);
  return parseConfigDocument(readJsonDocument(file, join(display, 'summary.json'), 'benchmark summary'), HistoryEntrySchema, 'bench/summary', 'benchmark summary');
}

/**
 * The last earlier report of the same protocol id (history.json and .dsctl/bench/ together; scripted
 * runs only compare with scripted ones). Undefined when this protocol has no earlier report.
 */
export function previousReport(root: string, current: HistoryEntry): HistoryEntry | undefined {
  const all = [...readHistory(root).entries, ...runSummaries(root)].filter((e) => e.protocolId === current.protocolId && e.scripted === current.scripted && e.shard === undefined && e.dir !== current.dir && e.ranAt < current.ranAt);
  return all.sort((a, b) => a.ranAt.localeCompare(b.ranAt)).pop();
}

/** The latest earlier report of any protocol, for "what changed" when there is none of the same id. */
export function latestOtherProtocol(root: string, current: HistoryEntry): HistoryEntry | undefined {
  return [...readHistory(root).entries, ...runSummaries(root)]
    .filter((e) => e.kind === current.kind && e.protocolId !== current.protocolId && e.scripted === current.scripted && e.shard === undefined && e.ranAt < current.ranAt)
    .sort((a, b) => a.ranAt.localeCompare(b.ranAt))
    .pop();
}

/** A comparison of two runs is only made when their protocol ids are equal; otherwise a UserError says what differs. */
export function assertComparable(root: string, a: HistoryEntry, b: HistoryEntry): void {
  if (a.protocolId === b.protocolId) return;
  const changes = protocolDiff(root, a, b);
  throw new UserError('bench/protocol-mismatch', `refusing to compare runs of different protocols: ${a.dir} is ${a.protocolId}, ${b.dir} is ${b.protocolId}. Scores under different prompts, contexts, contracts, tools, scorer or model are not comparable; start a new series instead.`, {
    details: changes.length ? changes.map((c) => `changed: ${c}`) : [],
  });
}

/** What changed between the protocols of two runs (from their provenance files, when both are there). */
export function protocolDiff(root: string, a: HistoryEntry, b: HistoryEntry): string[] {
  const parts = (e: HistoryEntry): ProtocolParts | undefined => {
    const file = resolve(root, e.dir, 'provenance.json');
    if (!existsSync(file)) return undefined;
    return (JSON.parse(readFileSync(file, 'utf8')) as { protocol?: ProtocolParts }).protocol;
  };
  const pa = parts(a);
  const pb = parts(b);
  return pa && pb ? protocolChanges(pa, pb) : [];
}
