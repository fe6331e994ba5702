import type { ConditionSummary, HistoryEntry, Lift } from './history-schema.js';
import type { TrialRecord } from './records.js';
import { mean, pairedLift, passAtK, passHatK, sd, tInterval, type Interval } from './stats.js';

/*
 * A run's trial records → one HistoryEntry (summary.json; design/benchmarks/history.json for real runs).
 * Pure: the same records give the same summary whatever order or shards they came in.
 */

export interface SummaryMeta {
  readonly protocolId: string;
  readonly ranAt: string;
  readonly provider: string;
  readonly model: string;
  readonly scripted: boolean;
  readonly dir: string;
  readonly baseline: string;
  readonly conditions: readonly string[];
  readonly k: number;
  readonly shard?: string | undefined;
}

const round = (n: number): number => Math.round(n * 1e6) / 1e6;
const clamp = ([lo, hi]: Interval): Interval => [round(Math.max(0, lo)), round(Math.min(1, hi))];

export function summarise(records: readonly TrialRecord[], meta: SummaryMeta): HistoryEntry {
  const sorted = [...records].sort((a, b) => a.index - b.index);
  const conditions = meta.conditions.map((c) => conditionSummary(c, sorted.filter((r) => r.condition === c), meta.k));
  const lifts: Lift[] = [];
  const liftsNotShown: { condition: string; baseline: string; reason: string }[] = [];
  const baseline = taskMeans(sorted.filter((r) => r.condition === meta.baseline));
  for (const c of meta.conditions) {
    if (c === meta.baseline || !meta.conditions.includes(meta.baseline)) continue;
    const result = pairedLift(taskMeans(sorted.filter((r) => r.condition === c)), baseline);
    if (result.ok) lifts.push({ condition: c, baseline: meta.baseline, lift: round(result.value.lift), ci95: [round(Math.max(-1, result.value.ci95[0])), round(Math.min(1, result.value.ci95[1]))], pairs: result.value.pairs });
    else liftsNotShown.push({ condition: c, baseline: meta.baseline, reason: result.reason });
  }
  return {
    protocolId: meta.protocolId,
    ranAt: meta.ranAt,
    kind: 'conditions',
    provider: meta.provider,
    model: meta.model,
    scripted: meta.scripted,
    dir: meta.dir,
    baseline: meta.baseline,
    conditions,
    lifts,
    arms: [],
    ...(liftsNotShown.length ? { liftsNotShown } : {}),
    ...(meta.shard ? { shard: meta.shard } : {}),
  };
}

function conditionSummary(condition: string, records: readonly TrialRecord[], k: number): ConditionSummary {
  const scored = records.filter((r) => r.status === 'scored');
  const scores = scored.map((r) => r.score ?? 0);
  // pass@k and pass^k per task (each task's own n and c), averaged over the tasks with at least k scored trials.
  const byTask = groupBy(scored, (r) => r.task);
  const eligible = [...byTask.values()].filter((rs) => rs.length >= k);
  const at = eligible.map((rs) => passAtK(rs.length, rs.filter((r) => r.passed).length, k));
  const hat = eligible.map((rs) => passHatK(rs.length, rs.filter((r) => r.passed).length, k));
  return {
    condition,
    trials: records.length,
    mean: round(mean(scores)),
    sd: round(sd(scores)),
    ci95: clamp(tInterval(scores)),
    passRate: round(scored.length ? scored.filter((r) => r.passed).length / scored.length : 0),
    ...(eligible.length ? { passAtK: round(mean(at)), passHatK: round(mean(hat)) } : {}),
    refusals: records.filter((r) => r.status === 'refusal').length,
    providerErrors: records.filter((r) => r.status === 'provider-error').length,
    costUsd: round(records.reduce((n, r) => n + r.costUsd, 0)),
    tokens: records.reduce((n, r) => n + r.inputTokens + r.outputTokens, 0),
  };
}

/** Mean score per task over its scored trials: the unit a paired lift pairs. */
function taskMeans(records: readonly TrialRecord[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const [task, rs] of groupBy(records.filter((r) => r.status === 'scored'), (r) => r.task)) out.set(task, mean(rs.map((r) => r.score ?? 0)));
  return out;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
  return map;
}
