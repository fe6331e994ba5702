import { defineDetector } from '../detector.js';
import { CLASS_MESSAGES, classMatcher, findClasses } from './class-match.js';

export const detector = defineDetector({
  id: 'tailwind-class-prefix',
  meta: {
    docs: { description: 'A class whose base starts with a `prefixPatterns` entry (negated utilities too: `-z-10`), equals a `matchPatterns` entry, or matches `pattern` at its start.' },
    patterns: ['pattern', 'matchPatterns', 'prefixPatterns'],
    messages: CLASS_MESSAGES,
  },
  prepare(rule) {
    const prefixes = rule.prefixPatterns ?? [];
    const exact = new Set(rule.matchPatterns ?? []);
    const pattern = rule.pattern === undefined ? undefined : new RegExp(`^(?:${rule.pattern})`);
    return classMatcher((base, token) => {
      // `-z-10` is the z- utility, negated.
      const unsigned = token.negative ? base.slice(1) : base;
      return exact.has(base) || prefixes.some((p) => base.startsWith(p) || unsigned.startsWith(p)) || (pattern?.test(base) ?? false);
    });
  },
  run: (doc, _rule, matches) => findClasses(doc, matches),
});
