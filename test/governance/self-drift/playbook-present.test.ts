import { describe, expect, test } from 'vitest';
import { check } from '../../../src/governance/self-drift/playbook-present.js';
import { brief, context, memoryFiles, PLAYBOOK } from './support.js';

const cases: { name: string; files: Record<string, string>; playbook?: string; want: [string, number?][] }[] = [
  { name: 'a playbook, even an empty one, is present', files: { [PLAYBOOK]: '' }, want: [] },
  { name: 'no playbook', files: {}, want: [['playbook-missing']] },
  { name: 'the path comes from the context (views.playbook-sections.path)', files: { [PLAYBOOK]: '# P\n' }, playbook: 'docs/other.md', want: [['playbook-missing']] },
];

describe('playbook-present', () => {
  test.each(cases)('$name', ({ files, playbook, want }) => {
    const ctx = context();
    const got = check.run(memoryFiles(files), playbook === undefined ? ctx : { ...ctx, paths: { ...ctx.paths, playbook } });
    expect(brief(got)).toEqual(want);
    expect(got.every((f) => f.file === (playbook ?? PLAYBOOK))).toBe(true);
  });

  test('the message names the file and the config key', () => {
    expect(check.run(memoryFiles(), context())[0]?.message).toBe(
      `the loop playbook ${PLAYBOOK} does not exist (views.playbook-sections.path); every loop takes its limits from it`,
    );
  });
});
