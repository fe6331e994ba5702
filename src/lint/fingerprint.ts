import { hash } from 'node:crypto';

/**
 * Content fingerprints: rule, offending token, the line's text with whitespace folded, and which
 * occurrence of that triple it is. Moving code, re-indenting or adding lines above leaves them unchanged.
 * `lineText` gives a line of the source by its 1-based number.
 */
export function fingerprinter(lineText: (line: number) => string): (ruleId: string, token: string, line: number) => string {
  // Findings crowd on few lines: each line is folded once.
  const folded = new Map<number, string>();
  // Occurrences are counted by the triple's first fingerprint: a short key where the triple holds a
  // whole line. Two triples share one only if their fingerprints already collide.
  const seen = new Map<string, number>();
  return (ruleId, token, line) => {
    let text = folded.get(line);
    if (text === undefined) folded.set(line, (text = fold(lineText(line))));
    const triple = `${ruleId}\u0000${token}\u0000${text}\u0000`;
    const first = digest(`${triple}0`);
    const index = seen.get(first) ?? 0;
    seen.set(first, index + 1);
    return index === 0 ? first : digest(`${triple}${index}`);
  };
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
