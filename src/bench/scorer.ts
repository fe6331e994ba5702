import type { Linter } from '../lint/engine.js';
import type { BenchTask } from './spec.js';

/*
 * The deterministic scorer: the answer's UI source through lint() — the same checker as `dsctl lint`,
 * check_html and the hooks — plus the task's required, forbidden and signal patterns. The version
 * goes into the protocol id: change what is scored, change this.
 */
export const SCORER_VERSION = 'dsctl.bench-scorer/1';

export interface Check {
  readonly id: string;
  readonly weight: number;
  readonly ok: boolean;
}

export interface Score {
  /** In [0, 1]: the weighted share of checks that held. */
  readonly score: number;
  /** Answered, no lint error, every required pattern, no forbidden one. */
  readonly passed: boolean;
  readonly errors: number;
  readonly warnings: number;
  readonly ruleIds: readonly string[];
  readonly checks: readonly Check[];
}

/** The first fenced code block of an answer, else the whole answer. */
export function extractSource(answer: string): string {
  const fence = /```[\w-]*[^\n]*\n([\s\S]*?)```/.exec(answer);
  return (fence ? (fence[1] as string) : answer).trim();
}

export function scoreAnswer(linter: Linter, task: BenchTask, answer: string): Score {
  const source = extractSource(answer);
  if (source === '') return { score: 0, passed: false, errors: 0, warnings: 0, ruleIds: [], checks: [{ id: 'answered', weight: 1, ok: false }] };
  const result = linter.lint(source, { filename: task.filename });
  const checks: Check[] = [
    { id: 'no-lint-errors', weight: 2, ok: result.errorCount === 0 },
    { id: 'no-lint-warnings', weight: 1, ok: result.warnCount === 0 },
    ...task.required.map((p) => ({ id: `required:${p}`, weight: 1, ok: new RegExp(p).test(source) })),
    ...task.forbidden.map((p) => ({ id: `forbidden:${p}`, weight: 1, ok: !new RegExp(p).test(source) })),
    ...task.signals.map((p) => ({ id: `signal:${p}`, weight: 1, ok: new RegExp(p).test(source) })),
  ];
  const total = checks.reduce((n, c) => n + c.weight, 0);
  const got = checks.reduce((n, c) => n + (c.ok ? c.weight : 0), 0);
  const passed = checks.every((c) => c.ok || c.id === 'no-lint-warnings' || c.id.startsWith('signal:'));
  return {
    score: Math.round((got / total) * 1e6) / 1e6,
    passed,
    errors: result.errorCount,
    warnings: result.warnCount,
    ruleIds: [...new Set(result.violations.map((v) => v.ruleId))].sort(),
    checks,
  };
}
