/** `info` is for people and never fails a command (a finding that does not block, an approved change). */
export type Severity = 'error' | 'warn' | 'info';

/** A place in a source file; positions are 1-based, whatever the source language. */
export interface SourceLocation {
  readonly file: string;
  /** RFC 6901 JSON pointer, for JSON sources. */
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
}

/**
 * The one finding shape of dsctl — contract problems, drift, gate changes, lint findings when they are
 * rendered — serialisable, with a stable `code` (the rule or check id). Positions are 1-based;
 * `endColumn` is exclusive.
 */
export interface Problem extends SourceLocation {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  readonly endLine?: number;
  readonly endColumn?: number;
  /** Stable across moves of the code, for baselines and code-scanning UIs. */
  readonly fingerprint?: string;
  /** What to do about it, when there is something better to say than the message. */
  readonly hint?: string;
  /** Supporting lines for people (a diff excerpt, the keys that changed). */
  readonly details?: readonly string[];
  /** True when `dsctl build` would repair it. */
  readonly fixable?: boolean;
  /** Suppressed in the source (a `dsctl-disable` comment) with this justification; only SARIF shows these. */
  readonly suppression?: { readonly kind: 'inSource'; readonly justification: string };
}

export function countBySeverity(problems: readonly Problem[]): { errorCount: number; warnCount: number; infoCount: number } {
  let errorCount = 0;
  let warnCount = 0;
  for (const p of problems) {
    if (p.severity === 'error') errorCount++;
    else if (p.severity === 'warn') warnCount++;
  }
  return { errorCount, warnCount, infoCount: problems.length - errorCount - warnCount };
}

/** Stable order: file, then position, then code — so output never depends on load order. */
export function sortProblems(problems: readonly Problem[]): Problem[] {
  return [...problems].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      (a.column ?? 0) - (b.column ?? 0) ||
      a.code.localeCompare(b.code) ||
      a.message.localeCompare(b.message),
  );
}
