import { describe, expect, test } from 'vitest';
import { check } from '../../../src/governance/self-drift/playbook-mentions.js';
import { brief, context, memoryFiles, PLAYBOOK } from './support.js';

const PACKAGE = JSON.stringify({ scripts: { 'design:check': 'dsctl check', 'design:drift': 'dsctl drift' } });

const cases: {
  name: string;
  md: string;
  pkg?: string | undefined;
  commands?: string[];
  want: [string, number?][];
  message?: string;
  details?: readonly string[];
}[] = [
  { name: 'known scripts and commands', md: '# P\n\n`npm run design:check`, `dsctl lint --baseline`, `dsctl gate check --staged`\n', want: [] },
  {
    name: 'a mistyped script gets a suggestion',
    md: '# P\n\n`npm run design:chek`\n',
    want: [['playbook-unknown-npm-script', 3]],
    message: '"npm run design:chek" is not a script in package.json (did you mean "design:check"?)',
  },
  {
    name: 'nothing close: the scripts are listed',
    md: '# P\n\n`npm run release`\n',
    want: [['playbook-unknown-npm-script', 3]],
    message: '"npm run release" is not a script in package.json (it has design:check, design:drift)',
  },
  {
    name: 'a package.json without scripts',
    md: '# P\n\n`npm run release`\n',
    pkg: '{}',
    want: [['playbook-unknown-npm-script', 3]],
    message: '"npm run release" is not a script in package.json (it has no scripts)',
  },
  {
    name: 'no package.json',
    md: '# P\n\n`npm run design:check`\n',
    pkg: undefined,
    want: [['playbook-unknown-npm-script', 3]],
    message: '"npm run design:check" names a package script, but the project has no package.json',
  },
  {
    name: 'a package.json that is not JSON',
    md: '# P\n\n`npm run design:check`\n',
    pkg: '{ nope',
    want: [['playbook-unknown-npm-script', 3]],
    message: '"npm run design:check" names a package script, but package.json is not valid JSON',
  },
  {
    name: 'one finding per unknown script, the other mentions in details',
    md: '# P\n\n`npm run gone`\n\n```sh\nnpm run gone\nnpm run gone -- --x\n```\n',
    want: [['playbook-unknown-npm-script', 3]],
    details: ['also mentioned at lines 6, 7'],
  },
  {
    name: 'an unknown top-level command lists the top-level commands',
    md: '# P\n\n`dsctl frobnicate`\n',
    commands: ['lint', 'gate', 'gate check', 'gate approve'],
    want: [['playbook-unknown-command', 3]],
    message: '"dsctl frobnicate": "frobnicate" is not a dsctl command (the commands are gate, lint)',
  },
  {
    name: 'an unknown subcommand lists the subcommands of its group',
    md: '# P\n\n`dsctl gate frobnicate --staged`\n',
    commands: ['lint', 'gate check', 'gate approve'],
    want: [['playbook-unknown-command', 3]],
    message: '"dsctl gate frobnicate": "gate frobnicate" is not a dsctl command (the commands are gate approve, gate check)',
  },
  { name: 'a group named on its own', md: '# P\n\n`dsctl gate`\n', commands: ['gate check'], want: [] },
  { name: 'prose is not a mention', md: '# P\n\nRun dsctl frobnicate or npm run gone.\n', want: [] },
];

describe('playbook-mentions', () => {
  test.each(cases)('$name', (c) => {
    const files = memoryFiles({ [PLAYBOOK]: c.md, ...('pkg' in c ? (c.pkg === undefined ? {} : { 'package.json': c.pkg }) : { 'package.json': PACKAGE }) });
    const got = check.run(files, context({}, c.commands ? { commands: new Set(c.commands) } : {}));
    expect(brief(got)).toEqual(c.want);
    if (c.message !== undefined) expect(got[0]?.message).toBe(c.message);
    expect(got[0]?.details).toEqual(c.details);
  });

  test('package.json is not read when the playbook names no script', () => {
    const files = memoryFiles({ [PLAYBOOK]: '# P\n\n`dsctl lint`\n' });
    expect(check.run(files, context())).toEqual([]);
    expect(files.reads).toEqual([PLAYBOOK]);
  });

  test('without a playbook there is nothing to check (playbook-present says so)', () => {
    expect(check.run(memoryFiles({ 'package.json': PACKAGE }), context())).toEqual([]);
  });
});
