import type { Problem } from './problem.js';

/**
 * What every formatter renders: the findings of one command, grouped by file. `dsctl lint`, `check`,
 * `drift` and `gate check` all hand their findings over in this shape, so each renders and
 * serialises them the same way.
 */
export interface FileResult {
  /** Project-relative. */
  readonly file: string;
  readonly problems: readonly Problem[];
  /** Findings suppressed in the source, each with its `suppression`: SARIF lists them as such, other formats leave them out. */
  readonly suppressed?: readonly Problem[];
  /** Why the file itself could not be checked (binary, too large, unreadable): not a finding in it. */
  readonly notChecked?: Pick<Problem, 'code' | 'message'>;
  /** The text that was checked, for code frames. */
  readonly source?: string;
  /** One line for people about what in this file was not checked (a spread, a dynamic class). */
  readonly note?: string;
}

/** A check a finding's code refers to, for formats that list them (SARIF's rule table). */
export interface CheckMeta {
  readonly id: string;
  readonly description: string;
  readonly severity: Problem['severity'];
  readonly help?: string;
  readonly enabled?: boolean;
  readonly properties?: Readonly<Record<string, unknown>>;
}

export interface Colors {
  readonly red: (s: string) => string;
  readonly yellow: (s: string) => string;
  readonly dim: (s: string) => string;
  readonly bold: (s: string) => string;
  readonly underline: (s: string) => string;
  readonly cyan: (s: string) => string;
  readonly green: (s: string) => string;
}

export interface FormatContext {
  /** `lint`, `check`, `drift`, `gate-check`: the JSON envelope's type is `dsctl/<command>`. */
  readonly command: string;
  /** The command's verdict, as its exit code says it. */
  readonly ok: boolean;
  /** The command's machine-readable result: the `data` of the JSON envelope. */
  readonly data: unknown;
  readonly toolVersion: string;
  readonly colors: Colors;
  /** The checks behind the codes (default: one per code found). */
  readonly checks?: readonly CheckMeta[];
  /** For people, after the totals: coverage, baseline, what to do next (already coloured). */
  readonly notes?: readonly string[];
  /** What the stylish format says when there is no finding at all (default: nothing). */
  readonly clean?: string;
  /** False when some input could not be checked at all (a source that does not parse): SARIF says so. */
  readonly executionSuccessful?: boolean;
}

/** One output format of `--format`: a self-describing module of the formatter registry. */
export interface Formatter {
  readonly id: string;
  readonly meta: { readonly docs: string };
  format(results: readonly FileResult[], context: FormatContext): string;
}

export function defineFormatter(formatter: Formatter): Formatter {
  if (!/^[a-z][a-z0-9-]*$/.test(formatter.id)) throw new Error(`formatter id "${formatter.id}" is not kebab-case`);
  if (formatter.meta.docs.trim() === '') throw new Error(`formatter "${formatter.id}" has no docs`);
  return formatter;
}

/** Findings grouped by file, in the order they come (sort them first for a stable output). */
export function byFile(problems: readonly Problem[]): FileResult[] {
  const files = new Map<string, Problem[]>();
  for (const p of problems) files.set(p.file, [...(files.get(p.file) ?? []), p]);
  return [...files].map(([file, list]) => ({ file, problems: list }));
}

/** A finding's message with what to do instead, for formats with one text field. */
export function messageWithHint(p: Problem, separator: string): string {
  return p.hint ? `${p.message}${separator}${p.hint}` : p.message;
}
