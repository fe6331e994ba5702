import { codeFrame } from '../../diagnostics/code-frame.js';
import type { PrunableEntry } from '../baseline.js';
import type { Colors, FormatInput } from './types.js';

/** ESLint's stylish layout, with the alternative and a code frame under each finding. */
export function formatStylish(input: FormatInput, c: Colors): string {
  const out: string[] = [];
  for (const report of input.reports) {
    const violations = report.result?.violations ?? [];
    if (violations.length === 0 && !report.problem) continue;
    out.push(c.underline(report.file));
    if (report.problem) out.push(`  ${c.red('error')}  ${report.problem.message}  ${c.dim(report.problem.code)}`);
    for (const v of violations) {
      const severity = v.severity === 'error' ? c.red('error') : c.yellow('warn ');
      out.push(`  ${c.dim(`${v.line}:${v.column}`.padEnd(7))} ${severity}  ${v.message}  ${c.dim(v.ruleId)}`);
      if (v.alternative) out.push(`  ${' '.repeat(7)}        ${c.cyan('→')} ${v.alternative}`);
      if (report.source !== undefined) {
        const frame = codeFrame(report.source, v.line, v.column, { context: 0, marker: v.severity === 'error' ? c.red : c.yellow });
        if (frame) out.push(frame.replace(/^/gm, '    '));
      }
    }
    out.push('');
  }
  const total = input.errorCount + input.warnCount;
  if (total + input.fileProblemCount > 0) {
    const parts = [`${total} problem${total === 1 ? '' : 's'} (${input.errorCount} error${input.errorCount === 1 ? '' : 's'}, ${input.warnCount} warning${input.warnCount === 1 ? '' : 's'})`];
    if (input.fileProblemCount) parts.push(`${input.fileProblemCount} file(s) not linted`);
    out.push((input.errorCount + input.fileProblemCount > 0 ? c.red : c.yellow)(c.bold(`✖ ${parts.join(', ')}`)));
  } else {
    const files = input.reports.filter((r) => r.result).length;
    out.push(`${c.green('✔')} ${files} file${files === 1 ? '' : 's'}: lint-clean draft ${c.dim('— not brand-approved: visual judgment stays with a person')}`);
  }
  if (input.baseline) {
    out.push(c.dim(`baseline ${input.baseline.file}: ${input.baseline.accepted} accepted finding(s)`));
    const fixed = input.baseline.prunable.filter((e) => e.reason === 'fixed');
    const deleted = input.baseline.prunable.filter((e) => e.reason === 'file-deleted');
    // The hint rewrites only these files' entries: the rest of the baseline stays as it is.
    const prune = (list: readonly PrunableEntry[]) => `dsctl lint --baseline-write ${input.baseline?.file} ${[...new Set(list.map((e) => e.file))].join(' ')}`;
    if (fixed.length) {
      out.push(c.yellow(`${entries(fixed.length)} fixed and can be pruned (${prune(fixed)}):`));
      for (const e of fixed) out.push(c.dim(`  ${e.file}  ${e.ruleId}  ${e.token}`));
    }
    if (deleted.length) {
      const files = new Set(deleted.map((e) => e.file)).size;
      out.push(c.yellow(`${entries(deleted.length)} of ${files === 1 ? 'a file that no longer exists' : `${files} files that no longer exist`} and can be pruned (${prune(deleted)}):`));
      for (const e of deleted) out.push(c.dim(`  ${e.file}  ${e.ruleId}  ${e.token}`));
    }
  }
  out.push(c.dim(input.coverage.summary));
  return out.join('\n') + '\n';
}

function entries(n: number): string {
  return `${n} baseline entr${n === 1 ? 'y is' : 'ies are'}`;
}
