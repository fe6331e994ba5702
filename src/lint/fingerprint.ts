import { hash } from 'node:crypto';

/**
 * Content fingerprints: rule, offending token, the line's text with whitespace folded, and which
 * occurrence of that triple it is. Moving code, re-indenting or adding lines above leaves them unchanged.
 * `lineText` gives a line of the source by its 1-based number.
 *
 * A line longer than LONG_LINE (minified markup) stands in by a window of it around the token, so
 * that each fingerprint costs the same whatever the line's length, and edits elsewhere on that line
 * leave it alone. Lines up to LONG_LINE hash exactly as they always have: baselines depend on it.
 */
export function fingerprinter(lineText: (line: number) => string): (ruleId: string, token: string, line: number, column?: number) => string {
  // Findings crowd on few lines: each line is read and folded once.
  const lines = new Map<number, string>();
  const folded = new Map<number, string>();
  // Occurrences are counted by the triple's first fingerprint: a short key where the triple holds a
  // whole line. Two triples share one only if their fingerprints already collide.
  const seen = new Map<string, number>();
  return (ruleId, token, line, column = 1) => {
    let raw = lines.get(line);
    if (raw === undefined) lines.set(line, (raw = lineText(line)));
    let text: string;
    if (raw.length > LONG_LINE) {
      text = fold(lineWindow(raw, column - 1, token.length));
    } else {
      let f = folded.get(line);
      if (f === undefined) folded.set(line, (f = fold(raw)));
      text = f;
    }
    const triple = `${ruleId}\u0000${token}\u0000${text}\u0000`;
    const first = digest(`${triple}0`);
    const index = seen.get(first) ?? 0;
    seen.set(first, index + 1);
    return index === 0 ? first : digest(`${triple}${index}`);
  };
}

/** Lines longer than this are fingerprinted by a window around the token. */
export const LONG_LINE = 500;
/** Characters of context kept on each side of the token. */
const WINDOW = 160;

/** The token and up to WINDOW characters either side of it: a bounded slice, whatever the line's length. */
export function lineWindow(line: string, index: number, length: number): string {
  const start = Math.max(0, index - WINDOW);
  return line.slice(start, Math.min(line.length, index + length + WINDOW));
}

// One-shot hash(): a fraction of createHash()'s cost on inputs this small.
function digest(input: string): string {
  return hash('sha256', input, 'hex').slice(0, 20);
}

// Whitespace other than lone spaces: only lines with some need the replace, and most have none.
const FOLDABLE = /[^\S ]|\s\s/;

function fold(line: string): string {
  const trimmed = line.trim();
  return FOLDABLE.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
}
