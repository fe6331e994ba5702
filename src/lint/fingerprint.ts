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
  const seen = new Map<string, Map<string, number>>();
  return (ruleId, token, line) => {
    let text = folded.get(line);
    if (text === undefined) folded.set(line, (text = lineText(line).trim().replace(/\s+/g, ' ')));
    let counts = seen.get(text);
    if (counts === undefined) seen.set(text, (counts = new Map()));
    const ruleToken = `${ruleId}\u0000${token}`;
    const index = counts.get(ruleToken) ?? 0;
    counts.set(ruleToken, index + 1);
    // One-shot hash(): a fraction of createHash()'s cost on inputs this small.
    return hash('sha256', `${ruleToken}\u0000${text}\u0000${index}`, 'hex').slice(0, 20);
  };
}
