import { hash } from 'node:crypto';

/**
 * Content fingerprints: rule, offending token, the line's text with whitespace folded, and which
 * occurrence of that triple it is. Moving code, re-indenting or adding lines above leaves them unchanged.
 * `lineText` gives a line of the source by its 1-based number.
 */
export function fingerprinter(lineText: (line: number) => string): (ruleId: string, token: string, line: number) => string {
  // Findings crowd on few lines: fold each line once, and count occurrences per folded line, so that
  // no key holds (and hashes) a whole line.
  const folded = new Map<number, string>();
  const seen = new Map<string, Count[]>();
  return (ruleId, token, line) => {
    let text = folded.get(line);
    if (text === undefined) folded.set(line, (text = fold(lineText(line))));
    let counts = seen.get(text);
    if (counts === undefined) seen.set(text, (counts = []));
    // A line holds a finding or two: a list searched in place beats a Map per line.
    let count = counts.find((c) => c.ruleId === ruleId && c.token === token);
    if (count === undefined) counts.push((count = { ruleId, token, next: 0 }));
    const index = count.next++;
    // One-shot hash(): a fraction of createHash()'s cost on inputs this small.
    return hash('sha256', `${ruleId}\u0000${token}\u0000${text}\u0000${index}`, 'hex').slice(0, 20);
  };
}

interface Count {
  readonly ruleId: string;
  readonly token: string;
  next: number;
}

// Whitespace other than lone spaces: only lines with some need the replace, and most have none.
const FOLDABLE = /[^\S ]|\s\s/;

function fold(line: string): string {
  const trimmed = line.trim();
  return FOLDABLE.test(trimmed) ? trimmed.replace(/\s+/g, ' ') : trimmed;
}
