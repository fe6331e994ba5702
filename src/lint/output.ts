import type { Rule } from '../contracts/rule-types.js';
import type { CheckMeta, Colors, FileResult, FormatContext } from '../diagnostics/results.js';
import type { PrunableEntry } from './baseline.js';
import type { FileReport } from './report.js';
import { PARSE_ERROR, type Coverage, type Violation } from './types.js';

/** Everything a lint run shows. Reports hold only the violations to show (baseline already applied). */
export interface LintOutput {
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

/** The `data` of the `dsctl/lint` envelope: the lint results as MCP's lint tool returns them, per file. */
export function lintJsonData(output: LintOutput): Record<string, unknown> {
  return {
    errorCount: output.errorCount,
    warnCount: output.warnCount,
    fileProblemCount: output.fileProblemCount,
    coverage: output.coverage,
    ...(output.baseline ? { baseline: output.baseline } : {}),
    // The rules' coverage is the run's (above); per file only what that file left unchecked and its disables.
    results: output.reports.map((r) => {
      if (!r.result) return { file: r.file, ...(r.problem ? { problem: r.problem } : {}) };
      const { coverage, ...result } = r.result;
      return { file: r.file, ...result, coverage: { unchecked: coverage.unchecked, ...(coverage.disables ? { disables: coverage.disables } : {}) } };
    }),
  };
}

/** A lint finding in dsctl's one finding shape: the rule id is its code, the alternative its hint. */
export function violationProblem(file: string, v: Violation): FileResult['problems'][number] {
  return {
    severity: v.severity,
    code: v.ruleId,
    message: v.message,
    file,
    line: v.line,
    column: v.column,
    endLine: v.endLine,
    endColumn: v.endColumn,
    fingerprint: v.fingerprint,
    ...(v.alternative ? { hint: v.alternative } : {}),
  };
}

/** The rules as the checks behind lint's codes (SARIF's rule table); PARSE_ERROR too when a source did not parse. */
function ruleChecks(rules: readonly Rule[], parseFailed: boolean): CheckMeta[] {
  const parse: CheckMeta[] = parseFailed ? [{ id: PARSE_ERROR, description: 'The source could not be parsed, so none of its rules ran.', severity: 'error', help: 'Fix the syntax error; until then the file is not checked at all.' }] : [];
  return [...parse, ...rules.map((r) => ({
    id: r.id,
    description: r.description,
    severity: r.severity,
    help: r.alternative ? `${r.description}\n\nInstead: ${r.alternative}` : r.description,
    enabled: r.detector !== 'manual' && r.requiresContext !== true,
    properties: { category: r.category, detector: r.detector, automationStatus: r.automationStatus, tags: [r.category] },
  }))];
}

/** `3 places not checked: spread props, a dynamic className` — the stylish line under a file. */
function uncheckedNote(unchecked: readonly { readonly reason: string }[]): string | undefined {
  if (unchecked.length === 0) return undefined;
  const reasons = [...new Set(unchecked.map((u) => u.reason))];
  const shown = reasons.slice(0, 3).join('; ');
  return `${unchecked.length} place${unchecked.length === 1 ? '' : 's'} not checked: ${shown}${reasons.length > 3 ? `; and ${reasons.length - 3} more reason(s)` : ''} (--format json lists them)`;
}

/**
 * One line for the files without findings that still left places unchecked (a component library builds
 * most classNames at run time): `26 places in 10 other files not checked: dynamic className (17), …`.
 */
function uncheckedSummary(perFile: readonly (readonly { readonly reason: string }[])[], c: Colors): string[] {
  const places = perFile.flat();
  if (places.length === 0) return [];
  const counts = new Map<string, number>();
  for (const { reason } of places) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  const reasons = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shown = reasons.slice(0, 3).map(([reason, n]) => `${reason} (${n})`).join('; ');
  const more = reasons.length > 3 ? `; and ${reasons.length - 3} more reason(s)` : '';
  const files = perFile.length === 1 ? '1 file' : `${perFile.length} files`;
  return [c.dim(`${places.length} place${places.length === 1 ? '' : 's'} in ${files} without findings not checked: ${shown}${more} (--format json lists them)`)];
}

/** What any formatter needs to render a lint run: the findings by file, and lint's own words around them. */
export function lintFormatInput(output: LintOutput, ok: boolean, c: Colors): { results: FileResult[]; context: FormatContext } {
  let suppressedCount = 0;
  const results = output.reports.map((r): FileResult => {
    const suppressed = (r.result?.coverage.disables ?? []).flatMap((d) => d.suppressed.map((v) => ({ ...violationProblem(r.file, v), suppression: { kind: 'inSource' as const, justification: d.reason } })));
    suppressedCount += suppressed.length;
    return {
      file: r.file,
      problems: (r.result?.violations ?? []).map((v) => violationProblem(r.file, v)),
      ...(suppressed.length ? { suppressed } : {}),
      ...(r.problem ? { notChecked: r.problem } : {}),
      ...(r.source === undefined ? {} : { source: r.source }),
      // A file with findings says what else it left unchecked; the rest are counted once, below.
      ...((note) => (note === undefined ? {} : { note }))(r.result?.violations.length ? uncheckedNote(r.result.coverage.unchecked) : undefined),
    };
  });
  const quiet = output.reports.filter((r) => r.result && r.result.violations.length === 0 && r.result.coverage.unchecked.length > 0);
  const parseFailed = output.reports.some((r) => r.result?.violations.some((v) => v.ruleId === PARSE_ERROR));
  const files = output.reports.filter((r) => r.result).length;
  return {
    results,
    context: {
      command: 'lint',
      ok,
      data: lintJsonData(output),
      toolVersion: output.toolVersion,
      colors: c,
      checks: ruleChecks(output.rules, parseFailed),
      executionSuccessful: !parseFailed,
      clean: `${c.green('✔')} ${files} file${files === 1 ? '' : 's'}: lint-clean draft ${c.dim('— not brand-approved: visual judgment stays with a person')}`,
      notes: [...uncheckedSummary(quiet.map((r) => r.result?.coverage.unchecked ?? []), c), ...baselineNotes(output, c), ...(suppressedCount ? [c.dim(`${suppressedCount} finding(s) suppressed by dsctl-disable comments (with their reasons in coverage.disables)`)] : []), c.dim(output.coverage.summary)],
    },
  };
}

function baselineNotes(output: LintOutput, c: Colors): string[] {
  const baseline = output.baseline;
  if (!baseline) return [];
  const out = [c.dim(`baseline ${baseline.file}: ${baseline.accepted} accepted finding(s)`)];
  const fixed = baseline.prunable.filter((e) => e.reason === 'fixed');
  const deleted = baseline.prunable.filter((e) => e.reason === 'file-deleted');
  // The hint rewrites only these files' entries: the rest of the baseline stays as it is.
  const prune = (list: readonly PrunableEntry[]) => `dsctl lint --baseline-write ${baseline.file} ${[...new Set(list.map((e) => e.file))].join(' ')}`;
  if (fixed.length) {
    out.push(c.yellow(`${entries(fixed.length)} fixed and can be pruned (${prune(fixed)}):`));
    for (const e of fixed) out.push(c.dim(`  ${e.file}  ${e.ruleId}  ${e.token}`));
  }
  if (deleted.length) {
    const files = new Set(deleted.map((e) => e.file)).size;
    out.push(c.yellow(`${entries(deleted.length)} of ${files === 1 ? 'a file that no longer exists' : `${files} files that no longer exist`} and can be pruned (${prune(deleted)}):`));
    for (const e of deleted) out.push(c.dim(`  ${e.file}  ${e.ruleId}  ${e.token}`));
  }
  return out;
}

function entries(n: number): string {
  return `${n} baseline entr${n === 1 ? 'y is' : 'ies are'}`;
}
