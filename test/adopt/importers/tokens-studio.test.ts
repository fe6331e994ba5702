import { describe, expect, it } from 'vitest';
import { importer } from '../../../src/adopt/importers/tokens-studio.js';

const options = { absolutePath: '/p/tokens.json', projectDir: '/p' };
const run = (json: unknown) => importer.import('tokens.json', JSON.stringify(json, null, 2), options) as Awaited<ReturnType<typeof importer.import>>;

describe('tokens-studio importer', () => {
  it.each([
    ['color', { value: '#FFFFFF', type: 'color' }, 'color', '#ffffff'],
    ['spacing number', { value: '16', type: 'spacing' }, 'dimension', { value: 16, unit: 'px' }],
    ['borderRadius', { value: '8px', type: 'borderRadius' }, 'dimension', { value: 8, unit: 'px' }],
    ['fontFamilies', { value: 'Inter, sans-serif', type: 'fontFamilies' }, 'fontFamily', ['Inter', 'sans-serif']],
    ['fontWeights', { value: '700', type: 'fontWeights' }, 'fontWeight', 700],
    ['opacity', { value: '50%', type: 'opacity' }, 'number', 0.5],
    ['boxShadow', { value: { x: '0', y: '1', blur: '2', spread: '0', color: '#0000001a', type: 'dropShadow' }, type: 'boxShadow' }, 'shadow', { color: '#0000001a', offsetX: { value: 0, unit: 'px' }, offsetY: { value: 1, unit: 'px' }, blur: { value: 2, unit: 'px' }, spread: { value: 0, unit: 'px' } }],
    ['alias', { value: '{base.white}', type: 'color' }, 'color', '{base.white}'],
  ])('%s', (_name, token, type, value) => {
    const { tokens, problems } = run({ global: { base: { white: { value: '#fff', type: 'color' } }, x: token }, $metadata: { tokenSetOrder: ['global'] } });
    expect(problems).toEqual([]);
    expect(tokens.at(-1)).toMatchObject({ path: 'x', type, value });
  });

  it('makes $themes modes: a set enabled in some themes only is theirs; one in every theme has no mode', () => {
    const { tokens } = run({
      core: { blue: { value: '#00f', type: 'color', description: 'Raw blue.' } },
      light: { bg: { value: '#fff', type: 'color' } },
      dark: { bg: { value: '#000', type: 'color' } },
      $themes: [
        { name: 'Light', selectedTokenSets: { core: 'source', light: 'enabled' } },
        { name: 'Dark', selectedTokenSets: { core: 'source', dark: 'enabled' } },
      ],
      $metadata: { tokenSetOrder: ['core', 'light', 'dark'] },
    });
    expect(tokens.map((t) => [t.path, t.mode ?? null, t.value, t.description ?? null])).toEqual([
      ['blue', null, '#00f', 'Raw blue.'],
      ['bg', 'light', '#fff', null],
      ['bg', 'dark', '#000', null],
    ]);
  });

  it('locates a bad value and leaves out expressions with an error', () => {
    const { problems } = run({ global: { a: { value: '{b} * 2', type: 'spacing' } }, $themes: [] });
    expect(problems).toEqual([expect.objectContaining({ severity: 'error', line: 4, column: 16, message: expect.stringContaining('expressions') })]);
  });

  it('detects $themes / $metadata files', () => {
    expect(importer.meta.detect('t.json', '{"global":{},"$themes":[]}')).toBe(true);
    expect(importer.meta.detect('t.json', '{"global":{"a":{"value":"#fff"}}}')).toBe(false);
  });
});
