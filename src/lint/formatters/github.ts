import type { FormatInput } from './types.js';

/** GitHub Actions workflow commands: one annotation per finding on the pull request's diff. */
export function formatGithub(input: FormatInput): string {
  const lines: string[] = [];
  for (const report of input.reports) {
    if (report.problem) lines.push(`::error file=${property(report.file)},title=${property(report.problem.code)}::${data(report.problem.message)}`);
    for (const v of report.result?.violations ?? []) {
      const where = `file=${property(report.file)},line=${v.line},col=${v.column},endLine=${v.endLine},endColumn=${v.endColumn}`;
      const text = v.alternative ? `${v.message}\n${v.alternative}` : v.message;
      lines.push(`::${v.severity === 'error' ? 'error' : 'warning'} ${where},title=${property(v.ruleId)}::${data(text)}`);
    }
  }
  return lines.length ? lines.join('\n') + '\n' : '';
}

// https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts escaping rules.
function data(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function property(s: string): string {
  return data(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
