import { describe, expect, it } from 'vitest';
import { gate } from '../../../src/governance/soft-gates/rule-change.js';
import { memoryView, type MemoryChange } from './memory-view.js';
import { findings } from './run-gate.js';

const RULES = 'design/contracts/rules.json';
const rule = (id: string, extra: Record<string, unknown> = {}) => ({ id, category: 'color', severity: 'error', description: 'd', detector: 'tailwind-class', matchPatterns: ['bg-black'], automationStatus: 'auto', ...extra });
const file = (...rules: unknown[]) => JSON.stringify({ version: '1.0.0', rules }, null, 2);
const edit = (before: string, after: string, path = RULES): MemoryChange => ({ before: { [path]: before }, after: { [path]: after } });

describe('soft gate rule-change', () => {
  it.each<{ name: string; view: MemoryChange; options?: Record<string, unknown>; want: string[] }>([
    { name: 'a severity change names rule and field', view: edit(file(rule('A'), rule('B')), file(rule('A'), rule('B', { severity: 'warn' }))), want: [`${RULES}: rule B: severity "error" → "warn"`] },
    { name: 'a rule added and one removed', view: edit(file(rule('A'), rule('B')), file(rule('B'), rule('C'))), want: [`${RULES}: rule A is removed`, `${RULES}: rule C is added`] },
    { name: 'a detector change', view: edit(file(rule('A')), file(rule('A', { detector: 'tailwind-class-segment' }))), want: [`${RULES}: rule A: detector "tailwind-class" → "tailwind-class-segment"`] },
    { name: 'a pattern added, match patterns changed', view: edit(file(rule('A')), file(rule('A', { pattern: '^bg-x$', matchPatterns: ['bg-black', 'bg-white'] }))), want: [`${RULES}: rule A: pattern is added`, `${RULES}: rule A: matchPatterns changes`] },
    { name: 'prefix patterns removed', view: edit(file(rule('A', { prefixPatterns: ['p-'] })), file(rule('A'))), want: [`${RULES}: rule A: prefixPatterns is removed`] },
    { name: 'an alternative reworded', view: edit(file(rule('A', { alternative: 'Use bg-surface.' })), file(rule('A', { alternative: 'Use bg-bg.' }))), want: [`${RULES}: rule A: alternative "Use bg-surface." → "Use bg-bg."`] },
    { name: 'a check object changed', view: edit(file(rule('A', { tokenValueCheck: { kinds: ['color'] } })), file(rule('A', { tokenValueCheck: { kinds: ['color'], allow: ['red'] } }))), want: [`${RULES}: rule A: tokenValueCheck changes`] },
    { name: 'description, category, key order and the file version are not rule changes', view: edit(file(rule('A')), JSON.stringify({ rules: [{ ...rule('A', { description: 'new words', category: 'x' }) }].map((r) => Object.fromEntries(Object.entries(r).reverse())), version: '1.0.1' })), want: [] },
    { name: 'the fields option narrows what counts', view: edit(file(rule('A')), file(rule('A', { severity: 'warn', alternative: 'x' }))), options: { fields: ['alternative'] }, want: [`${RULES}: rule A: alternative is added`] },
    { name: 'the fields option widens it', view: edit(file(rule('A')), file(rule('A', { description: 'other' }))), options: { fields: ['description'] }, want: [`${RULES}: rule A: description "d" → "other"`] },
    { name: 'not JSON after the change: flagged, never a silent pass', view: edit(file(rule('A')), '{ "rules": ['), want: [`${RULES}: the rules file cannot be read (after the change it is not valid JSON): which rules change cannot be told`] },
    { name: 'not JSON before the change', view: edit('{', file(rule('A'))), want: [`${RULES}: the rules file cannot be read (before the change it is not valid JSON): which rules change cannot be told`] },
    { name: 'no rules array', view: edit(file(rule('A')), '{"version":"1"}'), want: [`${RULES}: the rules file cannot be read (after the change it has no "rules" array): which rules change cannot be told`] },
    { name: 'the rules file is removed', view: { before: { [RULES]: file(rule('A')) } }, want: [`${RULES}: the rules file is removed`] },
    { name: 'the rules file is added', view: { after: { [RULES]: file(rule('A')) } }, want: [`${RULES}: the rules file is added: every rule in it is new`] },
    {
      name: 'the rules file moved away',
      view: { before: { [RULES]: file(rule('A')) }, after: { 'design/rules.json': file(rule('A')) }, changes: [{ status: 'renamed', from: RULES, path: 'design/rules.json' }] },
      want: [`${RULES}: the rules file is moved to design/rules.json`],
    },
    { name: 'another file changing', view: edit(file(rule('A')), file(), 'design/other.json'), want: [] },
    { name: 'the rules option names another file', view: edit(file(rule('A')), file(), 'lint/rules.json'), options: { rules: 'lint/rules.json' }, want: ['lint/rules.json: rule A is removed'] },
    { name: 'the config names another rules file', view: { ...edit(file(rule('A')), file(), 'rules.json'), project: { rules: 'rules.json' } }, want: ['rules.json: rule A is removed'] },
    { name: 'a project below the top of the repository', view: { ...edit(file(rule('A')), file(), `packages/ds/${RULES}`), projectPrefix: 'packages/ds' }, want: [`packages/ds/${RULES}: rule A is removed`] },
    { name: 'explicit paths: the rules file is written, which rules is for a person', view: { after: { [RULES]: file() }, changes: [{ status: 'modified', path: RULES }], compares: false }, want: [`${RULES}: the rules file is written: with no old side to compare, which rules change is for a person to check`] },
  ])('$name', ({ view, options, want }) => {
    expect(findings(gate, memoryView(view), options)).toEqual(want);
  });

  it('gives rule and field as detail', () => {
    const view = memoryView(edit(file(rule('A')), file(rule('A', { severity: 'warn' }))));
    expect(gate.detect(view, gate.meta.options.parse({}) as never).map((f) => f.detail)).toEqual([{ rule: 'A', field: 'severity', change: 'changed' }]);
  });
});
