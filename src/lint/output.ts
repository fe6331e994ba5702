import type { Rule } from '../contracts/rule-types.js';
import type { CheckMeta, Colors, FileResult, FormatContext } from '../diagnostics/results.js';
import type { PrunableEntry } from './baseline.js';
import type { FileReport } from './report.js';
import type { Coverage, Violation } from './types.js';

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
    results: output.reports.map((r) => ({ file: r.file, ...(r.problem ? { problem: r.problem } : {}), ...(r.result ?? {}) })),
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

/** The rules as the checks behind lint's codes (SARIF's rule table). */
function ruleChecks(rules: readonly Rule[]): CheckMeta[] {
  return rules.map((r) => ({
    id: r.id,
    description: r.description,
    severity: r.severity,
    help: r.alternative ? `${r.description}\n\nInstead: ${r.alternative}` : r.description,
    enabled: r.detector !== 'manual' && r.requiresContext !== true,
    properties: { category: r.category, detector: r.detector, automationStatus: r.automationStatus, tags: [r.category] },
  }));
}

/** What any formatter needs to render a lint run: the findings by file, and lint's own words around them. */
export function lintFormatInput(output: LintOutput, ok: boolean, c: Colors): { results: FileResult[]; context: FormatContext } {
  const results = output.reports.map(
    (r): FileResult => ({
      file: r.file,
      problems: (r.result?.violations ?? []).map((v) => violationProblem(r.file, v)),
      ...(r.problem ? { notChecked: r.problem } : {}),
      ...(r.source === undefined ? {} : { source: r.source }),
    }),
  );
  const files = output.reports.filter((r) => r.result).length;
  return {
    results,
    context: {
      command: 'lint',
      ok,
      data: lintJsonData(output),
      toolVersion: output.toolVersion,
      colors: c,
      checks: ruleChecks(output.rules),
      clean: `${c.green('✔')} ${files} file${files === 1 ? '' : 's'}: lint-clean draft ${c.dim('— not brand-approved: visual judgment stays with a person')}`,
      notes: [...baselineNotes(output, c), c.dim(output.coverage.summary)],
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
