import { describe, expect, it } from 'vitest';
import { importer } from '../../../src/adopt/importers/style-dictionary.js';
import { isUserError } from '../../../src/diagnostics/user-error.js';

const options = { absolutePath: '/p/tokens.json', projectDir: '/p' };
const run = (json: unknown) => importer.import('tokens.json', typeof json === 'string' ? json : JSON.stringify(json, null, 2), options) as Awaited<ReturnType<typeof importer.import>>;

describe('style-dictionary importer', () => {
  it.each([
    ['v3 colour with comment', { color: { brand: { value: '#3549CF', type: 'color', comment: 'The anchor.' } } }, { path: 'color.brand', type: 'color', value: '#3549cf', description: 'The anchor.' }],
    ['v3 size without type', { size: { padding: { md: { value: '16px' } } } }, { path: 'size.padding.md', type: 'dimension', value: { value: 16, unit: 'px' } }],
    ['v3 alias with .value', { color: { base: { value: '#fff', type: 'color' }, bg: { value: '{color.base.value}' } } }, { path: 'color.bg', type: 'color', value: '{color.base}' }],
    ['DTCG with group $type', { spacing: { $type: 'dimension', '4': { $value: { value: 16, unit: 'px' }, $description: 'Default.' } } }, { path: 'spacing.4', type: 'dimension', value: { value: 16, unit: 'px' }, description: 'Default.' }],
    ['DTCG pre-2025 string dimension', { radius: { sm: { $type: 'dimension', $value: '4px' } } }, { path: 'radius.sm', type: 'dimension', value: { value: 4, unit: 'px' } }],
    ['DTCG oklch string colour', { color: { x: { $type: 'color', $value: 'oklch(0.5 0.1 200)' } } }, { path: 'color.x', type: 'color', value: { colorSpace: 'oklch', components: [0.5, 0.1, 200] } }],
    ['Tailwind-style 0.5 key', { spacing: { '0.5': { value: '2px', type: 'spacing' } } }, { path: 'spacing.0_5', type: 'dimension' }],
  ])('%s', (_name, json, expected) => {
    const { tokens, problems } = run(json);
    expect(problems).toEqual([]);
    expect(tokens.at(-1)).toMatchObject({ ...expected, location: { file: 'tokens.json' } });
  });

  it('locates a value it cannot read (line:column of the value)', () => {
    const { problems } = run('{\n  "color": {\n    "x": { "value": "not-a-colour", "type": "color" }\n  }\n}');
    expect(problems).toEqual([expect.objectContaining({ severity: 'error', code: 'tokens/import-invalid-value', line: 3, column: 21 })]);
  });

  it('locates invalid JSON', () => {
    let error: unknown;
    try {
      run('{\n  "color": { "x": { "value": "#fff", } }\n}');
    } catch (e) {
      error = e;
    }
    expect(isUserError(error) && error.location).toMatchObject({ file: 'tokens.json', line: 2 });
  });

  it('detects value/$value trees, not Tokens Studio or Figma files', () => {
    expect(importer.meta.detect('t.json', '{"a":{"value":"#fff"}}')).toBe(true);
    expect(importer.meta.detect('t.json', '{"a":{"$value":"#fff"}}')).toBe(true);
    expect(importer.meta.detect('t.json', '{"global":{"a":{"value":"#fff"}},"$themes":[]}')).toBe(false);
    expect(importer.meta.detect('t.json', '{"meta":{"variables":{}}}')).toBe(false);
    expect(importer.meta.detect('t.json', '{"name":"pkg"}')).toBe(false);
  });
});
