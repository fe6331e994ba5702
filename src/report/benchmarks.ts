import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HISTORY_FILE, HistoryEntrySchema, HistorySchema, type HistoryEntry } from '../bench/history-schema.js';
import { parseJsonDocument } from '../diagnostics/json-source.js';
import { zodIssuesToProblems } from '../diagnostics/schema-issues.js';
import { readText } from '../io/read-text.js';
import { invalidFileError } from '../project/read-json.js';
import type { BenchmarksData, BenchRun, BenchSeries } from './data.js';

/** Where every bench run leaves its summary (one HistoryEntry), scripted or not. */
export const BENCH_RUNS_DIR = '.dsctl/bench';
const SUMMARY = 'summary.json';

export interface BenchInputs {
  /** design/benchmarks/history.json: the evidence. */
  readonly history: readonly HistoryEntry[];
  /** `.dsctl/bench/<timestamp>/summary.json`, folder order. */
  readonly local: readonly HistoryEntry[];
  readonly problems: readonly string[];
}

/** The committed history (a malformed one is a located UserError: it is a contract) and the local summaries (a malformed one is a problem shown on the page). */
export function readBenchInputs(root: string): BenchInputs {
  const history: HistoryEntry[] = [];
  const path = join(root, HISTORY_FILE);
  if (existsSync(path)) {
    const doc = parseJsonDocument(readText(path, HISTORY_FILE, 'benchmark history'), HISTORY_FILE);
    const parsed = HistorySchema.safeParse(doc.value);
    if (!parsed.success) throw invalidFileError('report/bench-history-invalid', `${HISTORY_FILE}: not a valid benchmark history`, zodIssuesToProblems(parsed.error.issues, doc, 'report/bench-history-invalid'), doc.text);
    history.push(...parsed.data.entries);
  }
  const local: HistoryEntry[] = [];
  const problems: string[] = [];
  const dir = join(root, BENCH_RUNS_DIR);
  const folders = existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort() : [];
  for (const name of folders) {
    const file = `${BENCH_RUNS_DIR}/${name}/${SUMMARY}`;
    if (!existsSync(join(root, file))) continue;
    try {
      const parsed = HistoryEntrySchema.safeParse(JSON.parse(readFileSync(join(root, file), 'utf8')));
      if (parsed.success) local.push(parsed.data);
      else problems.push(`${file}: not a benchmark summary (${parsed.error.issues.slice(0, 2).map((i) => `/${i.path.join('/')}: ${i.message}`).join('; ')})`);
    } catch (error) {
      problems.push(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { history, local, problems };
}

function benchRun(e: HistoryEntry): BenchRun {
  return {
    protocolId: e.protocolId,
    ranAt: e.ranAt,
    kind: e.kind,
    provider: e.provider,
    model: e.model,
    dir: e.dir,
    baseline: e.baseline ?? null,
    conditions: e.conditions.map((c) => ({ condition: c.condition, trials: c.trials, mean: c.mean, low: c.ci95[0], high: c.ci95[1], passRate: c.passRate, costUsd: c.costUsd })),
    lifts: e.lifts.map((l) => ({ condition: l.condition, baseline: l.baseline, lift: l.lift, low: l.ci95[0], high: l.ci95[1], pairs: l.pairs })),
    arms: e.arms.map((a) => ({ arm: a.arm, risk: a.risk ?? null, runs: a.runs, clean: a.clean, cleanRate: a.cleanRate, costPerClean: a.costPerClean })),
  };
}

const byTime = (a: BenchRun, b: BenchRun) => Date.parse(a.ranAt) - Date.parse(b.ranAt) || (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0);

/**
 * Evidence is the committed history plus local runs of a real provider not in it yet (by folder); a run
 * is only compared with runs of its own protocol id, so each id is a series of its own, numbered in order
 * of its first run. Scripted runs are kept apart: they test the machinery, they prove nothing.
 */
export function benchmarkSection(inputs: BenchInputs): BenchmarksData | undefined {
  const committed = new Set(inputs.history.map((e) => e.dir));
  const evidence = [...inputs.history.filter((e) => !e.scripted), ...inputs.local.filter((e) => !e.scripted && !committed.has(e.dir))].map(benchRun).sort(byTime);
  const scripted = [...inputs.history, ...inputs.local].filter((e) => e.scripted).map(benchRun).sort(byTime);
  if (evidence.length === 0 && scripted.length === 0 && inputs.problems.length === 0) return undefined;
  const series: BenchSeries[] = [];
  for (const run of evidence) {
    let s = series.find((x) => x.protocolId === run.protocolId);
    if (!s) series.push((s = { protocolId: run.protocolId, index: series.length + 1, runs: [] }));
    (s.runs as BenchRun[]).push(run);
  }
  const latest = (kind: BenchRun['kind']) => {
    for (const s of [...series].sort((a, b) => byTime(a.runs.at(-1) as BenchRun, b.runs.at(-1) as BenchRun)).reverse()) {
      const hit = s.runs.filter((r) => r.kind === kind).at(-1);
      if (hit) return hit;
    }
    return null;
  };
  return { historyFile: HISTORY_FILE, series, latestConditions: latest('conditions'), latestAblation: latest('ablation'), scripted, problems: [...inputs.problems] };
}
