/** One drift finding: a stable code, where, and whether `dsctl build` would repair it. */
export interface DriftFinding {
  readonly code: string;
  readonly severity: 'error' | 'warn';
  /** Project-relative. */
  readonly file: string;
  /** 1-based, when the finding has a place in the file. */
  readonly line?: number;
  readonly message: string;
  /** True when `dsctl build` would repair it. */
  readonly fixable: boolean;
  /** Extra lines for people: a semantic diff, a unified diff excerpt. */
  readonly details?: readonly string[];
}
