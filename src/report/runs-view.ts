import type { RecentRun, RunBucket, RunsData } from './data.js';
import { percent, plural, round, usd } from './shared.js';

/*
 * What the runs section shows for a filter (a time range and a workflow, from the URL hash): pure, so the
 * page and the tests compute the same rows.
 */

export interface RunFilter {
  /** `YYYY-MM-DD`, inclusive; by bucket start. */
  readonly from?: string;
  readonly to?: string;
  /** One workflow, or all when absent. */
  readonly workflow?: string;
}

export interface RunRow {
  readonly t: string;
  readonly passed: number;
  readonly escalated: number;
  readonly failed: number;
  readonly runs: number;
  readonly meanAttempts: number;
  readonly cost: number;
}

export interface WorkflowRow {
  readonly workflow: string;
  readonly passed: number;
  readonly escalated: number;
  readonly failed: number;
  readonly runs: number;
  readonly cost: number;
}

export interface RunsView {
  readonly rows: readonly RunRow[];
  readonly byWorkflow: readonly WorkflowRow[];
  readonly recent: readonly RecentRun[];
  readonly runs: number;
  readonly summary: string;
}

const HASH_KEYS = ['from', 'to', 'workflow'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** `#from=2026-01-01&to=2026-02-01&workflow=drift-repair` → a filter; unknown keys and malformed dates are dropped. */
export function parseHash(hash: string): RunFilter {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const filter: { from?: string; to?: string; workflow?: string } = {};
  const from = params.get('from');
  const to = params.get('to');
  const workflow = params.get('workflow');
  if (from && DATE.test(from)) filter.from = from;
  if (to && DATE.test(to)) filter.to = to;
  if (workflow) filter.workflow = workflow;
  return filter;
}

/** The filter as a hash, keys in a fixed order, so one view is one link. */
export function formatHash(filter: RunFilter): string {
  const params = new URLSearchParams();
  for (const key of HASH_KEYS) {
    const value = filter[key];
    if (value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `#${text}` : '';
}

function inRange(t: string, filter: RunFilter): boolean {
  return (filter.from === undefined || t >= filter.from) && (filter.to === undefined || t <= filter.to);
}

/** The buckets of the filter summed over workflows (or of the one workflow), oldest first. */
export function runsView(data: RunsData, filter: RunFilter): RunsView {
  const chosen = data.buckets.filter((b) => inRange(b.t, filter) && (filter.workflow === undefined || b.workflow === filter.workflow));
  const byTime = new Map<string, { passed: number; escalated: number; failed: number; attempts: number; cost: number }>();
  const byWorkflow = new Map<string, { passed: number; escalated: number; failed: number; cost: number }>();
  const add = (b: RunBucket) => {
    const row = byTime.get(b.t) ?? { passed: 0, escalated: 0, failed: 0, attempts: 0, cost: 0 };
    row.passed += b.passed;
    row.escalated += b.escalated;
    row.failed += b.failed;
    row.attempts += b.attempts;
    row.cost += b.cost;
    byTime.set(b.t, row);
    const w = byWorkflow.get(b.workflow) ?? { passed: 0, escalated: 0, failed: 0, cost: 0 };
    w.passed += b.passed;
    w.escalated += b.escalated;
    w.failed += b.failed;
    w.cost += b.cost;
    byWorkflow.set(b.workflow, w);
  };
  for (const b of chosen) add(b);
  const rows: RunRow[] = [...byTime.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([t, r]) => {
      const runs = r.passed + r.escalated + r.failed;
      return { t, passed: r.passed, escalated: r.escalated, failed: r.failed, runs, meanAttempts: runs ? round(r.attempts / runs) : 0, cost: round(r.cost) };
    });
  const workflows: WorkflowRow[] = [...byWorkflow.entries()]
    .map(([workflow, w]) => ({ workflow, passed: w.passed, escalated: w.escalated, failed: w.failed, runs: w.passed + w.escalated + w.failed, cost: round(w.cost) }))
    .sort((a, b) => b.runs - a.runs || (a.workflow < b.workflow ? -1 : 1));
  const recent = data.recent.filter((r) => inRange(r.ended_at.slice(0, 10), filter) && (filter.workflow === undefined || r.workflow === filter.workflow));
  const total = rows.reduce((s, r) => s + r.runs, 0);
  return { rows, byWorkflow: workflows, recent, runs: total, summary: runsSummary(rows, workflows, data, filter) };
}

function runsSummary(rows: readonly RunRow[], workflows: readonly WorkflowRow[], data: RunsData, filter: RunFilter): string {
  const scope = `${filter.workflow ? `of ${filter.workflow} ` : ''}${filter.from || filter.to ? `from ${filter.from ?? data.first.slice(0, 10)} to ${filter.to ?? data.last.slice(0, 10)}` : `from ${data.first.slice(0, 10)} to ${data.last.slice(0, 10)}`}`;
  const total = rows.reduce((s, r) => s + r.runs, 0);
  if (total === 0) return `No runs ${scope}.`;
  const sum = (k: 'passed' | 'escalated' | 'failed') => rows.reduce((s, r) => s + r[k], 0);
  const attempts = rows.reduce((s, r) => s + r.meanAttempts * r.runs, 0);
  const cost = rows.reduce((s, r) => s + r.cost, 0);
  const busiest = workflows[0];
  return [
    `${plural(total, 'run')} ${scope}: ${percent(sum('passed') / total)} passed, ${plural(sum('escalated'), 'escalation')}, ${plural(sum('failed'), 'failure')}.`,
    `${round(attempts / total).toFixed(2)} attempts a run on average; agents cost ${usd(round(cost))} in all.`,
    busiest && workflows.length > 1 ? `Most runs: ${busiest.workflow} (${busiest.runs.toLocaleString('en-US')}).` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
