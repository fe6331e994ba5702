import { z } from 'zod';

/*
 * design/benchmarks/history.json: one summary per benchmark run, keyed by protocol id. `dsctl bench run`
 * appends to it (never for the scripted provider: its runs are not evidence); `dsctl report` and
 * `dsctl run benchmark-observation` read it. A run is only ever compared with runs of the same
 * protocol id: a new id starts a new series.
 */

export const HISTORY_FILE = 'design/benchmarks/history.json';
export const HISTORY_SCHEMA = 'dsctl.bench-history/v1';

const Interval = z.tuple([z.number(), z.number()]).describe('A 95% confidence interval [low, high].');

export const ConditionSummarySchema = z.strictObject({
  /** `cold`, `designmd`, `contracts`, `mcp-raw`, `full`, `mcp-only`, or a spec's own. */
  condition: z.string().min(1),
  trials: z.number().int().nonnegative(),
  /** Mean score in [0, 1] over scored trials (refusals and provider errors are counted apart). */
  mean: z.number(),
  sd: z.number(),
  ci95: Interval,
  /** Share of trials that passed (score meets the spec's pass threshold). */
  passRate: z.number(),
  passAtK: z.number().optional(),
  passHatK: z.number().optional(),
  refusals: z.number().int().nonnegative(),
  providerErrors: z.number().int().nonnegative(),
  costUsd: z.number().nonnegative(),
  tokens: z.number().int().nonnegative(),
});

export const LiftSchema = z.strictObject({
  condition: z.string().min(1),
  baseline: z.string().min(1),
  /** Mean paired difference (condition − baseline) over the prompts both scored. */
  lift: z.number(),
  ci95: Interval,
  pairs: z.number().int().nonnegative(),
});

export const ArmSummarySchema = z.strictObject({
  /** `bare`, `context`, `index`, `full`. */
  arm: z.string().min(1),
  /** `interactive` or `display`; omitted for the arm's total row. */
  risk: z.enum(['interactive', 'display']).optional(),
  runs: z.number().int().nonnegative(),
  clean: z.number().int().nonnegative(),
  cleanRate: z.number(),
  costUsd: z.number().nonnegative(),
  /** Cost of all runs over the clean ones; null when none was clean. */
  costPerClean: z.number().nullable(),
  tokens: z.number().int().nonnegative(),
});

export const HistoryEntrySchema = z.strictObject({
  protocolId: z.string().min(1),
  /** ISO time the run started: the data's own timestamp. */
  ranAt: z.string().min(1),
  kind: z.enum(['conditions', 'ablation']),
  provider: z.string().min(1),
  model: z.string().min(1),
  /** Always false in the committed history (scripted runs are never written there); kept for reports read from `.dsctl/bench/`. */
  scripted: z.boolean(),
  /** The run's folder, project-relative (`.dsctl/bench/<timestamp>`). */
  dir: z.string().min(1),
  baseline: z.string().min(1).optional(),
  conditions: z.array(ConditionSummarySchema).default([]),
  lifts: z.array(LiftSchema).default([]),
  arms: z.array(ArmSummarySchema).default([]),
  /** Lifts left out, each with why (the two conditions scored different prompt sets, …). */
  liftsNotShown: z.array(z.strictObject({ condition: z.string().min(1), baseline: z.string().min(1), reason: z.string().min(1) })).optional(),
  /** `k/n` when the entry summarises one shard of the trial matrix (shards never enter the history; merged runs do). */
  shard: z.string().min(1).optional(),
});

export const HistorySchema = z.strictObject({
  $schema: z.string().optional(),
  schema: z.literal(HISTORY_SCHEMA),
  entries: z.array(HistoryEntrySchema),
});

export type ConditionSummary = z.output<typeof ConditionSummarySchema>;
export type Lift = z.output<typeof LiftSchema>;
export type ArmSummary = z.output<typeof ArmSummarySchema>;
export type HistoryEntry = z.output<typeof HistoryEntrySchema>;
export type History = z.output<typeof HistorySchema>;
