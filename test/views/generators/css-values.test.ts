import { describe, expect, it } from 'vitest';
import type { TokenType } from '../../../src/contracts/token-types.js';
import { cssValue, cssVarName, fontFamilyList } from '../../../src/views/generators/css-values.js';

const asVar = (target: string) => `var(${cssVarName(target)})`;

describe('cssValue', () => {
  it.each<[TokenType, unknown, string | undefined]>([
    ['color', '#3549CF', '#3549cf'],
    ['color', '#abc', '#aabbcc'],
    ['color', { colorSpace: 'srgb', components: [0.2078, 0.2863, 0.8118], alpha: 1 }, '#3549cf'],
    ['color', { colorSpace: 'srgb', components: [0, 0, 0], alpha: 0.5 }, '#00000080'],
    ['color', { colorSpace: 'oklch', components: [0.5, 0, 0] }, '#636363'],
    ['dimension', { value: 16, unit: 'px' }, '16px'],
    ['dimension', { value: 0.875, unit: 'rem' }, '0.875rem'],
    ['dimension', { value: -0, unit: 'px' }, '0px'],
    ['duration', { value: 120, unit: 'ms' }, '120ms'],
    ['number', 1.5, '1.5'],
    ['fontWeight', 600, '600'],
    ['fontWeight', 'semi-bold', '600'],
    ['fontFamily', 'Inter', '"Inter"'],
    ['fontFamily', ['Public Sans', 'system-ui', 'sans-serif'], '"Public Sans", system-ui, sans-serif'],
    ['cubicBezier', [0.2, 0, 0, 1], 'cubic-bezier(0.2, 0, 0, 1)'],
    ['strokeStyle', 'dashed', 'dashed'],
    ['border', { color: '#000000', width: { value: 1, unit: 'px' }, style: 'solid' }, '1px solid #000000'],
    ['transition', { duration: { value: 200, unit: 'ms' }, delay: { value: 0, unit: 'ms' }, timingFunction: [0, 0, 1, 1] }, '200ms cubic-bezier(0, 0, 1, 1) 0ms'],
    [
      'shadow',
      { color: '#00000024', offsetX: { value: 0, unit: 'px' }, offsetY: { value: 1, unit: 'px' }, blur: { value: 2, unit: 'px' }, spread: { value: 0, unit: 'px' } },
      '0px 1px 2px 0px #00000024',
    ],
    [
      'shadow',
      [
        { color: '#000000', offsetX: { value: 0, unit: 'px' }, offsetY: { value: 1, unit: 'px' }, blur: { value: 2, unit: 'px' }, spread: { value: 0, unit: 'px' }, inset: true },
        { color: '#ffffff', offsetX: { value: 0, unit: 'px' }, offsetY: { value: 0, unit: 'px' }, blur: { value: 1, unit: 'px' }, spread: { value: 0, unit: 'px' } },
      ],
      'inset 0px 1px 2px 0px #000000, 0px 0px 1px 0px #ffffff',
    ],
    [
      'gradient',
      [
        { color: '#000000', position: 0 },
        { color: '#ffffff', position: 0.5 },
      ],
      'linear-gradient(#000000 0%, #ffffff 50%)',
    ],
    [
      'typography',
      { fontFamily: ['Inter', 'sans-serif'], fontSize: { value: 16, unit: 'px' }, fontWeight: 400, letterSpacing: { value: 0, unit: 'px' }, lineHeight: 1.5 },
      '400 16px/1.5 "Inter", sans-serif',
    ],
    ['dimension', '{spacing.4}', undefined],
    ['number', 'wide', undefined],
  ])('%s %j → %s', (type, value, want) => {
    expect(cssValue(type, value, undefined)).toBe(want);
  });

  it.each<[TokenType, unknown, string]>([
    ['color', '{color.brand.600}', 'var(--color-brand-600)'],
    [
      'shadow',
      { color: '{color.effect.shadow}', offsetX: { value: 0, unit: 'px' }, offsetY: { value: 1, unit: 'px' }, blur: { value: 2, unit: 'px' }, spread: { value: 0, unit: 'px' } },
      '0px 1px 2px 0px var(--color-effect-shadow)',
    ],
    ['border', { color: '{color.border}', width: '{border.width}', style: 'solid' }, 'var(--border-width) solid var(--color-border)'],
    ['gradient', [{ color: '#000000', position: '{stop.mid}' }], 'linear-gradient(#000000 calc(var(--stop-mid) * 100%))'],
  ])('%s %j with aliases as var() → %s', (type, value, want) => {
    expect(cssValue(type, value, asVar)).toBe(want);
  });
});

describe('cssVarName', () => {
  it.each([
    ['color.brand.600', '--color-brand-600'],
    ['font.size.2xl', '--font-size-2xl'],
    ['z-index.modal', '--z-index-modal'],
    ['space.half step', '--space-half\\ step'],
  ])('%s → %s', (path, want) => {
    expect(cssVarName(path)).toBe(want);
  });
});

describe('fontFamilyList', () => {
  it('quotes family names, not generic keywords, and escapes quotes', () => {
    expect(fontFamilyList(['Say "Hi"', 'ui-monospace', 'monospace'])).toBe('"Say \\"Hi\\"", ui-monospace, monospace');
    expect(fontFamilyList([])).toBeUndefined();
  });
});
