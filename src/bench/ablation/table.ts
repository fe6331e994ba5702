import type { ArmSummary } from '../history-schema.js';

/** One scored run of the ablation, as the table needs it. */
export interface ScoredRun {
  readonly arm: string;
  readonly risk: 'interactive' | 'display';
  readonly clean: boolean;
  readonly costUsd: number;
  readonly tokens: number;
  /** An arm that could not run (e.g. `full` without the component loop) is not a run. */
  readonly counted: boolean;
}

const round = (n: number): number => Math.round(n * 1e6) / 1e6;

/** Per arm, a total row and one per risk tier: runs, clean, clean rate, cost, cost per clean component, tokens. */
export function armTable(runs: readonly ScoredRun[], arms: readonly string[]): ArmSummary[] {
  const rows: ArmSummary[] = [];
  const row = (arm: string, risk: 'interactive' | 'display' | undefined, rs: readonly ScoredRun[]): ArmSummary => {
    const clean = rs.filter((r) => r.clean).length;
    const cost = round(rs.reduce((n, r) => n + r.costUsd, 0));
    return { arm, ...(risk ? { risk } : {}), runs: rs.length, clean, cleanRate: rs.length ? round(clean / rs.length) : 0, costUsd: cost, costPerClean: clean ? round(cost / clean) : null, tokens: rs.reduce((n, r) => n + r.tokens, 0) };
  };
  for (const arm of arms) {
    const mine = runs.filter((r) => r.arm === arm && r.counted);
    rows.push(row(arm, undefined, mine));
    for (const risk of ['interactive', 'display'] as const) {
      const tier = mine.filter((r) => r.risk === risk);
      if (tier.length) rows.push(row(arm, risk, tier));
    }
  }
  return rows;
}
