import type { DetectorModule } from '../detector.js';
import { CLASS_MESSAGES, findClasses } from './class-match.js';

/** The class base equals a `matchPatterns` entry, or the whole base matches `pattern`. */
export const detector: DetectorModule<{ exact: ReadonlySet<string>; pattern: RegExp | undefined }> = {
  id: 'tailwind-class',
  messages: CLASS_MESSAGES,
  prepare: (rule) => ({
    exact: new Set(rule.matchPatterns ?? []),
    pattern: rule.pattern === undefined ? undefined : new RegExp(`^(?:${rule.pattern})$`),
  }),
  run: (doc, _rule, { exact, pattern }) => findClasses(doc, (base) => exact.has(base) || (pattern?.test(base) ?? false)),
};
