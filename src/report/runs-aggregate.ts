import type { RunRecord } from '../governance/run-record.js';
import { RECENT_RUNS, type BucketUnit, type RunBucket, type RunsData } from './data.js';
import { bucketStart, round } from './shared.js';

/** Buckets kept at about a year of days: a longer log is counted by week, then by month, so the page stays small. */
const MAX_DAYS = 400;
const MAX_WEEKS = 400;

/** The unit that keeps a span of `days` within a few hundred buckets. */
export function bucketUnit(days: number): BucketUnit {
  if (days <= MAX_DAYS) return 'day';
  if (days <= MAX_WEEKS * 7) return 'week';
  return 'month';
}

/**
 * Counts runs by time bucket (of `ended_at`, UTC), workflow and status, with their attempts and agent
 * cost: what the runs chart and its filters need, whatever the length of the log. Buckets are sorted by
 * time, then workflow; `recent` keeps the newest runs for the table.
 */
export function aggregateRuns(records: readonly RunRecord[], skipped = 0): RunsData | undefined {
  if (records.length === 0) return undefined;
  let first = Infinity;
  let last = -Infinity;
  for (const r of records) {
    const t = Date.parse(r.ended_at);
    if (t < first) first = t;
    if (t > last) last = t;
  }
  const unit = bucketUnit(Math.floor((last - first) / 86_400_000) + 1);
  const buckets = new Map<string, { t: string; workflow: string; passed: number; escalated: number; failed: number; attempts: number; cost: number }>();
  const workflows = new Set<string>();
  for (const r of records) {
    const t = bucketStart(r.ended_at, unit);
    const key = `${t}\0${r.workflow}`;
    let b = buckets.get(key);
    if (!b) buckets.set(key, (b = { t, workflow: r.workflow, passed: 0, escalated: 0, failed: 0, attempts: 0, cost: 0 }));
    b[r.status]++;
    b.attempts += r.attempts;
    b.cost += r.agent?.cost_usd ?? 0;
    workflows.add(r.workflow);
  }
  const rows: RunBucket[] = [...buckets.values()]
    .map((b) => ({ ...b, cost: round(b.cost, 4) }))
    .sort((a, b) => (a.t < b.t ? -1 : a.t > b.t ? 1 : a.workflow < b.workflow ? -1 : a.workflow > b.workflow ? 1 : 0));
  // The log is in append order; the newest runs are the last lines (ties keep log order).
  const recent = records
    .map((r, i) => ({ r, i, t: Date.parse(r.ended_at) }))
    .sort((a, b) => b.t - a.t || b.i - a.i)
    .slice(0, RECENT_RUNS)
    .map(({ r }) => ({ run_id: r.run_id, workflow: r.workflow, status: r.status, trigger: r.trigger, ended_at: r.ended_at, attempts: r.attempts, cost: r.agent?.cost_usd ?? null }));
  return {
    total: records.length,
    first: new Date(first).toISOString(),
    last: new Date(last).toISOString(),
    unit,
    workflows: [...workflows].sort(),
    buckets: rows,
    recent,
    skipped,
  };
}
