import { describe, expect, test } from 'vitest';
import { check } from '../../../src/governance/self-drift/playbook-levels.js';
import { brief, context, memoryFiles, PLAYBOOK } from './support.js';

const cases: { name: string; md: string; levels?: string[]; want: [string, number?][]; message?: string }[] = [
  { name: 'every default level named in prose', md: '# P\n\nLevel 1, Level 2 and Level 3.\n', want: [] },
  { name: 'in a heading and a table cell', md: '# Level 1\n\n| Level 2 | Level 3 |\n|---|---|\n| a | b |\n', want: [] },
  { name: 'a line break between the words', md: '# P\n\nLevel\n1, Level 2, Level 3.\n', want: [] },
  {
    name: 'a level named only in code',
    md: '# P\n\nLevel 2, Level 3.\n\n```\nLevel 1\n```\n',
    want: [['playbook-classification-wording']],
    message: 'the playbook never says "Level 1"; expected the automation levels by name (Level 1, Level 2, Level 3) so workflow ids are not read as levels',
  },
  { name: 'a longer name is not the level', md: '# P\n\nLevel 10, Level 2, Level 3.\n', want: [['playbook-classification-wording']] },
  { name: 'levels from the policy', md: '# P\n\nTier A and Tier B.\n', levels: ['Tier A', 'Tier B'], want: [] },
  {
    name: 'levels from the policy, one missing; the default ones are not required',
    md: '# P\n\nTier A, Level 1.\n',
    levels: ['Tier A', 'Tier B'],
    want: [['playbook-classification-wording']],
    message: 'the playbook never says "Tier B"; expected the automation levels by name (Tier A, Tier B) so workflow ids are not read as levels',
  },
  { name: 'a level with punctuation at its ends', md: '# P\n\nThis is (L1).\n', levels: ['(L1)'], want: [] },
  { name: 'no levels in the policy: nothing to name', md: '# P\n', levels: [], want: [] },
];

describe('playbook-levels', () => {
  test.each(cases)('$name', ({ md, levels, want, message }) => {
    const got = check.run(memoryFiles({ [PLAYBOOK]: md }), context(levels ? { selfDrift: { levels } } : {}));
    expect(brief(got)).toEqual(want);
    expect(got.every((f) => f.severity === 'warn' && f.file === PLAYBOOK)).toBe(true);
    if (message !== undefined) expect(got[0]?.message).toBe(message);
  });
});
