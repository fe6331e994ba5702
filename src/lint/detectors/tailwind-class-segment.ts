import type { DetectorModule } from '../detector.js';
import { CLASS_MESSAGES, classMatcher, findClasses } from './class-match.js';

/** A `-`-separated segment of the class base (before any arbitrary value) is in `matchPatterns`: `bg-blue-500` has `blue`. */
export const detector: DetectorModule<(name: string) => boolean> = {
  id: 'tailwind-class-segment',
  messages: CLASS_MESSAGES,
  prepare(rule) {
    const segments = new Set(rule.matchPatterns ?? []);
    return classMatcher((base) => {
      const bracket = base.indexOf('[');
      const plain = bracket >= 0 ? base.slice(0, bracket) : base;
      return plain.split('-').some((segment) => segments.has(segment));
    });
  },
  run: (doc, _rule, matches) => findClasses(doc, matches),
};
