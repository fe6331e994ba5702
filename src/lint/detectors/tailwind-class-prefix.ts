import type { DetectorModule } from '../detector.js';
import { CLASS_MESSAGES, findClasses } from './class-match.js';

/** The class base starts with a `prefixPatterns` entry, equals a `matchPatterns` entry, or `pattern` matches at its start. */
export const detector: DetectorModule<{ prefixes: readonly string[]; exact: ReadonlySet<string>; pattern: RegExp | undefined }> = {
  id: 'tailwind-class-prefix',
  messages: CLASS_MESSAGES,
  prepare: (rule) => ({
    prefixes: rule.prefixPatterns ?? [],
    exact: new Set(rule.matchPatterns ?? []),
    pattern: rule.pattern === undefined ? undefined : new RegExp(`^(?:${rule.pattern})`),
  }),
  run: (doc, _rule, { prefixes, exact, pattern }) =>
    findClasses(doc, (base, token) => {
      // `-z-10` is the z- utility, negated.
      const unsigned = token.negative ? base.slice(1) : base;
      return exact.has(base) || prefixes.some((p) => base.startsWith(p) || unsigned.startsWith(p)) || (pattern?.test(base) ?? false);
    }),
};
