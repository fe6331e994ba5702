import { defineDetector } from '../detector.js';
import { CLASS_MESSAGES, classMatcher, findClasses } from './class-match.js';

export const detector = defineDetector({
  id: 'tailwind-class-segment',
  meta: {
    docs: { description: 'A class with a `-`-separated segment of its base (before any arbitrary value) in `matchPatterns`: `bg-blue-500` has `blue`.' },
    patterns: ['matchPatterns'],
    messages: CLASS_MESSAGES,
  },
  prepare(rule) {
    const segments = new Set(rule.matchPatterns ?? []);
    return classMatcher((base) => {
      const bracket = base.indexOf('[');
      const plain = bracket >= 0 ? base.slice(0, bracket) : base;
      return plain.split('-').some((segment) => segments.has(segment));
    });
  },
  run: (doc, _rule, matches) => findClasses(doc, matches),
});
