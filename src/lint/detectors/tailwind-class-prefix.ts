import type { DetectorModule } from '../detector.js';
import { CLASS_MESSAGES, classMatcher, findClasses } from './class-match.js';

/** The class base starts with a `prefixPatterns` entry, equals a `matchPatterns` entry, or `pattern` matches at its start. */
export const detector: DetectorModule<(name: string) => boolean> = {
  id: 'tailwind-class-prefix',
  messages: CLASS_MESSAGES,
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
};
