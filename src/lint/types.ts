import type { AutomationStatus } from '../contracts/rule-types.js';

export const SOURCE_TYPES = ['html', 'jsx', 'tsx', 'vue', 'css'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

/** One finding: one occurrence of one rule at one place. Positions are 1-based; endColumn is exclusive. */
export interface Violation {
  readonly ruleId: string;
  readonly severity: 'error' | 'warn';
  readonly message: string;
  readonly alternative?: string;
  /** The offending class, attribute, tag or raw value, as written. */
  readonly token: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
  /** Stable across moves of the code: rule, token, the line's content and the occurrence index. */
  readonly fingerprint: string;
}

export interface NotAutomated {
  readonly ruleId: string;
  readonly automationStatus: AutomationStatus;
  readonly reason: 'manual' | 'requires-context';
}

/** Something in the source that dsctl saw but could not check statically, so an agent is not misled. */
export interface UncheckedNote {
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

/** One rule of one `dsctl-disable…` comment: where, why, and what it suppressed. */
export interface DisableNote {
  readonly ruleId: string;
  readonly kind: 'next-line' | 'block';
  /** Of the comment. */
  readonly line: number;
  readonly column: number;
  readonly reason: string;
  readonly used: boolean;
  /** The findings it suppressed (kept here for SARIF's suppressions, left out of `violations`). */
  readonly suppressed: readonly Violation[];
}

export interface Coverage {
  /** Rules that ran. */
  readonly automated: readonly string[];
  /** Rules that did not run, and why: a person or another check must cover them. */
  readonly notAutomated: readonly NotAutomated[];
  /** Dynamic expressions and the like in this source that no rule could see into. */
  readonly unchecked: readonly UncheckedNote[];
  readonly summary: string;
  /** Every valid disable comment of this source; absent when there is none. */
  readonly disables?: readonly DisableNote[];
}

export const LINT_CLEAN_LABEL = 'lint-clean draft';

export interface LintResult {
  readonly filename?: string;
  readonly sourceType: SourceType;
  /** No errors. Never means "approved": brand review stays human. */
  readonly passed: boolean;
  /** "lint-clean draft" when passed, else "needs repair". */
  readonly label: typeof LINT_CLEAN_LABEL | 'needs repair';
  readonly errorCount: number;
  readonly warnCount: number;
  readonly violations: readonly Violation[];
  readonly coverage: Coverage;
}

/** The rule id of a source that could not be parsed: never checked, so never accepted into a baseline. */
export const PARSE_ERROR = 'PARSE_ERROR';
