import type { DetectorModule } from '../detector.js';
import { CLASS_MESSAGES, classMatcher, findClasses } from './class-match.js';

/** The class base equals a `matchPatterns` entry, or the whole base matches `pattern`. */
export const detector: DetectorModule<(name: string) => boolean> = {
  id: 'tailwind-class',
  messages: CLASS_MESSAGES,
  prepare(rule) {
    const exact = new Set(rule.matchPatterns ?? []);
    const pattern = rule.pattern === undefined ? undefined : new RegExp(`^(?:${rule.pattern})$`);
    return classMatcher((base) => exact.has(base) || (pattern?.test(base) ?? false));
  },
  run: (doc, _rule, matches) => findClasses(doc, matches),
};
