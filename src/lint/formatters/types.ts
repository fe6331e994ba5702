import type { Rule } from '../../contracts/rule-types.js';
import type { PrunableEntry } from '../baseline.js';
import type { FileReport } from '../report.js';
import type { Coverage } from '../types.js';

/** Everything a formatter may show. Reports hold only the violations to show (baseline already applied). */
export interface FormatInput {
  readonly reports: readonly FileReport[];
  readonly rules: readonly Rule[];
  readonly coverage: Omit<Coverage, 'unchecked'>;
  readonly errorCount: number;
  readonly warnCount: number;
  /** Files that could not be linted. */
  readonly fileProblemCount: number;
  readonly baseline?: { readonly file: string; readonly accepted: number; readonly prunable: readonly PrunableEntry[] };
  readonly toolVersion: string;
}

export type Colors = {
  readonly red: (s: string) => string;
  readonly yellow: (s: string) => string;
  readonly dim: (s: string) => string;
  readonly bold: (s: string) => string;
  readonly underline: (s: string) => string;
  readonly cyan: (s: string) => string;
  readonly green: (s: string) => string;
};
