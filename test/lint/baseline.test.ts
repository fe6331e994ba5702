import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baselineEntries, compareWithBaseline, readBaseline, updateBaseline, type BaselineEntry } from '../../src/lint/baseline.js';
import type { FileReport } from '../../src/lint/report.js';
import type { LintResult, Violation } from '../../src/lint/types.js';
import { tempDir } from '../support/temp-dir.js';

const violation = (ruleId: string, fingerprint: string): Violation => ({ ruleId, severity: 'error', message: 'x', token: 't', line: 1, column: 1, endLine: 1, endColumn: 2, fingerprint });
const result = (violations: Violation[]): LintResult => ({
  sourceType: 'html',
  passed: violations.length === 0,
  label: violations.length === 0 ? 'lint-clean draft' : 'needs repair',
  errorCount: violations.length,
  warnCount: 0,
  violations,
  coverage: { automated: [], notAutomated: [], summary: '' } as unknown as LintResult['coverage'],
});
const linted = (file: string, ...violations: Violation[]): FileReport => ({ file, result: result(violations) });
const entry = (file: string, ruleId: string, fingerprint: string): BaselineEntry => ({ file, ruleId, fingerprint, token: 't', severity: 'error' });

describe('compareWithBaseline: what can be pruned, and why', () => {
  const entries = [entry('a.html', 'R', '1'), entry('a.html', 'R', '2'), entry('gone.html', 'R', '3'), entry('other.html', 'R', '4')];
  const exists = (file: string) => file !== 'gone.html';

  it.each([
    { name: 'a fixed finding of a linted file', reports: [linted('a.html', violation('R', '1'))], options: { exists }, want: ['fixed a.html 2', 'file-deleted gone.html 3'] },
    { name: 'nothing linted: only the deleted file', reports: [], options: { exists }, want: ['file-deleted gone.html 3'] },
    { name: 'no existence check: only fixed findings, as before', reports: [linted('a.html', violation('R', '1'))], options: {}, want: ['fixed a.html 2'] },
    { name: 'a file that was linted is never "deleted"', reports: [linted('gone.html')], options: { exists: (f: string) => f !== 'gone.html' }, want: ['fixed gone.html 3'] },
  ])('$name', ({ reports, options, want }) => {
    const comparison = compareWithBaseline(reports, entries, options);
    expect(comparison.prunable.map((e) => `${e.reason} ${e.file} ${e.fingerprint}`)).toEqual(want);
  });

  it('asks whether a file exists once per file', () => {
    const asked: string[] = [];
    compareWithBaseline([], [entry('gone.html', 'R', '1'), entry('gone.html', 'S', '2')], { exists: (f) => (asked.push(f), false) });
    expect(asked).toEqual(['gone.html']);
  });
});

describe('updateBaseline: only the entries of linted files and of deleted files in scope change', () => {
  const start = [entry('a.html', 'R', '1'), entry('b.html', 'R', '2'), entry('dir/gone.html', 'R', '3'), entry('gone.html', 'R', '4')];
  const exists = (file: string) => !file.includes('gone');

  it.each([
    { name: 'one linted file', reports: [linted('a.html', violation('R', '9'))], scope: (f: string) => f === 'a.html', want: ['a.html 9', 'b.html 2', 'dir/gone.html 3', 'gone.html 4'], update: { written: 1, files: 1, kept: 3 } },
    { name: 'a folder with a deleted file', reports: [], scope: (f: string) => f.startsWith('dir/'), want: ['a.html 1', 'b.html 2', 'gone.html 4'], update: { written: 0, files: 1, kept: 3 } },
    { name: 'a file that could not be linted keeps its entries', reports: [{ file: 'b.html', problem: { code: 'lint/too-large', message: 'x' } } as FileReport], scope: (f: string) => f === 'b.html', want: ['a.html 1', 'b.html 2', 'dir/gone.html 3', 'gone.html 4'], update: { written: 0, files: 0, kept: 4 } },
  ])('$name', ({ reports, scope, want, update }) => {
    const path = join(tempDir(), 'base.json');
    writeFileSync(path, JSON.stringify({ version: 1, entries: start }));
    expect(updateBaseline(path, 'base.json', reports, scope, exists)).toEqual(update);
    expect(readBaseline(path, 'base.json').map((e) => `${e.file} ${e.fingerprint}`)).toEqual(want);
    expect(readFileSync(path, 'utf8').endsWith('}\n')).toBe(true);
  });

  it('starts from an empty baseline when the file does not exist yet', () => {
    const path = join(tempDir(), 'new.json');
    expect(updateBaseline(path, 'new.json', [linted('a.html', violation('R', '1'))], () => false, () => true)).toEqual({ written: 1, files: 1, kept: 0 });
    expect(readBaseline(path, 'new.json')).toEqual([entry('a.html', 'R', '1')]);
  });
});

describe('a file that does not parse never disappears into a baseline', () => {
  it('is not written to a baseline, and a hand-written entry does not accept it', () => {
    const reports = [linted('broken.tsx', violation('PARSE_ERROR', 'p'), violation('R', '1'))];
    expect(baselineEntries(reports).map((e) => e.ruleId)).toEqual(['R']);
    const comparison = compareWithBaseline(reports, [entry('broken.tsx', 'PARSE_ERROR', 'p'), entry('broken.tsx', 'R', '1')]);
    expect(comparison.fresh.get('broken.tsx')?.map((v) => v.ruleId)).toEqual(['PARSE_ERROR']);
    expect(comparison.accepted).toBe(1);
  });
});
