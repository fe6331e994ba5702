import { describe, expect, test } from 'vitest';
import { check } from '../../../src/governance/self-drift/red-team-excluded.js';
import { brief, CONFIG, context, memoryFiles, POLICY } from './support.js';

const POLICY_TEXT = '{\n  "version": "1",\n  "hardGates": [],\n  "redTeam": {\n    "outputPath": "redteam/"\n  }\n}\n';
const CONFIG_TEXT = '{\n  "lint": {\n    "include": ["**/*.html"],\n    "exclude": []\n  }\n}\n';
const files = memoryFiles({ [POLICY]: POLICY_TEXT, [CONFIG]: CONFIG_TEXT });

const excluded = { redTeam: { outputPath: 'redteam/' }, hookExclusions: ['redteam/**'] };
const htmlLint = { include: ['**/*.html'], exclude: [] };
/** A lint that never looks at the red-team folder. */
const srcLint = { include: ['src/**/*.html'], exclude: [] };

const cases: { name: string; policy: Record<string, unknown>; lint?: { include: string[]; exclude: string[] }; want: [string, number?][]; message?: string }[] = [
  { name: 'excluded from the hooks; lint does not include it', policy: excluded, want: [] },
  { name: 'excluded from the hooks and from lint', policy: excluded, lint: { include: ['**/*.html'], exclude: ['redteam/**'] }, want: [] },
  { name: 'a ./ prefix and no trailing slash', policy: { redTeam: { outputPath: './redteam' }, hookExclusions: ['redteam/**'] }, want: [] },
  {
    name: 'not in hookExclusions: at redTeam.outputPath of the policy',
    policy: { redTeam: { outputPath: 'redteam/' }, hookExclusions: ['test/**'] },
    want: [['red-team-not-excluded', 5]],
    message: `the red-team output path "redteam/" is not excluded by hookExclusions in ${POLICY}; expected a glob such as "redteam/**"`,
  },
  {
    name: 'linted: at lint.exclude of the config',
    policy: excluded,
    lint: htmlLint,
    want: [['red-team-not-excluded', 4]],
    message: `the red-team output path "redteam/" is not excluded by lint.exclude in ${CONFIG}, though lint.include covers it; expected a glob such as "redteam/**"`,
  },
  { name: 'both', policy: { redTeam: { outputPath: 'redteam/' } }, lint: htmlLint, want: [['red-team-not-excluded', 5], ['red-team-not-excluded', 4]] },
  { name: 'no red team: nothing to check', policy: {}, lint: htmlLint, want: [] },
];

describe('red-team-excluded', () => {
  test.each(cases)('$name', ({ policy, lint, want, message }) => {
    const got = check.run(files, context(policy, { lint: lint ?? srcLint }));
    expect(brief(got)).toEqual(want);
    if (message !== undefined) expect(got[0]?.message).toBe(message);
  });

  test('a file that no longer reads or parses: the finding has no line', () => {
    const got = check.run(memoryFiles({ [POLICY]: '{ nope' }), context({ redTeam: { outputPath: 'redteam/' } }, { lint: htmlLint }));
    expect(got.map((f) => [f.file, f.line])).toEqual([
      [POLICY, undefined],
      [CONFIG, undefined],
    ]);
  });
});
