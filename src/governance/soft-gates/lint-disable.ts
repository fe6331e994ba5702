import { z } from 'zod';
import { defineSoftGate, regexOption } from './define.js';

// The inline disables of src/lint/disables.ts: `dsctl-disable`, `dsctl-disable-next-line`.
const DISABLE = String.raw`\bdsctl-disable(?:-next-line)?\b`;

export const gate = defineSoftGate({
  id: 'lint-disable',
  meta: {
    docs: 'A change adds inline disables (`dsctl-disable-next-line RULE -- reason`): each one silences a finding the checker would report. An agent may write one as easily as a fix, so whether the reason holds is a person\'s decision; a removed disable is not flagged.',
    needs: 'approval',
    blocking: true,
    stuck: 'a change silences lint findings with inline disables',
    question: 'Are these disables justified, or should the findings be fixed?',
    options: z.strictObject({
      pattern: regexOption('A regular expression; its matches in a changed file are its inline disables.').default(DISABLE),
    }),
  },
  detect(change, options) {
    const count = (text: string | undefined) => (text ?? '').match(new RegExp(options.pattern, 'g'))?.length ?? 0;
    return change.changes.flatMap((c) => {
      if (c.status === 'deleted') return [];
      const was = count(change.before(c.from ?? c.path));
      const now = count(change.after(c.path));
      return now > was ? [{ path: c.path, reason: `${now - was} inline disable(s) added (${was} → ${now})`, detail: { before: was, after: now } }] : [];
    });
  },
});
