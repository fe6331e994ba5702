import type { ConditionSummary, HistoryEntry } from './history-schema.js';

/*
 * Run against run, for runs of one protocol id (the caller checks): a condition regressed when its mean
 * fell below the earlier run's 95% interval — a drop the earlier run's own spread does not explain.
 */

export interface Regression {
  readonly condition: string;
  readonly before: number;
  readonly beforeCi: readonly [number, number];
  readonly after: number;
}

export interface Comparison {
  readonly regressions: readonly Regression[];
  readonly lines: readonly string[];
}

export function compareRuns(before: HistoryEntry, after: HistoryEntry): Comparison {
  const regressions: Regression[] = [];
  const lines = [`${after.dir} against ${before.dir} (protocol ${after.protocolId})`];
  for (const now of after.conditions) {
    const then: ConditionSummary | undefined = before.conditions.find((c) => c.condition === now.condition);
    if (then === undefined) continue;
    const delta = now.mean - then.mean;
    const regressed = now.mean < then.ci95[0] - 1e-9;
    if (regressed) regressions.push({ condition: now.condition, before: then.mean, beforeCi: then.ci95, after: now.mean });
    lines.push(`${regressed ? '▼' : delta > 1e-9 ? '▲' : '='} ${now.condition}: ${then.mean.toFixed(3)} [${then.ci95[0].toFixed(3)}, ${then.ci95[1].toFixed(3)}] → ${now.mean.toFixed(3)}${regressed ? ' (below the earlier 95% interval)' : ''}`);
  }
  for (const now of after.arms.filter((a) => a.risk === undefined)) {
    const then = before.arms.find((a) => a.arm === now.arm && a.risk === undefined);
    if (then) lines.push(`  arm ${now.arm}: clean rate ${(then.cleanRate * 100).toFixed(0)}% → ${(now.cleanRate * 100).toFixed(0)}%`);
  }
  return { regressions, lines };
}
