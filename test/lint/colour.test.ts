import { describe, expect, it } from 'vitest';
import {
  colourDistance,
  compositeOver,
  contrastRatio,
  isColourWord,
  parseCssColour,
  parseDtcgColour,
  toHex,
  tokenColour,
  type Colour,
} from '../../src/lint/colour.js';
import type { Token } from '../../src/contracts/tokens.js';

const hexOf = (c: Colour | undefined) => (c ? toHex(c) : undefined);

describe('parseCssColour', () => {
  it.each([
    ['#abc', '#aabbcc'],
    ['#ABCD', '#aabbccdd'],
    ['#ff6a3d', '#ff6a3d'],
    ['#ff6a3d80', '#ff6a3d80'],
    ['rgb(255, 106, 61)', '#ff6a3d'],
    ['rgba(0,0,0,.5)', '#00000080'],
    ['rgb(255 0 0 / 50%)', '#ff000080'],
    ['hsl(0 100% 50%)', '#ff0000'],
    ['hsla(120, 100%, 25%, 0.25)', '#00800040'],
    ['oklch(62.8% 0.2577 29.23)', '#ff0000'],
    ['color(srgb 1 0 0 / 0.5)', '#ff000080'],
    // Wide-gamut colours are gamut-mapped (CSS Color 4), not clipped.
    ['color(display-p3 1 0 0)', '#ff0b0c'],
    ['black', '#000000'],
    ['White', '#ffffff'],
    ['rebeccapurple', '#663399'],
    ['transparent', '#00000000'],
    ['currentColor', undefined],
    ['inherit', undefined],
    ['none', undefined],
    ['var(--color-primary)', undefined],
    ['rgb(var(--rgb) / 50%)', undefined],
    ['#ggg', undefined],
    ['#12345', undefined],
  ])('%s → %s', (text, hex) => {
    expect(hexOf(parseCssColour(text))).toBe(hex);
  });

  it.each([
    ['#fff', true],
    ['#12', false],
    ['red', true],
    ['transparent', true],
    ['solid', false],
    ['currentcolor', false],
    ['none', false],
    ['ease', false],
  ])('isColourWord(%s) → %s', (word, want) => {
    expect(isColourWord(word)).toBe(want);
  });
});

describe('parseDtcgColour', () => {
  it.each<[string, unknown, string | undefined]>([
    ['hex string', '#3549cf', '#3549cf'],
    ['srgb object', { colorSpace: 'srgb', components: [0.2078, 0.2863, 0.8118], alpha: 1, hex: '#3549cf' }, '#3549cf'],
    ['alpha', { colorSpace: 'srgb', components: [0, 0, 0], alpha: 0.5 }, '#00000080'],
    ['oklch', { colorSpace: 'oklch', components: [0.628, 0.2577, 29.23] }, '#ff0000'],
    ['hsl (degrees and percentages)', { colorSpace: 'hsl', components: [0, 100, 50] }, '#ff0000'],
    ['display-p3 is mapped to colorjs p3', { colorSpace: 'display-p3', components: [0, 0, 0] }, '#000000'],
    ['none component', { colorSpace: 'oklch', components: [0, 0, 'none'] }, '#000000'],
    ['unknown space falls back to hex', { colorSpace: 'mystery', components: [1, 2, 3], hex: '#112233' }, '#112233'],
    ['not a colour', { value: 4, unit: 'px' }, undefined],
    ['number', 4, undefined],
  ])('%s', (_name, value, hex) => {
    expect(hexOf(parseDtcgColour(value))).toBe(hex);
  });

  it('caches token colours per token', () => {
    const token = { path: 'c', type: 'color', resolved: '#123456' } as unknown as Token;
    const first = tokenColour(token);
    expect(hexOf(first)).toBe('#123456');
    expect(tokenColour(token)).toBe(first);
    expect(tokenColour({ path: 'd', type: 'dimension', resolved: { value: 1, unit: 'px' } } as unknown as Token)).toBeUndefined();
  });
});

describe('contrastRatio', () => {
  const c = (text: string) => parseCssColour(text) as Colour;
  it.each([
    ['#000', '#fff', 21],
    ['#fff', '#fff', 1],
    ['#777', '#fff', 4.48],
    ['#767676', '#fff', 4.54],
    ['#5e5a53', '#3549cf', 1.02],
    ['#ffffff', '#3549cf', 6.99],
    // 50% black over white is a 0.5 grey (3.98:1 against white).
    ['rgba(0,0,0,0.5)', '#fff', 3.98],
    // A translucent background is put over white first (the same 0.5 grey); black on it is 5.28:1.
    ['#000', 'rgba(0,0,0,0.5)', 5.28],
  ])('%s on %s ≈ %s', (fg, bg, ratio) => {
    expect(contrastRatio(c(fg), c(bg))).toBeCloseTo(ratio, 2);
  });

  it('is symmetric for opaque colours', () => {
    expect(contrastRatio(c('#3549cf'), c('#f8f7f4'))).toBeCloseTo(contrastRatio(c('#f8f7f4'), c('#3549cf')), 10);
  });

  it('composites source-over', () => {
    expect(toHex(compositeOver(c('rgba(255,0,0,0.5)'), c('#0000ff')))).toBe('#800080');
    expect(toHex(compositeOver(c('transparent'), c('#123456')))).toBe('#123456');
  });
});

describe('colourDistance', () => {
  it('is 0 for equal colours and orders by perceptual difference', () => {
    expect(colourDistance(parseCssColour('#ff0000') as Colour, parseCssColour('rgb(255 0 0)') as Colour)).toBeCloseTo(0, 6);
    const orange = parseCssColour('#ff6a3d') as Colour;
    const red = parseCssColour('#c23d28') as Colour;
    const blue = parseCssColour('#3549cf') as Colour;
    expect(colourDistance(orange, red)).toBeLessThan(colourDistance(orange, blue));
  });
});
