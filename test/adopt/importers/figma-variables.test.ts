import { describe, expect, it } from 'vitest';
import { importer } from '../../../src/adopt/importers/figma-variables.js';

const run = (json: unknown, file = 'variables.json') =>
  importer.import(file, JSON.stringify(json, null, 2), { absolutePath: `/p/${file}`, projectDir: '/p' }) as Awaited<ReturnType<typeof importer.import>>;

/** The shape of GET /v1/files/:key/variables/local: a primitives collection and a two-mode theme collection. */
const rest = {
  status: 200,
  error: false,
  meta: {
    variableCollections: {
      'VariableCollectionId:1:1': { id: 'VariableCollectionId:1:1', name: 'Primitives', modes: [{ modeId: '1:0', name: 'Value' }], defaultModeId: '1:0' },
      'VariableCollectionId:2:1': { id: 'VariableCollectionId:2:1', name: 'Theme', modes: [{ modeId: '2:0', name: 'Light' }, { modeId: '2:1', name: 'Dark' }], defaultModeId: '2:0' },
    },
    variables: {
      'VariableID:1:2': { id: 'VariableID:1:2', name: 'Blue/600', variableCollectionId: 'VariableCollectionId:1:1', resolvedType: 'COLOR', valuesByMode: { '1:0': { r: 0.2078, g: 0.2863, b: 0.8118, a: 1 } }, description: 'Brand anchor.', scopes: ['ALL_SCOPES'] },
      'VariableID:2:2': { id: 'VariableID:2:2', name: 'Color/Primary', variableCollectionId: 'VariableCollectionId:2:1', resolvedType: 'COLOR', valuesByMode: { '2:0': { type: 'VARIABLE_ALIAS', id: 'VariableID:1:2' }, '2:1': { r: 1, g: 1, b: 1, a: 0.5 } }, description: '', scopes: ['ALL_FILLS'] },
      'VariableID:2:3': { id: 'VariableID:2:3', name: 'Radius/md', variableCollectionId: 'VariableCollectionId:1:1', resolvedType: 'FLOAT', valuesByMode: { '1:0': 6 }, scopes: ['CORNER_RADIUS'] },
      'VariableID:2:4': { id: 'VariableID:2:4', name: 'Opacity/disabled', variableCollectionId: 'VariableCollectionId:1:1', resolvedType: 'FLOAT', valuesByMode: { '1:0': 0.4 }, scopes: ['OPACITY'] },
      'VariableID:2:5': { id: 'VariableID:2:5', name: 'Flags/beta', variableCollectionId: 'VariableCollectionId:1:1', resolvedType: 'BOOLEAN', valuesByMode: { '1:0': true } },
    },
  },
};

describe('figma-variables importer', () => {
  it('reads the REST variables/local answer: two modes, aliases, colours to hex, floats by scope', () => {
    const { tokens, problems } = run(rest);
    expect(tokens.map((t) => [t.path, t.type, t.mode ?? null, t.value])).toEqual([
      ['blue.600', 'color', null, { colorSpace: 'srgb', components: [0.2078, 0.2863, 0.8118], alpha: 1, hex: '#3549cf' }],
      ['color.primary', 'color', 'light', '{blue.600}'],
      ['color.primary', 'color', 'dark', { colorSpace: 'srgb', components: [1, 1, 1], alpha: 0.5, hex: '#ffffff' }],
      ['radius.md', 'dimension', null, { value: 6, unit: 'px' }],
      ['opacity.disabled', 'number', null, 0.4],
    ]);
    expect(tokens[0]).toMatchObject({ description: 'Brand anchor.', location: { file: 'variables.json', line: expect.any(Number), column: expect.any(Number) } });
    expect(problems).toEqual([expect.objectContaining({ severity: 'warn', message: expect.stringContaining('Flags/beta') })]);
  });

  it('locates an alias of a variable that is not there', () => {
    const broken = structuredClone(rest);
    broken.meta.variables['VariableID:2:2'].valuesByMode['2:0'] = { type: 'VARIABLE_ALIAS', id: 'VariableID:9:9' };
    const { problems } = run(broken);
    const text = JSON.stringify(broken, null, 2).split('\n');
    const line = text.findIndex((l) => l.includes('VariableID:9:9')) + 1;
    expect(problems).toContainEqual(expect.objectContaining({ severity: 'error', code: 'tokens/import-alias-unknown', line: line - 2 }));
  });

  it("reads Figma's DTCG export, its mode from the file name", () => {
    const { tokens } = run({ color: { bg: { $type: 'color', $value: '#ffffff', $extensions: { 'com.figma.variableId': 'VariableID:1:1' } } } }, 'Dark.tokens.json');
    expect(tokens).toEqual([expect.objectContaining({ path: 'color.bg', mode: 'dark', value: '#ffffff' })]);
  });

  it('detects both shapes', () => {
    expect(importer.meta.detect('v.json', JSON.stringify(rest))).toBe(true);
    expect(importer.meta.detect('v.json', '{"a":{"$value":"#fff","$extensions":{"com.figma.variableId":"x"}}}')).toBe(true);
    expect(importer.meta.detect('v.json', '{"a":{"$value":"#fff"}}')).toBe(false);
  });
});
