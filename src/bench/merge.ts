import { join, relative, resolve } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';
import { runStamp } from '../governance/run-id.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import type { Project } from '../project/project.js';
import type { HistoryEntry } from './history-schema.js';
import { appendHistory } from './history.js';
import { parseShard } from './matrix.js';
import { readIncomplete, readProvenance, writeProvenance, type Provenance } from './provenance.js';
import { readTrials, TRIALS_FILE } from './records.js';
import { finishRun, newRunDir } from './run.js';
import type { ProtocolParts } from './protocol.js';

/*
 * `dsctl bench merge DIR…`: the shards of one trial matrix (a CI job matrix) become one run, as if it
 * had run unsharded. Refused unless every shard has the same protocol id, is complete, and together
 * they are exactly shards 1…n of n.
 */

export interface MergeResult {
  readonly dir: string;
  readonly relDir: string;
  readonly entry: HistoryEntry;
  readonly historyWritten: boolean;
}

export async function mergeBench(project: Project, dirs: readonly string[], cwd: string, now: Date = new Date()): Promise<MergeResult> {
  if (dirs.length === 0) throw new UserError('bench/merge', 'dsctl bench merge needs the shard folders to merge');
  const shards = dirs.map((d) => ({ display: d, dir: resolve(cwd, d), provenance: readProvenance(resolve(cwd, d), d) }));
  const first = shards[0]!.provenance;
  for (const s of shards) {
    if (s.provenance.kind !== 'conditions') throw new UserError('bench/merge', `${s.display} is not a conditions run`);
    if (s.provenance.protocolId !== first.protocolId) throw new UserError('bench/protocol-mismatch', `refusing to merge runs of different protocols: ${shards[0]!.display} is ${first.protocolId}, ${s.display} is ${s.provenance.protocolId}`);
    const incomplete = readIncomplete(s.dir);
    if (incomplete) throw new UserError('bench/merge-incomplete', `${s.display} is incomplete (${incomplete.reason}): finish it first with dsctl bench run --resume ${s.display}`);
    if (s.provenance.shard === undefined) throw new UserError('bench/merge', `${s.display} is not a shard (it was run without --shard)`);
  }
  const parsed = shards.map((s) => ({ ...s, shard: parseShard(s.provenance.shard as string) }));
  const n = parsed[0]!.shard.n;
  const ks = parsed.map((s) => s.shard.k).sort((a, b) => a - b);
  if (parsed.some((s) => s.shard.n !== n) || ks.length !== n || ks.some((k, i) => k !== i + 1)) {
    throw new UserError('bench/merge-shards', `the shards must be exactly 1/${n} … ${n}/${n} of one matrix; got ${parsed.map((s) => s.provenance.shard).join(', ')}`);
  }
  const records = parsed.flatMap((s) => readTrials(s.dir));
  const keys = new Set<string>();
  for (const r of records) {
    if (keys.has(r.key)) throw new UserError('bench/merge-duplicate', `trial ${r.key} is in more than one shard`);
    keys.add(r.key);
  }
  const planned = parsed.reduce((sum, s) => sum + s.provenance.trialsPlanned, 0);
  if (records.length !== planned) throw new UserError('bench/merge-incomplete', `the shards hold ${records.length} trials of the ${planned} planned`);
  // What the summary needs comes from the shards' own protocol, not from the spec as it is now.
  const protocol = first.protocol as ProtocolParts;
  const conditions = Object.keys(protocol.conditions);
  const dir = newRunDir(project.root, `${runStamp(now)}-merged`);
  const relDir = relative(project.root, dir).split('\\').join('/');
  const startedAt = parsed.map((s) => s.provenance.startedAt).sort()[0] as string;
  const { shard: _one, ...rest } = first;
  const provenance: Provenance = { ...rest, startedAt, trialsPlanned: planned, mergedFrom: parsed.map((s) => relative(project.root, s.dir).split('\\').join('/')) };
  writeProvenance(dir, provenance);
  writeFileAtomic(join(dir, TRIALS_FILE), records.sort((a, b) => a.index - b.index).map((r) => `${JSON.stringify(r)}\n`).join(''));
  const entry = finishRun(dir, relDir, provenance, records, first.k ?? 1, protocol.baseline, conditions);
  const historyWritten = !entry.scripted;
  if (historyWritten) await appendHistory(project.root, entry);
  return { dir, relDir, entry, historyWritten };
}
