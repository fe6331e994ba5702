import { createHash } from 'node:crypto';

/**
 * Content fingerprints: rule, offending token, the line's text with whitespace folded, and which
 * occurrence of that triple it is. Moving code, re-indenting or adding lines above leaves them unchanged.
 */
export function fingerprinter(): (ruleId: string, token: string, lineText: string) => string {
  const seen = new Map<string, number>();
  return (ruleId, token, lineText) => {
    const key = `${ruleId}\u0000${token}\u0000${lineText.trim().replace(/\s+/g, ' ')}`;
    const index = seen.get(key) ?? 0;
    seen.set(key, index + 1);
    return createHash('sha256').update(`${key}\u0000${index}`).digest('hex').slice(0, 20);
  };
}
