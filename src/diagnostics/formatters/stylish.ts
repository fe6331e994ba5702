import { codeFrame } from '../code-frame.js';
import type { Problem } from '../problem.js';
import { countBySeverity } from '../problem.js';
import { defineFormatter } from '../results.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** `12:5`, or `-` for a finding about the whole file. */
function place(p: Problem): string {
  return p.line === undefined ? '-' : `${p.line}:${p.column ?? 1}`;
}

export const formatter = defineFormatter({
  id: 'stylish',
  meta: { docs: "ESLint's stylish layout for people: findings grouped by file, what to do instead and a code frame under each, the totals last." },
  format(results, context) {
    const c = context.colors;
    const out: string[] = [];
    let notChecked = 0;
    for (const r of results) {
      if (r.problems.length === 0 && !r.notChecked && r.note === undefined) continue;
      out.push(c.underline(r.file));
      if (r.notChecked) {
        notChecked++;
        out.push(`  ${c.red('error')}  ${r.notChecked.message}  ${c.dim(r.notChecked.code)}`);
      }
      // A file whose findings have no place (a gated path, a missing marker) gets no place column.
      const placed = r.problems.some((p) => p.line !== undefined);
      const width = placed ? Math.max(6, ...r.problems.map((p) => place(p).length)) : 0;
      const under = ' '.repeat(placed ? width + 11 : 9);
      for (const p of r.problems) {
        const severity = p.severity === 'error' ? c.red('error') : p.severity === 'warn' ? c.yellow('warn ') : c.dim('info ');
        out.push(`  ${placed ? `${c.dim(place(p).padEnd(width))}  ` : ''}${severity}  ${p.message}  ${c.dim(p.code)}`);
        if (p.hint) out.push(`${under}${c.cyan('→')} ${p.hint}`);
        for (const d of p.details ?? []) out.push(`${under}${c.dim(d)}`);
        if (r.source !== undefined && p.line !== undefined) {
          const frame = codeFrame(r.source, p.line, p.column ?? 1, { context: 0, marker: p.severity === 'error' ? c.red : p.severity === 'warn' ? c.yellow : c.dim });
          if (frame) out.push(frame.replace(/^/gm, '    '));
        }
      }
      if (r.note !== undefined) out.push(`  ${c.dim(r.note)}`);
      out.push('');
    }
    const problems = results.flatMap((r) => r.problems);
    const { errorCount, warnCount, infoCount } = countBySeverity(problems);
    const total = errorCount + warnCount;
    if (total + notChecked > 0) {
      const parts = [`${plural(total, 'problem')} (${plural(errorCount, 'error')}, ${plural(warnCount, 'warning')})`];
      if (infoCount) parts.push(`${infoCount} for a person to review`);
      if (notChecked) parts.push(`${notChecked} file(s) not checked`);
      out.push((errorCount + notChecked > 0 ? c.red : c.yellow)(c.bold(`✖ ${parts.join(', ')}`)));
    } else {
      if (infoCount) out.push(c.dim(`${infoCount} note(s) for a person to review`));
      if (context.clean !== undefined) out.push(context.clean);
    }
    out.push(...(context.notes ?? []));
    return out.length ? out.join('\n') + '\n' : '';
  },
});
