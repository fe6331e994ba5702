import { describe, expect, test } from 'vitest';
import { check } from '../../../src/governance/self-drift/playbook-markers.js';
import { brief, context, memoryFiles, PLAYBOOK } from './support.js';

const policy = { selfDrift: { markers: ['alpha', 'beta'] } };
const section = (name: string, body = 'The rule.') => `## ${name}\n<!-- dsctl:marker ${name} -->\n\n${body}\n\n`;

const cases: { name: string; md: string; want: [string, number?][]; message?: string }[] = [
  { name: 'every marker once, each with a body', md: `# P\n\n${section('alpha')}${section('beta')}`, want: [] },
  {
    name: 'a missing marker',
    md: `# P\n\n${section('alpha')}`,
    want: [['playbook-marker-missing']],
    message: 'governance marker "beta" is missing; expected <!-- dsctl:marker beta --> right after the heading of its section',
  },
  {
    name: 'an empty section (only HTML before the next heading)',
    md: `# P\n\n## alpha\n<!-- dsctl:marker alpha -->\n\n<!-- nothing -->\n\n${section('beta')}`,
    want: [['playbook-marker-empty', 4]],
    message: 'governance marker "alpha" has no text before the next heading; expected the section to state its rule',
  },
  { name: 'a marker that ends the file', md: `# P\n\n${section('alpha')}## beta\n<!-- dsctl:marker beta -->\n`, want: [['playbook-marker-empty', 9]] },
  {
    name: 'a duplicated marker, at its second place',
    md: `# P\n\n${section('alpha')}${section('beta')}${section('alpha')}`,
    want: [['playbook-marker-duplicated', 14]],
    message: 'governance marker "alpha" appears again (first at line 4); expected each governance section once',
  },
  { name: 'a duplicated marker the policy does not require is still a duplicate', md: `# P\n\n${section('alpha')}${section('beta')}${section('gamma')}${section('gamma')}`, want: [['playbook-marker-duplicated', 19]] },
  { name: 'a marker inside a paragraph with text has a body', md: `# P\n\nalpha: <!-- dsctl:marker alpha --> the rule.\n\n${section('beta')}`, want: [] },
  { name: 'a marker quoted in code is not a marker', md: `# P\n\n\`\`\`md\n<!-- dsctl:marker alpha -->\n\`\`\`\n\n${section('beta')}`, want: [['playbook-marker-missing']] },
  {
    name: 'a marker inside a longer HTML block: its own line',
    md: `# P\n\n${section('alpha')}${section('beta')}## again\n<div>\n<!-- dsctl:marker alpha -->\n</div>\n\nText.\n`,
    want: [['playbook-marker-duplicated', 15]],
  },
];

describe('playbook-markers', () => {
  test.each(cases)('$name', ({ md, want, message }) => {
    const got = check.run(memoryFiles({ [PLAYBOOK]: md }), context(policy));
    expect(brief(got)).toEqual(want);
    if (message !== undefined) expect(got[0]?.message).toBe(message);
  });

  test('without a playbook there is nothing to check', () => {
    expect(check.run(memoryFiles(), context(policy))).toEqual([]);
  });
});
