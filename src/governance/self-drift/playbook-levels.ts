import { textOf, walk } from '../../views/markdown.js';
import { defineSelfDriftCheck } from './check.js';
import { readPlaybook } from './playbook.js';

export const check = defineSelfDriftCheck({
  id: 'playbook-levels',
  meta: {
    docs: { description: 'the playbook names every automation level of the policy (selfDrift.levels) in its text, so workflow ids (W1…W5) are never read as levels' },
    codes: {
      'playbook-classification-wording': {
        severity: 'warn',
        message: (a: { missing: readonly string[]; levels: readonly string[] }) =>
          `the playbook never says ${a.missing.map((m) => `"${m}"`).join(', ')}; expected the automation levels by name (${a.levels.join(', ')}) so workflow ids are not read as levels`,
      },
    },
  },
  run(files, context) {
    const playbook = readPlaybook(files, context);
    if (!playbook) return [];
    const texts: string[] = [];
    walk(playbook.root, (node) => {
      if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') texts.push(textOf(node));
    });
    const { levels } = context.policy.selfDrift;
    const missing = levels.filter((level) => !texts.some((t) => namePattern(level).test(t)));
    return missing.length ? [{ code: 'playbook-classification-wording', file: playbook.file, args: { missing, levels } }] : [];
  },
});

/** `Level 1` as a whole name (not in `Level 10`), any run of whitespace (a line break) between its words. */
function namePattern(level: string): RegExp {
  const escaped = level.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s+');
  // Lookarounds, not \b: a level from the policy may start or end with punctuation (`L-1)`).
  return new RegExp(`(?<!\\w)${escaped}(?!\\w)`);
}
