import { defineFormatter } from '../results.js';
import { messageWithHint } from '../results.js';

// https://github.com/actions/toolkit/blob/main/packages/core/src/command.ts escaping rules.
export function annotationData(s: string): string {
  return s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
export function annotationProperty(s: string): string {
  return annotationData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

const COMMAND = { error: 'error', warn: 'warning', info: 'notice' } as const;

export const formatter = defineFormatter({
  id: 'github',
  meta: { docs: "GitHub Actions workflow commands: one `::error`/`::warning` annotation per finding, shown on the pull request's diff." },
  format(results) {
    const lines: string[] = [];
    for (const r of results) {
      const file = `file=${annotationProperty(r.file)}`;
      if (r.notChecked) lines.push(`::error ${file},title=${annotationProperty(r.notChecked.code)}::${annotationData(r.notChecked.message)}`);
      for (const p of r.problems) {
        const where =
          p.line === undefined
            ? file
            : `${file},line=${p.line}${p.column === undefined ? '' : `,col=${p.column}`}${p.endLine === undefined ? '' : `,endLine=${p.endLine}`}${p.endColumn === undefined ? '' : `,endColumn=${p.endColumn}`}`;
        lines.push(`::${COMMAND[p.severity]} ${where},title=${annotationProperty(p.code)}::${annotationData(messageWithHint(p, '\n'))}`);
      }
    }
    return lines.length ? lines.join('\n') + '\n' : '';
  },
});
