import { describe, expect, it } from 'vitest';
import { parseJsonDocument } from '../../src/diagnostics/json-source.js';
import { parseRules } from '../../src/contracts/rules.js';
import { createContractValidator } from '../../src/contracts/schema-validation.js';
import { tempDir } from '../support/temp-dir.js';

const base = { category: 'color', severity: 'error', description: 'd', automationStatus: 'auto', alternative: 'use a token' };

function check(rules: unknown[]) {
  const doc = parseJsonDocument(JSON.stringify({ version: '1', rules }, null, 2), 'rules.json');
  // An empty schemas folder: only dsctl's built-in schemas apply (the missing-schema problems are not under test).
  const validator = createContractValidator(tempDir(), 'design/schemas');
  return [...validator.validate('rules', doc), ...parseRules(doc).problems];
}

describe('rules: valid', () => {
  it.each([
    { id: 'NO_BLACK', detector: 'tailwind-class', matchPatterns: ['text-black'] },
    { id: 'NO_ARBITRARY', detector: 'tailwind-class', pattern: '^[a-z-]+-\\[[^\\]]+\\]$' },
    { id: 'NO_Z', detector: 'tailwind-class-prefix', prefixPatterns: ['z-'] },
    { id: 'NO_PALETTE', detector: 'tailwind-class-segment', matchPatterns: ['blue', 'red'] },
    { id: 'IMG_ALT', detector: 'html-attr', htmlAttrCheck: { kind: 'tag-missing-attr', tags: ['img'], attrs: ['alt'] } },
    { id: 'NO_TABINDEX', detector: 'html-attr', htmlAttrCheck: { kind: 'attr-value-forbidden', attr: 'tabindex', valuePattern: '^[1-9][0-9]*$' } },
    { id: 'CARD_NEST', detector: 'composition', compositionCheck: { kind: 'nested-selector', selector: '.card', nested: '.card' } },
    { id: 'ICON_LABEL', detector: 'composition', compositionCheck: { kind: 'dom-attr-required', selector: 'button', requireAnyAttr: ['aria-label'], when: 'icon-only' } },
    { id: 'RAW_COLOR', detector: 'token-value', tokenValueCheck: { kinds: ['color'], allow: ['transparent'] } },
    { id: 'CONTRAST', detector: 'contrast', contrastCheck: { minRatio: 4.5, largeTextMinRatio: 3 } },
    { id: 'BRAND_VOICE', detector: 'manual', automationStatus: 'human-only' },
  ])('accepts $id ($detector)', (rule) => {
    expect(check([{ ...base, ...rule }])).toEqual([]);
  });
});

describe('rules: problems', () => {
  it.each([
    {
      name: 'a ReDoS pattern, naming the rule',
      rule: { id: 'EVIL', detector: 'tailwind-class', pattern: '(a+)+$' },
      want: { code: 'rule/pattern-redos', message: 'rule EVIL: pattern "(a+)+$" can backtrack catastrophically (ReDoS) on hostile input', pointer: '/rules/0/pattern' },
    },
    {
      name: 'a ReDoS valuePattern',
      rule: { id: 'EVIL', detector: 'html-attr', htmlAttrCheck: { kind: 'attr-value-forbidden', attr: 'x', valuePattern: '(x*)*y' } },
      want: { code: 'rule/pattern-redos', pointer: '/rules/0/htmlAttrCheck/valuePattern' },
    },
    {
      name: 'a pattern that does not compile',
      rule: { id: 'BROKEN', detector: 'tailwind-class', pattern: 'bg-[' },
      want: { code: 'rule/pattern-invalid', pointer: '/rules/0/pattern' },
    },
    {
      name: 'an unknown detector',
      rule: { id: 'ODD', detector: 'css-magic' },
      want: { code: 'schema/invalid', pointer: '/rules/0/detector', message: expect.stringContaining('expected one of "tailwind-class"') },
    },
    {
      name: 'composition without compositionCheck',
      rule: { id: 'NEST', detector: 'composition' },
      want: { code: 'rule/check-missing', message: 'rule NEST: detector "composition" needs "compositionCheck"', pointer: '/rules/0' },
    },
    {
      name: 'a check object the detector does not read',
      rule: { id: 'MIX', detector: 'tailwind-class', matchPatterns: ['x'], contrastCheck: {} },
      want: { code: 'rule/check-unused', message: 'rule MIX: detector "tailwind-class" does not read "contrastCheck"' },
    },
    {
      name: 'a tailwind rule with nothing to match',
      rule: { id: 'EMPTY', detector: 'tailwind-class-segment' },
      want: { code: 'rule/check-missing', message: 'rule EMPTY: detector "tailwind-class-segment" needs one of matchPatterns' },
    },
    {
      name: 'an unknown key in a check object',
      rule: { id: 'TYPO', detector: 'html-attr', htmlAttrCheck: { kind: 'tag-present', tags: ['font'], tag: 'b' } },
      want: { code: 'schema/invalid', pointer: '/rules/0/htmlAttrCheck/tag', message: expect.stringContaining('unknown key "tag"') },
    },
    {
      name: 'an unknown check kind',
      rule: { id: 'KIND', detector: 'html-attr', htmlAttrCheck: { kind: 'tag-absent', tags: ['x'] } },
      want: { code: 'schema/invalid', pointer: '/rules/0/htmlAttrCheck', message: expect.stringContaining('unknown kind "tag-absent"; expected one of "attr-value-forbidden"') },
    },
    {
      name: 'attr-value-forbidden with nothing to forbid',
      rule: { id: 'NOTHING', detector: 'html-attr', htmlAttrCheck: { kind: 'attr-value-forbidden', attr: 'x' } },
      want: { code: 'schema/invalid', message: 'needs one of "values", "valuePattern" at /rules/0/htmlAttrCheck (rules.schema.json)' },
    },
    {
      name: 'text-glyph without glyphs',
      rule: { id: 'GLYPH', detector: 'composition', compositionCheck: { kind: 'dom-attr-required', selector: 'button', requireAnyAttr: ['aria-label'], when: 'text-glyph' } },
      want: { code: 'schema/invalid', message: expect.stringContaining('missing required key "glyphs"') },
    },
    {
      name: 'a selector css-select cannot run',
      rule: { id: 'SEL', detector: 'composition', compositionCheck: { kind: 'nested-selector', selector: '.card', nested: '.card:::x' } },
      want: { code: 'rule/selector-invalid', pointer: '/rules/0/compositionCheck/nested' },
    },
    {
      name: 'a manual rule claiming to be automated',
      rule: { id: 'MANUAL', detector: 'manual', automationStatus: 'auto' },
      want: { code: 'rule/automation-mismatch', pointer: '/rules/0/automationStatus' },
    },
    {
      name: 'a lower-case id',
      rule: { id: 'lower', detector: 'manual', automationStatus: 'human-only' },
      want: { code: 'schema/invalid', pointer: '/rules/0/id' },
    },
  ])('reports $name', ({ rule, want }) => {
    const problems = check([{ ...base, ...rule }]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ severity: 'error', file: 'rules.json', ...want });
    expect(problems[0]?.line).toBeGreaterThan(0);
  });

  it('reports a duplicate id at the second rule, naming the first', () => {
    const problems = check([
      { ...base, id: 'SAME', detector: 'manual', automationStatus: 'human-only' },
      { ...base, id: 'SAME', detector: 'manual', automationStatus: 'human-only' },
    ]);
    expect(problems).toMatchObject([{ code: 'rule/duplicate-id', pointer: '/rules/1/id', message: 'rule id "SAME" is used twice (first at /rules/0)' }]);
  });
});
