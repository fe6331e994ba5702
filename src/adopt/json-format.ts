/** How a JSON file is formatted, so that an edit keeps its look: indentation, line ending, final newline. */
export interface JsonFormat {
  readonly indent: string;
  readonly eol: '\n' | '\r\n';
  readonly finalNewline: boolean;
}

export function jsonFormatOf(text: string): JsonFormat {
  // The first indented line decides: a tab, or its run of spaces (2 when nothing is indented).
  const indented = /^([ \t]+)\S/m.exec(text);
  const lead = indented?.[1] ?? '  ';
  const indent = lead.startsWith('\t') ? '\t' : ' '.repeat(lead.length);
  return { indent, eol: text.includes('\r\n') ? '\r\n' : '\n', finalNewline: /\n$/.test(text) };
}
