import { parseClassToken, type ClassToken } from '../class-token.js';
import type { ClassOccurrence, LintDocument } from '../document.js';
import type { Finding } from '../detector.js';

export type ClassTest = (base: string, token: ClassToken) => boolean;

// Pages repeat the same few hundred class names thousands of times: decide each name once per rule.
const MEMO_LIMIT = 50_000;

/**
 * A rule's verdict on a class name, memoised by name. The test sees the class base — and, for
 * `text-black/50`, the base without the opacity modifier too.
 */
export function classMatcher(test: ClassTest): (name: string) => boolean {
  const memo = new Map<string, boolean>();
  return (name) => {
    let verdict = memo.get(name);
    if (verdict === undefined) {
      const token = parseClassToken(name);
      const stripped = withoutModifier(token.base);
      verdict = test(token.base, token) || (stripped !== token.base && test(stripped, token));
      if (memo.size >= MEMO_LIMIT) memo.clear();
      memo.set(name, verdict);
    }
    return verdict;
  };
}

const byName = new WeakMap<LintDocument, Map<string, ClassOccurrence[]>>();

/** Occurrences grouped by class name, once per document: a rule then decides each distinct name once. */
function occurrencesByName(doc: LintDocument): Map<string, ClassOccurrence[]> {
  let groups = byName.get(doc);
  if (!groups) {
    groups = new Map();
    for (const occurrence of doc.classes) {
      const list = groups.get(occurrence.name);
      if (list) list.push(occurrence);
      else groups.set(occurrence.name, [occurrence]);
    }
    byName.set(doc, groups);
  }
  return groups;
}

/** The shared loop of the three Tailwind detectors: one finding per matching class occurrence. */
export function findClasses(doc: LintDocument, matches: (name: string) => boolean): Finding[] {
  const findings: Finding[] = [];
  for (const [name, occurrences] of occurrencesByName(doc)) {
    if (!matches(name)) continue;
    for (const occurrence of occurrences) findings.push({ range: occurrence.range, token: name, messageId: 'forbidden' });
  }
  return findings;
}

/** `bg-black/50`, `text-blue-500/75` → without the opacity modifier; `w-1/2` stays (a fraction is not a modifier). */
function withoutModifier(base: string): string {
  const slash = base.lastIndexOf('/');
  if (slash <= 0 || base.includes('[')) return base;
  const fraction = /-(\d+)\/(\d+)$/.exec(base);
  if (fraction && Number(fraction[1]) < Number(fraction[2]) && Number(fraction[2]) <= 12) return base;
  return base.slice(0, slash);
}

export const CLASS_MESSAGES = { forbidden: '"{token}": {description}' } as const;
