import type { Violation } from '../lint/types.js';

/** A violation with its certain fix, if any, as an ESLint fix: a range of the text and its replacement. */
export type PluginViolation = Violation & { readonly fix?: { readonly range: [number, number]; readonly text: string } };

/** What the plugin asks the worker: lint this text as this file. */
export interface LintRequest {
  /** The worker sets [0] to 1 when the answer is on the port. */
  readonly signal: Int32Array;
  readonly filename: string;
  readonly text: string;
}

export type LintAnswer =
  | { readonly ok: true; readonly violations: readonly PluginViolation[] }
  /** The file is not one dsctl lints (no known extension): nothing to report. */
  | { readonly ok: true; readonly skipped: true }
  /** No project, or contracts with errors: said once, on the file's first line. */
  | { readonly ok: false; readonly message: string };
