import { describe, expect, it } from 'vitest';
import { FORMATTERS } from '../../src/diagnostics/formatters/index.js';
import type { Formatter } from '../../src/diagnostics/results.js';
import { lintFormatInput, lintJsonData, type LintOutput } from '../../src/lint/output.js';
import type { LintResult, Violation } from '../../src/lint/types.js';

const plain = new Proxy({} as Parameters<typeof lintFormatInput>[2], { get: () => (s: string) => s });
const violation = (ruleId: string): Violation => ({ ruleId, severity: 'error', message: ruleId === 'PARSE_ERROR' ? 'could not parse this tsx source: Unexpected token' : 'x', token: 't', line: 1, column: 1, endLine: 1, endColumn: 2, fingerprint: 'f' });
const result = (violations: Violation[], unchecked: LintResult['coverage']['unchecked'] = []): LintResult => ({
  sourceType: 'tsx',
  passed: violations.length === 0,
  label: violations.length === 0 ? 'lint-clean draft' : 'needs repair',
  errorCount: violations.length,
  warnCount: 0,
  violations,
  coverage: { automated: ['R'], notAutomated: [], unchecked, summary: '1 of 1 rules checked automatically' },
});
const output = (results: Record<string, LintResult>): LintOutput => ({
  reports: Object.entries(results).map(([file, r]) => ({ file, result: r })),
  rules: [{ id: 'R', category: 'c', severity: 'error', description: 'd', detector: 'tailwind-class', matchPatterns: ['t'], automationStatus: 'auto' }],
  coverage: { automated: ['R'], notAutomated: [], summary: '1 of 1 rules checked automatically' },
  errorCount: 1,
  warnCount: 0,
  fileProblemCount: 0,
  toolVersion: '1.0.0',
});

describe('lint output', () => {
  it('says the run did not succeed in SARIF when a source did not parse, with a PARSE_ERROR rule entry', () => {
    const { results, context } = lintFormatInput(output({ 'a.tsx': result([violation('PARSE_ERROR')]) }), false, plain);
    const log = JSON.parse((FORMATTERS['sarif'] as Formatter).format(results, context)) as { runs: { invocations: { executionSuccessful: boolean }[]; tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string; ruleIndex?: number }[] }[] };
    expect(log.runs[0]?.invocations[0]?.executionSuccessful).toBe(false);
    expect(log.runs[0]?.tool.driver.rules.map((r) => r.id)).toEqual(['PARSE_ERROR', 'R']);
    expect(log.runs[0]?.results[0]).toMatchObject({ ruleId: 'PARSE_ERROR', ruleIndex: 0 });
    const clean = lintFormatInput(output({ 'a.tsx': result([violation('R')]) }), false, plain);
    expect(clean.context.executionSuccessful).toBe(true);
  });

  it('says under a file with findings what it left unchecked, counts it once for the others, and lists rule coverage once per run in JSON', () => {
    const unchecked = [
      { line: 3, column: 5, reason: 'spread props are not checked' },
      { line: 9, column: 2, reason: 'spread props are not checked' },
      { line: 12, column: 7, reason: 'className={styles.x} is not checked' },
    ];
    const out = output({ 'a.tsx': result([violation('R')], unchecked), 'b.tsx': result([], unchecked), 'c.tsx': result([], unchecked.slice(0, 1)) });
    const { results, context } = lintFormatInput(out, false, plain);
    const text = (FORMATTERS['stylish'] as Formatter).format(results, context);
    expect(text).toContain('  3 places not checked: spread props are not checked; className={styles.x} is not checked (--format json lists them)\n');
    expect(text).not.toContain('b.tsx');
    expect(context.notes).toContain('4 places in 2 files without findings not checked: spread props are not checked (3); className={styles.x} is not checked (1) (--format json lists them)');
    const data = lintJsonData(out) as { coverage: unknown; results: { coverage: Record<string, unknown> }[] };
    expect(data.coverage).toEqual(out.coverage);
    expect(data.results[0]?.coverage).toEqual({ unchecked });
  });
});
