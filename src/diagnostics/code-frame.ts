/** The one code-frame renderer, for findings and for user errors alike. */

export interface CodeFrameOptions {
  /** Lines of context above and below. */
  readonly context?: number;
  /** Decorates the marker line (e.g. with colour); identity by default. */
  readonly marker?: (text: string) => string;
}

export function codeFrame(text: string, line: number, column: number, options: CodeFrameOptions = {}): string {
  const lines = text.split(/\r\n|\r|\n/);
  if (line < 1 || line > lines.length) return '';
  const context = options.context ?? 2;
  const marker = options.marker ?? ((s: string) => s);
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const body = truncate(lines[n - 1] ?? '');
    const gutter = String(n).padStart(width);
    if (n === line) {
      out.push(marker(`> ${gutter} | `) + body);
      const caretAt = Math.max(0, Math.min(column - 1, body.length));
      out.push(`  ${' '.repeat(width)} | ` + body.slice(0, caretAt).replace(/[^\t]/g, ' ') + marker('^'));
    } else {
      out.push(`  ${gutter} | ${body}`);
    }
  }
  return out.join('\n');
}

// A minified 1 MB line would flood the terminal; the caret position stays meaningful up to here.
const MAX_LINE = 200;
function truncate(s: string): string {
  return s.length > MAX_LINE ? s.slice(0, MAX_LINE) + '…' : s;
}
