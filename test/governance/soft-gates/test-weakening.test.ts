import { describe, expect, it } from 'vitest';
import { gate } from '../../../src/governance/soft-gates/test-weakening.js';
import { memoryView, type MemoryChange } from './memory-view.js';
import { findings } from './run-gate.js';

const two = 'expect(1).toBe(1);\nexpect(2).toBe(2);\n';
const one = 'expect(1).toBe(1);\n';

describe('soft gate test-weakening', () => {
  it.each<{ name: string; view: MemoryChange; options?: Record<string, unknown>; want: string[] }>([
    { name: 'fewer assertions in a test file', view: { before: { 'test/a.test.ts': two }, after: { 'test/a.test.ts': one } }, want: ['test/a.test.ts: assertions go down from 2 to 1'] },
    { name: 'as many or more assertions', view: { before: { 'test/a.test.ts': one, 'test/b.test.ts': one }, after: { 'test/a.test.ts': 'expect(9).toBe(9);\n', 'test/b.test.ts': two } }, want: [] },
    { name: 'a deleted test file', view: { before: { 'src/x.spec.js': one } }, want: ['src/x.spec.js: a test file is deleted'] },
    { name: 'a deleted test without assertions still counts', view: { before: { 'tests/empty.ts': '' } }, want: ['tests/empty.ts: a test file is deleted'] },
    { name: 'assert calls count too, in __tests__', view: { before: { 'pkg/__tests__/x.js': 'assert.equal(1, 1);\nassertThat(x);\n' }, after: { 'pkg/__tests__/x.js': 'assert.equal(1, 1);\n' } }, want: ['pkg/__tests__/x.js: assertions go down from 2 to 1'] },
    { name: 'a file that is not a test', view: { before: { 'src/util.ts': two }, after: { 'src/util.ts': '' } }, want: [] },
    {
      name: 'a rename compares with the old path',
      view: { before: { 'test/a.test.ts': two }, after: { 'test/b.test.ts': one }, changes: [{ status: 'renamed', from: 'test/a.test.ts', path: 'test/b.test.ts' }] },
      want: ['test/b.test.ts: assertions go down from 2 to 1'],
    },
    { name: 'explicit paths have no old side: nothing to count against', view: { after: { 'test/a.test.ts': '' }, changes: [{ status: 'modified', path: 'test/a.test.ts' }], compares: false }, want: [] },
    { name: 'a custom assertion pattern', view: { before: { 'test/a.test.ts': 't.is(1, 1);\nt.is(2, 2);\n' }, after: { 'test/a.test.ts': 't.is(1, 1);\n' } }, options: { assertionPattern: String.raw`\bt\.is\(` }, want: ['test/a.test.ts: assertions go down from 2 to 1'] },
    { name: 'the default assertion pattern does not see t.is', view: { before: { 'test/a.test.ts': 't.is(1, 1);\nt.is(2, 2);\n' }, after: { 'test/a.test.ts': 't.is(1, 1);\n' } }, want: [] },
    { name: 'globs add test files', view: { before: { 'checks/a.js': two } }, options: { testFileGlobs: ['checks/**'] }, want: ['checks/a.js: a test file is deleted'] },
    { name: 'with testFilePattern null only the globs name test files', view: { before: { 'test/a.test.ts': two, 'checks/a.js': two } }, options: { testFilePattern: null, testFileGlobs: ['checks/**'] }, want: ['checks/a.js: a test file is deleted'] },
    { name: 'a custom test-file pattern replaces the default', view: { before: { 'test/a.test.ts': two, 'src/a.check.ts': two } }, options: { testFilePattern: String.raw`\.check\.ts$` }, want: ['src/a.check.ts: a test file is deleted'] },
    { name: 'globs are project-relative', view: { before: { 'packages/design/checks/a.js': two, 'checks/b.js': two }, projectPrefix: 'packages/design' }, options: { testFilePattern: null, testFileGlobs: ['checks/**'] }, want: ['packages/design/checks/a.js: a test file is deleted'] },
  ])('$name', ({ view, options, want }) => {
    expect(findings(gate, memoryView(view), options)).toEqual(want);
  });

  it('refuses a pattern that does not compile or can backtrack catastrophically', () => {
    expect(gate.meta.options.safeParse({ assertionPattern: '(' }).error?.issues[0]?.message).toContain('does not compile');
    expect(gate.meta.options.safeParse({ testFilePattern: '(a+)+$' }).error?.issues[0]?.message).toContain('ReDoS');
    expect(gate.meta.options.safeParse({ testFileGlob: [] }).success).toBe(false);
  });

  it('gives the counts as detail', () => {
    const [flag] = gate.detect(memoryView({ before: { 'test/a.test.ts': two }, after: { 'test/a.test.ts': one } }), gate.meta.options.parse({}) as never);
    expect(flag?.detail).toEqual({ before: 2, after: 1 });
  });
});
