import { parseClassToken, type ClassToken } from '../class-token.js';
import type { Finding } from '../detector.js';
import type { LintDocument } from '../document.js';

export type ClassTest = (base: string, token: ClassToken) => boolean;

// Pages repeat the same few hundred class names thousands of times: decide each name once per rule.
const MEMO_LIMIT = 50_000;

/**
 * A rule's verdict on a class name, memoised by name. The test sees the class base — and, for
 * `text-black/50` or `bg-[#3b5998]/90`, the base without the opacity modifier too (see ClassToken.modifier).
 */
export function classMatcher(test: ClassTest): (name: string) => boolean {
  const memo = new Map<string, boolean>();
  return (name) => {
    let verdict = memo.get(name);
    if (verdict === undefined) {
      const token = parseClassToken(name);
      verdict = test(token.base, token) || (token.unmodified !== token.base && test(token.unmodified, token));
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(name, verdict);
    }
    return verdict;
  };
}

/** The shared loop of the three Tailwind detectors: one finding per matching class occurrence. */
export function findClasses(doc: LintDocument, matches: (name: string) => boolean): Finding<keyof typeof CLASS_MESSAGES>[] {
  const findings: Finding<keyof typeof CLASS_MESSAGES>[] = [];
  const table = doc.classes;
  table.names.forEach((name, i) => {
    if (!matches(name)) return;
    for (const k of table.occurrencesOf(i)) findings.push({ range: table.range(k), token: name, messageId: 'forbidden' });
  });
  return findings;
}

export const CLASS_MESSAGES = { forbidden: '"{token}": {description}' } as const;
