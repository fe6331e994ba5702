import type { Problem } from '../diagnostics/problem.js';
import { countBySeverity } from '../diagnostics/problem.js';
import type { CliIo } from './io.js';

/** ESLint's stylish layout for problems and drift findings: grouped by file, one line each, a summary last. */
export function formatProblemsStylish(problems: readonly Problem[], c: CliIo['out']): string {
  const out: string[] = [];
  const byFile = new Map<string, Problem[]>();
  for (const p of problems) byFile.set(p.file, [...(byFile.get(p.file) ?? []), p]);
  for (const [file, list] of byFile) {
    out.push(c.underline(file));
    const width = Math.max(...list.map((p) => place(p).length));
    for (const p of list) {
      const severity = p.severity === 'error' ? c.red('error') : c.yellow('warn ');
      out.push(`  ${c.dim(place(p).padEnd(width))}  ${severity}  ${p.message}  ${c.dim(p.code)}`);
      if (p.hint) out.push(`  ${' '.repeat(width)}         ${c.cyan('hint:')} ${p.hint}`);
      for (const d of p.details ?? []) out.push(`  ${' '.repeat(width)}         ${c.dim(d)}`);
    }
    out.push('');
  }
  const { errorCount, warnCount } = countBySeverity(problems);
  if (problems.length > 0) {
    const total = `${problems.length} problem${problems.length === 1 ? '' : 's'} (${errorCount} error${errorCount === 1 ? '' : 's'}, ${warnCount} warning${warnCount === 1 ? '' : 's'})`;
    out.push((errorCount > 0 ? c.red : c.yellow)(c.bold(`✖ ${total}`)));
  }
  return out.join('\n') + (out.length ? '\n' : '');
}

function place(p: Problem): string {
  return p.line === undefined ? '-' : `${p.line}:${p.column ?? 1}`;
}
