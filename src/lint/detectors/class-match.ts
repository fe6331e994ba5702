import { parseClassToken, type ClassToken } from '../class-token.js';
import type { ClassOccurrence, LintDocument } from '../document.js';
import type { Finding } from '../detector.js';

/**
 * The shared loop of the three Tailwind detectors: every class occurrence, parsed once, tested by
 * `matches` against its base — and, for `text-black/50`, against the base without the opacity modifier.
 */
export function findClasses(doc: LintDocument, matches: (base: string, token: ClassToken) => boolean): Finding[] {
  const findings: Finding[] = [];
  for (const occurrence of doc.classes) {
    const token = parsedToken(occurrence);
    const stripped = withoutModifier(token.base);
    if (matches(token.base, token) || (stripped !== token.base && matches(stripped, token))) {
      findings.push({ range: occurrence.range, token: occurrence.name, messageId: 'forbidden' });
    }
  }
  return findings;
}

const cache = new WeakMap<ClassOccurrence, ClassToken>();
function parsedToken(occurrence: ClassOccurrence): ClassToken {
  let token = cache.get(occurrence);
  if (!token) {
    token = parseClassToken(occurrence.name);
    cache.set(occurrence, token);
  }
  return token;
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
