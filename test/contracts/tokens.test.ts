import { describe, expect, it } from 'vitest';
import { parseJsonDocument } from '../../src/diagnostics/json-source.js';
import { parseTokens } from '../../src/contracts/tokens.js';

const parse = (value: unknown) => parseTokens(parseJsonDocument(JSON.stringify(value, null, 2), 'tokens.json'));

describe('parseTokens: valid DTCG 2025.10', () => {
  const { tokens, problems } = parse({
    color: {
      $type: 'color',
      $description: 'Colour',
      brand: {
        600: { $value: '#1f6feb' },
        700: { $value: { colorSpace: 'srgb', components: [0.1, 0.3, 0.8], alpha: 1, hex: '#1a4dcc' } },
      },
      semantic: { primary: { $value: '{color.brand.600}' }, 'primary-strong': { $value: '{color.semantic.primary}' } },
      legacy: { $deprecated: 'Use color.semantic.primary.', accent: { $value: '#ff00aa' }, kept: { $value: '#000000', $deprecated: false } },
    },
    space: { $type: 'dimension', 4: { $value: { value: 16, unit: 'px' } }, 'four-rem': { $value: { value: 1, unit: 'rem' } } },
    motion: { fast: { $type: 'duration', $value: { value: 120, unit: 'ms' } }, ease: { $type: 'cubicBezier', $value: [0.2, 0, 0, 1] } },
    font: { family: { $type: 'fontFamily', sans: { $value: ['Inter', 'sans-serif'] } }, weight: { $type: 'fontWeight', bold: { $value: 700 }, medium: { $value: 'medium' } } },
    shadow: {
      $type: 'shadow',
      sm: { $value: { color: '{color.brand.700}', offsetX: { value: 0, unit: 'px' }, offsetY: { value: 1, unit: 'px' }, blur: { value: 2, unit: 'px' }, spread: { value: 0, unit: 'px' } } },
    },
  });

  it('reports no problem', () => expect(problems).toEqual([]));

  it('inherits $type from groups and resolves aliases through chains', () => {
    const strong = tokens.tokens.get('color.semantic.primary-strong');
    expect(strong).toMatchObject({ type: 'color', value: '{color.semantic.primary}', resolved: '#1f6feb' });
    expect(strong?.aliasChain).toEqual(['color.semantic.primary', 'color.brand.600']);
    expect(tokens.tokens.get('space.4')).toMatchObject({ type: 'dimension', resolved: { value: 16, unit: 'px' } });
  });

  it('resolves aliases inside composite values', () => {
    expect(tokens.tokens.get('shadow.sm')?.resolved).toMatchObject({ color: { hex: '#1a4dcc' } });
  });

  it('inherits $deprecated from groups unless a token says false', () => {
    expect(tokens.tokens.get('color.legacy.accent')?.deprecated).toBe('Use color.semantic.primary.');
    expect(tokens.tokens.get('color.legacy.kept')?.deprecated).toBeUndefined();
  });

  it('keeps the source position of every token', () => {
    expect(tokens.tokens.get('color.brand.600')).toMatchObject({ pointer: '/color/brand/600', line: 6, column: 7 });
  });

  it('counts every token', () => expect(tokens.tokens.size).toBe(14));
});

describe('parseTokens: problems', () => {
  it.each([
    {
      name: 'an alias cycle, naming both paths',
      given: { c: { $type: 'color', a: { $value: '{c.b}' }, b: { $value: '{c.a}' } } },
      want: [{ code: 'token/alias-cycle', message: 'alias cycle: "c.a" → "c.b" → "c.a"', pointer: '/c/a/$value' }],
    },
    {
      name: 'an alias to a missing token, with a suggestion',
      given: { c: { $type: 'color', brand: { $value: '#fff' }, a: { $value: '{c.brnd}' } } },
      want: [{ code: 'token/alias-unknown', message: 'token "c.a" is an alias of "c.brnd", which does not exist', hint: 'did you mean "c.brand"?' }],
    },
    {
      name: 'a token with no type anywhere',
      given: { size: { $value: 4 } },
      want: [{ code: 'token/missing-type', message: 'token "size" has no $type (on the token or any parent group)', pointer: '/size' }],
    },
    {
      name: 'a bad hex colour',
      given: { c: { $type: 'color', a: { $value: '#12' } } },
      want: [{ code: 'token/invalid-value', message: 'token "c.a" (color): expected a hex colour (#rgb, #rrggbb, #rrggbbaa) or a DTCG colour object, got "#12"' }],
    },
    {
      name: 'a dimension written as a CSS string',
      given: { s: { $type: 'dimension', a: { $value: '16px' } } },
      want: [{ code: 'token/invalid-value', message: 'token "s.a" (dimension): expected a dimension object { "value": number, "unit": "px" | "rem" }' }],
    },
    {
      name: 'an alias whose target has another type',
      given: { s: { $type: 'dimension', a: { $value: { value: 1, unit: 'px' } } }, c: { $type: 'color', a: { $value: '{s.a}' } } },
      want: [{ code: 'token/alias-type-mismatch', message: 'token "c.a" has $type color but its alias target "s.a" is dimension' }],
    },
    {
      name: 'a composite referring to a missing token',
      given: { b: { $type: 'border', a: { $value: { color: '{nope}', width: { value: 1, unit: 'px' }, style: 'solid' } } } },
      want: [{ code: 'token/alias-unknown', message: 'token "b.a" refers to "nope", which does not exist', pointer: '/b/a/$value/color' }],
    },
    {
      name: 'a pre-DTCG token file',
      given: { color: { primary: { value: '#fff', type: 'color' } } },
      want: [{ code: 'token/not-dtcg', pointer: '/color/primary/value' }],
    },
    {
      name: 'a file that is not an object',
      given: ['#fff'],
      want: [{ code: 'token/not-dtcg', message: 'expected a DTCG token file: a JSON object of groups and tokens' }],
    },
  ])('reports $name', ({ given, want }) => {
    const { problems } = parse(given);
    expect(problems).toHaveLength(want.length);
    want.forEach((w, i) => expect(problems[i]).toMatchObject({ severity: 'error', file: 'tokens.json', ...w }));
  });

  it('gives line and column for every problem', () => {
    const { problems } = parse({ c: { $type: 'color', a: { $value: '{c.b}' }, b: { $value: '{c.a}' } } });
    expect(problems[0]).toMatchObject({ line: 5, column: 17 });
  });

  it('leaves tokens that depend on a broken one out of the set, without extra noise', () => {
    const { tokens, problems } = parse({ c: { $type: 'color', a: { $value: '{c.missing}' }, b: { $value: '{c.a}' }, ok: { $value: '#000' } } });
    expect(problems.map((p) => p.code)).toEqual(['token/alias-unknown']);
    expect([...tokens.tokens.keys()]).toEqual(['c.ok']);
  });
});
