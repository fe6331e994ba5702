import { describe, expect, it } from 'vitest';
import { found, linterFor, lintWith } from '../support/lint.js';

const RULES = [
  { id: 'NO_BLACK', detector: 'tailwind-class', matchPatterns: ['text-black'], alternative: 'text-fg' },
  { id: 'SOFT', detector: 'tailwind-class', matchPatterns: ['italic'], severity: 'warn' },
  { id: 'BRAND', detector: 'manual', automationStatus: 'human-only' },
  { id: 'CONTEXTUAL', detector: 'tailwind-class', matchPatterns: ['x'], requiresContext: true, automationStatus: 'llm-judge-candidate' },
];

describe('lint()', () => {
  it('labels a clean source as a lint-clean draft, never as approved', async () => {
    const result = await lintWith(RULES, '<p class="text-fg italic">x</p>');
    expect(result).toMatchObject({ passed: true, label: 'lint-clean draft', errorCount: 0, warnCount: 1 });
  });

  it('fails on errors and carries the alternative and a fingerprint', async () => {
    const result = await lintWith(RULES, '<p class="text-black">x</p>');
    expect(result).toMatchObject({ passed: false, label: 'needs repair', errorCount: 1 });
    expect(result.violations[0]).toMatchObject({ ruleId: 'NO_BLACK', alternative: 'text-fg', token: 'text-black' });
    expect(result.violations[0]?.fingerprint).toMatch(/^[0-9a-f]{20}$/);
  });

  it('says which rules it did not run, and why', async () => {
    const { coverage } = await lintWith(RULES, '<p>x</p>');
    expect(coverage.automated).toEqual(['NO_BLACK', 'SOFT']);
    expect(coverage.notAutomated).toEqual([
      { ruleId: 'BRAND', automationStatus: 'human-only', reason: 'manual' },
      { ruleId: 'CONTEXTUAL', automationStatus: 'llm-judge-candidate', reason: 'requires-context' },
    ]);
    expect(coverage.summary).toBe('2 of 4 rules checked automatically; 2 not checked here (1 human-only, 1 llm-judge-candidate): a person or another check must cover them');
  });

  it('lists findings at one place by rule id, whatever the order of the rules', async () => {
    const rules = ['AB', 'A_B', 'AC'].map((id) => ({ id, detector: 'tailwind-class', matchPatterns: ['text-black'] }));
    const want = ['1:11 text-black A_B', '1:11 text-black AB', '1:11 text-black AC'];
    expect(found(await lintWith(rules, '<p class="text-black">x</p>'))).toEqual(want);
    expect(found(await lintWith([...rules].reverse(), '<p class="text-black">x</p>'))).toEqual(want);
  });

  it('tells repeated identical findings apart by their order, and keeps each one', async () => {
    const linter = await linterFor(RULES);
    const line = '<p class="text-black">x</p>';
    const fingerprints = (source: string) => linter.lint(source, { sourceType: 'html' }).violations.map((v) => v.fingerprint);
    const [first, second, third] = fingerprints(`${line}\n${line}\n${line}`);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(fingerprints(line)).toEqual([first]);
    // Blank lines and indentation between them change nothing.
    expect(fingerprints(`<div>\n${line}\n\n\t${line}\n    ${line}\n</div>`)).toEqual([first, second, third]);
  });

  it('keeps fingerprints when code moves', async () => {
    const linter = await linterFor(RULES);
    const before = linter.lint('<p class="text-black">x</p>', { sourceType: 'html' }).violations[0]?.fingerprint;
    const after = linter.lint('<div>\n\n  <p class="text-black">x</p>\n</div>', { sourceType: 'html' }).violations[0]?.fingerprint;
    expect(after).toBe(before);
  });

  it('reports a source it cannot parse as one finding instead of throwing', async () => {
    const result = await lintWith(RULES, 'const A = () => <div className="text-black">;\n', 'tsx');
    expect(result.passed).toBe(false);
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]).toMatchObject({ ruleId: 'PARSE_ERROR', severity: 'error' });
  });

  it.each([
    ['unclosed tags', '<div><p class="text-black">x'],
    ['stray end tags', '</span></div><p class="text-black">x</p>'],
    ['a broken attribute', '<p class="text-black>x</p>'],
    ['an unterminated comment', '<p class="text-black">x</p><!-- never closed'],
  ])('never throws on malformed markup: %s', async (_name, html) => {
    const result = await lintWith(RULES, html);
    expect(result.sourceType).toBe('html');
  });

  describe('hostile input finishes', () => {
    it('deep nesting', async () => {
      const depth = 50_000;
      const html = '<div>'.repeat(depth) + '<p class="text-black">x</p>' + '</div>'.repeat(depth);
      expect(found(await lintWith(RULES, html))).toEqual([`1:${depth * 5 + 11} text-black NO_BLACK`]);
    });

    it('a 1 MB attribute', async () => {
      const html = `<p title="${'a'.repeat(1_000_000)}" class="text-black">x</p>`;
      expect((await lintWith(RULES, html)).violations).toHaveLength(1);
    });

    it('a huge class list', async () => {
      const html = `<p class="${'p-4 '.repeat(100_000)}text-black">x</p>`;
      expect((await lintWith(RULES, html)).violations).toHaveLength(1);
    });
  });
});
