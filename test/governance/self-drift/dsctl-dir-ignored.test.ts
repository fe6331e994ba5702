import { describe, expect, test } from 'vitest';
import { check } from '../../../src/governance/self-drift/dsctl-dir-ignored.js';
import { brief, context, memoryFiles } from './support.js';

const NOT_IGNORED = '.gitignore does not ignore .dsctl/; expected a line .dsctl/ so the run log and caches stay out of git';

// git's own rules decide (the `ignore` package), not a search for the line `.dsctl/`.
const cases: { name: string; gitignore?: string; want: [string, number?][]; message?: string }[] = [
  { name: '.dsctl/', gitignore: 'node_modules/\n.dsctl/\n', want: [] },
  { name: '/.dsctl', gitignore: '/.dsctl\n', want: [] },
  { name: '.dsctl/**', gitignore: '.dsctl/**\n', want: [] },
  { name: '.dsctl/* with !.dsctl/bin/ (the starter)', gitignore: '.dsctl/*\n!.dsctl/bin/\n', want: [] },
  { name: 'CRLF line ends', gitignore: 'node_modules/\r\n.dsctl/\r\n', want: [] },
  { name: 'not named', gitignore: 'node_modules/\n', want: [['dsctl-dir-not-ignored']], message: NOT_IGNORED },
  { name: 'only part of it', gitignore: '.dsctl/runs.jsonl\n', want: [['dsctl-dir-not-ignored']] },
  {
    name: 'a negation: at the last line that un-ignores',
    gitignore: '.dsctl/*\n!.dsctl/bin/\n!.dsctl/runs.jsonl\n',
    want: [['dsctl-dir-not-ignored', 3]],
    message: 'this line un-ignores .dsctl/; expected a line .dsctl/ so the run log and caches stay out of git',
  },
  { name: 'no .gitignore', want: [['dsctl-dir-not-ignored']], message: '.gitignore does not exist; expected a line .dsctl/ so the run log and caches stay out of git' },
];

describe('dsctl-dir-ignored', () => {
  test.each(cases)('$name', ({ gitignore, want, message }) => {
    const got = check.run(memoryFiles(gitignore === undefined ? {} : { '.gitignore': gitignore }), context());
    expect(brief(got)).toEqual(want);
    expect(got.every((f) => f.file === '.gitignore')).toBe(true);
    if (message !== undefined) expect(got[0]?.message).toBe(message);
  });
});
