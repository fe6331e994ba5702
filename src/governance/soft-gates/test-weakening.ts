import { z } from 'zod';
import { defineSoftGate, globsOption, regexOption } from './define.js';
import { globMatcher, touches } from './match.js';

// The patterns dsctl has always used: test folders and *.test / *.spec files; expect(…) and assert…(…) calls.
const TEST_FILE = String.raw`(^|/)(test|tests|__tests__|spec)/|\.(test|spec)\.[cm]?[jt]sx?$`;
const ASSERTION = String.raw`\bexpect\s*\(|\bassert\w*\s*[.(]`;

export const gate = defineSoftGate({
  id: 'test-weakening',
  meta: {
    docs: 'A test file is deleted, or has fewer assertions after the change than before. Whether that weakens the tests (or only moves them) is for a person to decide.',
    needs: 'approval',
    blocking: true,
    stuck: 'a change weakens tests',
    question: 'Is weakening these tests intended?',
    options: z.strictObject({
      testFilePattern: regexOption('A regular expression.')
        .nullable()
        .describe('A regular expression matched against each changed path (relative to the top of the repository): a match is a test file. null: only testFileGlobs name test files.')
        .default(TEST_FILE),
      testFileGlobs: globsOption('Project-relative globs of further test files.').default([]),
      assertionPattern: regexOption('A regular expression; its matches in a test file are its assertions.').default(ASSERTION),
    }),
  },
  detect(change, options) {
    const pattern = options.testFilePattern === null ? undefined : new RegExp(options.testFilePattern);
    const globs = globMatcher(change, options.testFileGlobs);
    const isTest = (path: string) => pattern?.test(path) === true || globs(path);
    const count = (text: string | undefined) => (text ?? '').match(new RegExp(options.assertionPattern, 'g'))?.length ?? 0;
    return change.changes.flatMap((c) => {
      if (!touches(c, isTest)) return [];
      if (c.status === 'deleted') return [{ path: c.path, reason: 'a test file is deleted' }];
      const was = count(change.before(c.from ?? c.path));
      const now = count(change.after(c.path));
      return now < was ? [{ path: c.path, reason: `assertions go down from ${was} to ${now}`, detail: { before: was, after: now } }] : [];
    });
  },
});
