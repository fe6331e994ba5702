/** The one code-frame renderer, for findings and for user errors alike. */

export interface CodeFrameOptions {
  /** Lines of context above and below. */
  readonly context?: number;
  /** Decorates the marker line (e.g. with colour); identity by default. */
  readonly marker?: (text: string) => string;
}

export function codeFrame(text: string, line: number, column: number, options: CodeFrameOptions = {}): string {
  const lines = linesOf(text);
  if (line < 1 || line > lines.length) return '';
  const context = options.context ?? 2;
  const marker = options.marker ?? ((s: string) => s);
  const first = Math.max(1, line - context);
  const last = Math.min(lines.length, line + context);
  const width = String(last).length;
  // A long line is shown as a window around the column, and its neighbours through the same window,
  // so that the caret points at the column rather than at a cut.
  const marked = lines[line - 1] ?? '';
  const from = marked.length > MAX_LINE ? Math.max(0, Math.min(column - 1 - (MAX_LINE >> 1), marked.length - MAX_LINE)) : 0;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const body = cut(lines[n - 1] ?? '', from);
    const gutter = String(n).padStart(width);
    if (n === line) {
      out.push(marker(`> ${gutter} | `) + body);
      // Past the window's start, the "…" it begins with takes one column.
      const caretAt = Math.max(0, Math.min(column - 1 - from + (from > 0 ? 1 : 0), body.length));
      out.push(`  ${' '.repeat(width)} | ` + body.slice(0, caretAt).replace(/[^\t]/g, ' ') + marker('^'));
    } else {
      out.push(`  ${gutter} | ${body}`);
    }
  }
  return out.join('\n');
}

// Formatters frame every finding of a file in turn: the file is split once, not once per finding.
let lastText: string | undefined;
let lastLines: readonly string[] = [];
function linesOf(text: string): readonly string[] {
  if (text !== lastText) {
    lastText = text;
    lastLines = text.split(/\r\n|\r|\n/);
  }
  return lastLines;
}

// A minified 1 MB line would flood the terminal: at most this many characters of a line are shown.
const MAX_LINE = 200;
function cut(s: string, from: number): string {
  if (s.length <= MAX_LINE && from === 0) return s;
  const shown = s.slice(from, from + MAX_LINE);
  return (from > 0 ? '…' : '') + shown + (from + MAX_LINE < s.length ? '…' : '');
}
