import { defineDetector } from '../detector.js';
import { CLASS_MESSAGES, classMatcher, findClasses } from './class-match.js';

export const detector = defineDetector({
  id: 'tailwind-class',
  meta: {
    docs: { description: 'A class whose base equals a `matchPatterns` entry, or whose whole base matches `pattern`.' },
    patterns: ['pattern', 'matchPatterns'],
    messages: CLASS_MESSAGES,
  },
  prepare(rule) {
    const exact = new Set(rule.matchPatterns ?? []);
    const pattern = rule.pattern === undefined ? undefined : new RegExp(`^(?:${rule.pattern})$`);
    return classMatcher((base) => exact.has(base) || (pattern?.test(base) ?? false));
  },
  run: (doc, _rule, matches) => findClasses(doc, matches),
});
