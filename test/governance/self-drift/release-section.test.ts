import { describe, expect, test } from 'vitest';
import { check } from '../../../src/governance/self-drift/release-section.js';
import { brief, context, memoryFiles, PLAYBOOK, POLICY } from './support.js';

const ci = { ci: { commands: ['npm run a', 'npm run b'] } };

const cases: { name: string; md: string; policy?: Record<string, unknown>; want: [string, number?][]; message?: string }[] = [
  { name: 'every CI command named in the section', md: '# P\n\n### W5 release-readiness\n\n`npm run a`, `npm run b`\n', want: [] },
  { name: 'in a code block and with arguments after the command', md: '# P\n\n## release-readiness\n\n```sh\nnpm run a -- --json\nnpm run b\n```\n', want: [] },
  {
    name: 'a command the section does not name, at its heading',
    md: '# P\n\n\n### W5 release-readiness\n\n`npm run a`\n',
    want: [['release-command-missing', 4]],
    message: `the release-readiness section "W5 release-readiness" does not mention "npm run b" (ci.commands in ${POLICY}); a release must not skip a CI gate`,
  },
  { name: 'a longer script name is a different command', md: '# P\n\n## W5\n\n`npm run a`, `npm run b-c`\n', want: [['release-command-missing', 3]] },
  { name: 'prose does not count', md: '# P\n\n## W5\n\n`npm run a`; run npm run b too.\n', want: [['release-command-missing', 3]] },
  { name: 'the section ends at the next heading of its level', md: '# P\n\n## W5\n\n`npm run a`\n\n## Other\n\n`npm run b`\n', want: [['release-command-missing', 3]] },
  {
    name: 'no release-readiness section: one finding per command, without a line',
    md: '# P\n\n## Release\n\n`npm run a`\n',
    want: [['release-command-missing'], ['release-command-missing']],
    message: `the playbook has no release-readiness (W5) section, so nothing verifies "npm run a" (ci.commands in ${POLICY}) before a release`,
  },
  { name: 'no CI commands: nothing to verify', md: '# P\n', policy: {}, want: [] },
];

describe('release-section', () => {
  test.each(cases)('$name', ({ md, policy, want, message }) => {
    const got = check.run(memoryFiles({ [PLAYBOOK]: md }), context(policy ?? ci));
    expect(brief(got)).toEqual(want);
    if (message !== undefined) expect(got[0]?.message).toBe(message);
  });

  test('without a playbook there is nothing to check', () => {
    expect(check.run(memoryFiles(), context(ci))).toEqual([]);
  });
});
