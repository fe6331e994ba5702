/*
 * The report's data: what `dsctl report` inlines into the page and what `--format json` prints. Every
 * section is aggregated in Node before it is written, so the page stays small whatever the size of the
 * logs; the page only filters and draws. Plain JSON values only (the browser bundle imports these types).
 */

import type { LedgerGroup } from '../components/ledger-summary.js';

export const REPORT_SCHEMA = 'dsctl.report/v1';

/** A section either has data or says what is not there yet (an empty starter gets words, not empty charts). */
export interface Missing {
  readonly missing: string;
}

export interface ThemeColours {
  readonly bg: string;
  readonly surface: string;
  readonly subtle: string;
  readonly fg: string;
  readonly muted: string;
  readonly border: string;
  readonly primary: string;
  readonly focus: string;
  readonly success: string;
  readonly warning: string;
  readonly danger: string;
  readonly info: string;
}

export interface ReportTheme {
  readonly light: ThemeColours;
  readonly dark: ThemeColours;
  /** Token paths the colours came from (`color.semantic.light.fg`, …); the starter's where the project has none. */
  readonly sources: readonly string[];
}

export interface GovernanceData {
  readonly audit: {
    readonly log: string;
    readonly ok: boolean;
    readonly records: number;
    readonly head: string | null;
    readonly brokenAt?: { readonly line: number; readonly code: string; readonly reason: string };
    readonly tornLines?: number;
  };
  readonly escalations: {
    readonly open: readonly OpenEscalation[];
    readonly resolved: number;
    readonly problems: readonly string[];
  };
  readonly drift: { readonly status: 'clean' | 'drift'; readonly errors: number; readonly warnings: number; readonly findings: readonly DriftRow[] } | { readonly status: 'unavailable'; readonly reason: string };
  readonly gates: readonly GateRow[];
  /** The last runs a gate stopped (newest first) and the last approvals by a person. */
  readonly gateFailures: readonly GateFailure[];
  readonly approvals: readonly { readonly run_id: string; readonly at: string; readonly by: string }[];
}

export interface OpenEscalation {
  readonly id: string;
  readonly workflow: string;
  readonly severity: string;
  readonly raisedAt: string;
  /** Age at the report's `asOf` (the newest time in the data), so the page is the same for the same inputs. */
  readonly age: string;
  readonly question: string;
  readonly file: string;
}

export interface DriftRow {
  readonly code: string;
  readonly file: string;
  readonly message: string;
}

export interface GateRow {
  readonly id: string;
  readonly paths: readonly string[];
  readonly owners: readonly string[];
  readonly reason: string;
}

export interface GateFailure {
  readonly run_id: string;
  readonly workflow: string;
  readonly at: string;
  readonly reason: string;
  readonly gates: readonly string[];
  readonly paths: readonly string[];
}

export type BucketUnit = 'day' | 'week' | 'month';

/** Runs of one workflow in one time bucket. */
export interface RunBucket {
  /** The bucket's first day, `YYYY-MM-DD` (UTC). */
  readonly t: string;
  readonly workflow: string;
  readonly passed: number;
  readonly escalated: number;
  readonly failed: number;
  /** Sum of attempts (mean = attempts / runs). */
  readonly attempts: number;
  /** Sum of agent cost in USD, rounded to cents. */
  readonly cost: number;
}

export interface RecentRun {
  readonly run_id: string;
  readonly workflow: string;
  readonly status: string;
  readonly trigger: string;
  readonly ended_at: string;
  readonly attempts: number;
  readonly cost: number | null;
}

export interface RunsData {
  readonly total: number;
  readonly first: string;
  readonly last: string;
  readonly unit: BucketUnit;
  readonly workflows: readonly string[];
  readonly buckets: readonly RunBucket[];
  /** The newest runs recorded, newest first (at most RECENT_RUNS). */
  readonly recent: readonly RecentRun[];
  /** Lines of the log that are not valid records. */
  readonly skipped: number;
}

export interface LintData {
  readonly baselineFile: string | null;
  readonly baselineNow: number | null;
  /** One point per commit that changed the baseline, oldest first (from git, never stored). */
  readonly baselineHistory: readonly { readonly commit: string; readonly date: string; readonly entries: number }[];
  readonly files: number;
  readonly findings: number;
  readonly byRule: readonly { readonly ruleId: string; readonly errors: number; readonly warnings: number; readonly baselined: number }[];
  readonly topFiles: readonly { readonly file: string; readonly findings: number }[];
  readonly disables: readonly { readonly ruleId: string; readonly reason: string; readonly count: number; readonly unused: number }[];
}

/** One tier and path of the ledger, as `dsctl ledger --json` summarises it. */
export type LedgerGroupRow = LedgerGroup;

export interface ComponentsData {
  readonly total: Omit<LedgerGroupRow, 'risk' | 'path'>;
  readonly groups: readonly LedgerGroupRow[];
  /** The newest runs, newest first (at most RECENT_LEDGER_RUNS of `total.runs`). */
  readonly runs: readonly { readonly component: string; readonly ranAt: string; readonly risk: string; readonly path: string; readonly outcome: string; readonly retries: number; readonly costUsd: number }[];
}

export interface ConditionRow {
  readonly condition: string;
  readonly trials: number;
  readonly mean: number;
  readonly low: number;
  readonly high: number;
  readonly passRate: number;
  readonly costUsd: number;
}

export interface BenchRun {
  readonly protocolId: string;
  readonly ranAt: string;
  readonly kind: 'conditions' | 'ablation';
  readonly provider: string;
  readonly model: string;
  readonly dir: string;
  readonly baseline: string | null;
  readonly conditions: readonly ConditionRow[];
  readonly lifts: readonly { readonly condition: string; readonly baseline: string; readonly lift: number; readonly low: number; readonly high: number; readonly pairs: number }[];
  readonly arms: readonly { readonly arm: string; readonly risk: string | null; readonly runs: number; readonly clean: number; readonly cleanRate: number; readonly costPerClean: number | null }[];
}

/** Runs of one protocol id, oldest first: only these may be compared with each other. */
export interface BenchSeries {
  readonly protocolId: string;
  /** 1-based, in order of the series' first run: "series 2" is what a protocol change started. */
  readonly index: number;
  readonly runs: readonly BenchRun[];
}

export interface BenchmarksData {
  readonly historyFile: string;
  /** Evidence: the committed history and local non-scripted runs, split by protocol id. */
  readonly series: readonly BenchSeries[];
  /** The newest conditions run and the newest ablation run of the newest series that has one. */
  readonly latestConditions: BenchRun | null;
  readonly latestAblation: BenchRun | null;
  /** Scripted-provider runs from `.dsctl/bench/`: shown apart, never evidence. */
  readonly scripted: readonly BenchRun[];
  readonly problems: readonly string[];
}

export interface ReportData {
  readonly schema: typeof REPORT_SCHEMA;
  readonly project: string;
  /** The newest time found in the data (null when there is none): ages are measured to it, not to "now". */
  readonly asOf: string | null;
  readonly theme: ReportTheme;
  readonly governance: GovernanceData;
  readonly runs: RunsData | Missing;
  readonly lint: LintData | Missing;
  readonly components: ComponentsData | Missing;
  readonly benchmarks: BenchmarksData | Missing;
}

export const RECENT_RUNS = 50;
export const RECENT_LEDGER_RUNS = 50;

export function isMissing<T extends object>(section: T | Missing): section is Missing {
  return 'missing' in section;
}
