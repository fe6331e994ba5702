import type { Element } from 'domhandler';
import { splitClassList } from '../class-token.js';

export const REASON_ESCAPED_CLASS = 'class name with escape sequences not checked';

/**
 * Where class expressions put what they read: the JSX/Vue DocumentBuilder, or the bindings of an
 * HTML start tag (Alpine `:class`, Angular `[ngClass]`).
 */
export interface ClassSink {
  readonly text: string;
  /** Class-function calls already read, so a file-wide scan does not read them twice. */
  readonly visited: WeakSet<object>;
  addClass(name: string, start: number, end: number, element: Element | undefined): void;
  note(offset: number, reason: string): void;
}

/**
 * Class names in `sink.text[start, end)`: a string literal's inside or an attribute value. With
 * `escapes`, JS whitespace escapes (`\n`, `\t`, a line continuation) separate names like spaces,
 * so offsets stay exact; a name holding any other escape is noted, not guessed at.
 */
export function readClassString(sink: ClassSink, start: number, end: number, element: Element | undefined, escapes: boolean): void {
  const raw = sink.text.slice(start, end);
  const masked = escapes ? maskWhitespaceEscapes(raw) : raw;
  for (const c of splitClassList(masked, start)) {
    if (escapes && c.name.includes('\\')) sink.note(c.start, REASON_ESCAPED_CLASS);
    else sink.addClass(c.name, c.start, c.end, element);
  }
}

/** Same length as `raw`, with whitespace escapes blanked so that offsets still line up. */
export function maskWhitespaceEscapes(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return raw.replace(/\\(?:[ntrfv]|\r\n|[\r\n\u2028\u2029])|\\[^]/g, (m) => (/^\\(?:[ntrfv]|\s)/.test(m) ? ' '.repeat(m.length) : m));
}
