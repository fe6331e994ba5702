import { z } from 'zod';
import { defineSoftGate, globsOption } from './define.js';
import { globMatcher, touches } from './match.js';

export const gate = defineSoftGate({
  id: 'brand-approval',
  meta: {
    docs: 'A UI file changes. A lint-clean draft is not brand-approved: visual judgment, hierarchy, warmth and product fit are a person\'s to judge, so each added, modified or renamed UI file is flagged for one to look at (a deletion leaves nothing to look at). Not blocking by default (it would block every UI change); set blocking to make it so.',
    needs: 'human',
    blocking: false,
    stuck: 'UI changes that only a person can judge visually',
    question: 'Does the changed UI fit the brand (visual judgment, hierarchy, warmth, product fit)?',
    options: z.strictObject({
      ui: globsOption('Project-relative globs of UI files. Default: lint.include of dsctl.config.json.').optional(),
      exclude: globsOption('Project-relative globs left out. Default: lint.exclude of dsctl.config.json.').optional(),
    }),
  },
  detect(change, options) {
    const ui = globMatcher(change, options.ui ?? change.project.ui.include, options.exclude ?? change.project.ui.exclude);
    return change.changes
      .filter((c) => c.status !== 'deleted' && touches(c, ui))
      .map((c) => ({ path: c.path, reason: `a UI file is ${c.status}: visual judgment (hierarchy, warmth, product fit) needs a person`, detail: { change: c.status } }));
  },
});
