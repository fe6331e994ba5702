import { summariseLedger } from '../components/ledger-summary.js';
import type { ComponentRun } from '../components/run-record.js';
import { RECENT_LEDGER_RUNS, type ComponentsData } from './data.js';

/** The ledger by risk tier and review path (the ledger's own summary), and its newest runs. */
export function componentSection(entries: readonly ComponentRun[]): ComponentsData | undefined {
  if (entries.length === 0) return undefined;
  const summary = summariseLedger(entries);
  const runs = entries
    .map((e, i) => ({ e, i, t: Date.parse(e.ranAt) }))
    .sort((a, b) => b.t - a.t || b.i - a.i)
    .slice(0, RECENT_LEDGER_RUNS)
    .map(({ e }) => ({ component: e.component, ranAt: e.ranAt, risk: e.risk, path: e.path, outcome: e.outcome, retries: e.gate.failures, costUsd: e.costUsd }));
  return { total: summary.total, groups: summary.groups.map((g) => ({ ...g })), runs };
}
