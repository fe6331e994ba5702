export type Severity = 'error' | 'warn';

/** A place in a source file; positions are 1-based, whatever the source language. */
export interface SourceLocation {
  readonly file: string;
  /** RFC 6901 JSON pointer, for JSON sources. */
  readonly pointer?: string;
  readonly line?: number;
  readonly column?: number;
}

/** One finding of `dsctl check` (and of any loader): serialisable, stable `code`. */
export interface Problem extends SourceLocation {
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
  /** What to do about it, when there is something better to say than the message. */
  readonly hint?: string;
  /** Supporting lines for people (a diff excerpt, the keys that changed). */
  readonly details?: readonly string[];
}

export function countBySeverity(problems: readonly Problem[]): { errorCount: number; warnCount: number } {
  let errorCount = 0;
  for (const p of problems) if (p.severity === 'error') errorCount++;
  return { errorCount, warnCount: problems.length - errorCount };
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
