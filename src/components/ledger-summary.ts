import type { ComponentRun } from './run-record.js';

export interface LedgerGroup {
  readonly risk: ComponentRun['risk'];
  readonly path: ComponentRun['path'];
  readonly runs: number;
  readonly clean: number;
  /** clean / runs. */
  readonly cleanRate: number;
  /** Mean gate failures per run (each failure bounced the run back once). */
  readonly meanGateRetries: number;
  readonly costUsd: number;
  /** Every run's cost over the clean runs: what one clean component costs on this path; null with none clean. */
  readonly costPerClean: number | null;
}

export interface LedgerSummary {
  readonly total: Omit<LedgerGroup, 'risk' | 'path'>;
  /** One group per risk tier and path that has runs, interactive first, then full before standard. */
  readonly groups: readonly LedgerGroup[];
}

const RISKS = ['interactive', 'display'] as const;
const PATHS = ['full', 'standard'] as const;

/** ADR-029's comparison: per tier and path, how often the loop ends clean, how much it retries, what it costs. */
export function summariseLedger(entries: readonly ComponentRun[]): LedgerSummary {
  const groups: LedgerGroup[] = [];
  for (const risk of RISKS) {
    for (const path of PATHS) {
      const runs = entries.filter((e) => e.risk === risk && e.path === path);
      if (runs.length) groups.push({ risk, path, ...stats(runs) });
    }
  }
  return { total: stats(entries), groups };
}

function stats(runs: readonly ComponentRun[]): Omit<LedgerGroup, 'risk' | 'path'> {
  const clean = runs.filter((r) => r.outcome === 'clean').length;
  // Cents are what people compare; rounding the sum, not each run, keeps the total honest.
  const cost = runs.reduce((sum, r) => sum + r.costUsd, 0);
  return {
    runs: runs.length,
    clean,
    cleanRate: runs.length ? round(clean / runs.length, 4) : 0,
    meanGateRetries: runs.length ? round(runs.reduce((sum, r) => sum + r.gate.failures, 0) / runs.length, 4) : 0,
    costUsd: round(cost),
    costPerClean: clean ? round(cost / clean) : null,
  };
}

function round(value: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
