import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importerRegistry, IMPORTER_IDS } from '../../src/adopt/importers/index.js';
import { importTokens } from '../../src/adopt/tokens-import.js';
import { parseTokens } from '../../src/contracts/tokens.js';
import { parseJsonDocument } from '../../src/diagnostics/json-source.js';
import { isUserError, type UserError } from '../../src/diagnostics/user-error.js';
import { tempDir } from '../support/temp-dir.js';

const GLOBALS = `:root {
  /* Page background. */
  --background: oklch(1 0 0);
  --primary: 222.2 47.4% 11.2%;
  --ring: var(--primary);
  --radius: 0.5rem;
}
.dark {
  --background: oklch(0.145 0 0);
  --primary: 210 40% 98%;
}
`;
const THEME = `@theme {
  --color-brand-600: #3549cf;
  --spacing-4: 1rem;
  --shadow-sm: 0 1px 2px 0 rgb(0 0 0 / 0.05);
}
`;

function folder(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}
const failure = async (p: Promise<unknown>) => (await p.then(() => undefined, (e: unknown) => e)) as UserError;

describe('the importer registry', () => {
  it('is sorted, and each id is its file name with a table test', () => {
    expect(IMPORTER_IDS).toEqual([...IMPORTER_IDS].sort());
    for (const id of IMPORTER_IDS) {
      expect(importerRegistry[id].id).toBe(id);
      expect(existsSync(new URL(`../../src/adopt/importers/${id}.ts`, import.meta.url)), id).toBe(true);
      expect(existsSync(new URL(`./importers/${id}.test.ts`, import.meta.url)), id).toBe(true);
    }
  });
});

describe('importTokens', () => {
  it('writes DTCG 2025.10 with light/dark colour sets, aliases re-pointed per mode, and the theme mapping', async () => {
    const dir = folder({ 'src/globals.css': GLOBALS, 'src/theme.css': THEME });
    const result = await importTokens({ cwd: dir, sources: ['src/globals.css', 'src/theme.css'] });
    expect(result).toMatchObject({ status: 'written', out: 'design/contracts/tokens.json', modes: ['dark', 'light'] });
    expect(result.sources).toEqual([
      { file: 'src/globals.css', format: 'css-variables', tokens: 6 },
      { file: 'src/theme.css', format: 'tailwind-v4-theme', tokens: 3 },
    ]);
    expect(result.theme).toEqual({ color: ['color.semantic.light'], colorDark: ['color.semantic.dark'], spacing: ['spacing'], radius: ['radius'], shadow: ['shadow'] });
    const text = readFileSync(join(dir, 'design/contracts/tokens.json'), 'utf8');
    const doc = JSON.parse(text) as Record<string, Record<string, Record<string, Record<string, Record<string, unknown>>>>>;
    // Each token records the custom property it was declared as, so views can keep the app's names.
    const origin = (name: string, scope: string, format?: string) => ({ $extensions: { 'dsctl.css': { name, scope, ...(format ? { format } : {}) } } });
    expect(doc.color?.semantic?.light?.background).toEqual({
      $type: 'color',
      $value: { colorSpace: 'oklch', components: [1, 0, 0], alpha: 1, hex: '#ffffff' },
      $description: 'Page background.',
      ...origin('--background', ':root'),
    });
    expect(doc.color?.semantic?.light?.primary).toMatchObject(origin('--primary', ':root', 'hsl-channels'));
    expect(doc.color?.semantic?.dark?.primary).toMatchObject(origin('--primary', '.dark', 'hsl-channels'));
    expect(doc.color?.semantic?.light?.ring).toEqual({ $type: 'color', $value: '{color.semantic.light.primary}', ...origin('--ring', ':root') });
    expect(doc.color?.semantic?.light?.['brand-600']).toEqual({ $type: 'color', $value: '#3549cf', ...origin('--color-brand-600', ':root') });
    // :root's --ring: var(--primary) follows --primary into the dark set, as var() does in CSS; that copy was never declared.
    expect(Object.keys(doc.color?.semantic?.dark ?? {})).toEqual(['background', 'primary', 'ring']);
    expect(doc.color?.semantic?.dark?.ring).toEqual({ $type: 'color', $value: '{color.semantic.dark.primary}' });
    // It loads as dsctl's own tokens do.
    expect(parseTokens(parseJsonDocument(text, 'tokens.json')).problems).toEqual([]);
  });

  it('is byte-identical when re-run on unchanged sources (and in another source order)', async () => {
    const dir = folder({ 'a.css': GLOBALS, 'b.css': THEME });
    await importTokens({ cwd: dir, sources: ['a.css', 'b.css'], out: 'tokens.json' });
    const first = readFileSync(join(dir, 'tokens.json'), 'utf8');
    const again = await importTokens({ cwd: dir, sources: ['b.css', 'a.css'], out: 'tokens.json' });
    expect(again.status).toBe('unchanged');
    expect(readFileSync(join(dir, 'tokens.json'), 'utf8')).toBe(first);
    expect(readdirSync(dir)).not.toContain('.dsctl');
  });

  it('writes a proposal with a semantic diff instead of overwriting an existing tokens file; --apply writes it', async () => {
    const dir = folder({ 'a.css': GLOBALS });
    await importTokens({ cwd: dir, sources: ['a.css'], out: 'tokens.json' });
    const before = readFileSync(join(dir, 'tokens.json'), 'utf8');
    writeFileSync(join(dir, 'a.css'), GLOBALS.replace('--radius: 0.5rem;', '--radius: 0.75rem;\n  --radius-xl: 1rem;').replace('  --ring: var(--primary);\n', ''));
    const result = await importTokens({ cwd: dir, sources: ['a.css'], out: 'tokens.json' });
    expect(result.status).toBe('proposal');
    expect(result.diff).toEqual({ added: ['radius.xl'], removed: ['color.semantic.dark.ring', 'color.semantic.light.ring'], changed: ['radius.DEFAULT'] });
    expect(readFileSync(join(dir, 'tokens.json'), 'utf8')).toBe(before);
    expect(result.proposal).toMatch(/^\.dsctl\/proposals\/tokens-[0-9a-f]{12}\.json$/);
    const proposal = JSON.parse(readFileSync(join(dir, result.proposal ?? ''), 'utf8')) as { type: string; target: string; diff: unknown; tokens: unknown };
    expect(proposal).toMatchObject({ type: 'dsctl/tokens-proposal', target: 'tokens.json', diff: result.diff });
    expect(JSON.stringify(proposal.tokens, null, 2) + '\n').toBe(result.text);

    const dry = await importTokens({ cwd: dir, sources: ['a.css'], out: 'tokens.json', dryRun: true, apply: true });
    expect(dry.status).toBe('dry-run');
    expect(readFileSync(join(dir, 'tokens.json'), 'utf8')).toBe(before);

    const applied = await importTokens({ cwd: dir, sources: ['a.css'], out: 'tokens.json', apply: true });
    expect(applied.status).toBe('written');
    expect(readFileSync(join(dir, 'tokens.json'), 'utf8')).toBe(result.text);
  });

  it('joins a Tailwind v3 config to the CSS it names: hsl(var(--x)) wiring adds nothing, renamed aliases point into each mode', async () => {
    const dir = folder({
      'package.json': '{"name":"app"}',
      'node_modules/tailwindcss/resolveConfig.js': "module.exports = (c) => ({ theme: { colors: {}, ...c.theme, ...c.theme.extend } });",
      'tailwind.config.js': "module.exports = { theme: { extend: { colors: { primary: { DEFAULT: 'hsl(var(--primary))' }, accent: 'hsl(var(--primary))', ghost: 'hsl(var(--ghost))' } } } };",
      'globals.css': GLOBALS,
    });
    const result = await importTokens({ cwd: dir, sources: ['tailwind.config.js', 'globals.css'], out: 'tokens.json' });
    const doc = JSON.parse(result.text) as { color: { semantic: Record<string, Record<string, { $value: unknown }>> } };
    expect(doc.color.semantic.light?.accent?.$value).toBe('{color.semantic.light.primary}');
    expect(doc.color.semantic.dark?.accent?.$value).toBe('{color.semantic.dark.primary}');
    expect(result.problems).toEqual([expect.objectContaining({ file: 'tailwind.config.js', message: expect.stringContaining('color.ghost was not imported') })]);
  });

  it('puts Figma modes in their own colour sets, aliases into the primitives', async () => {
    const variables = {
      meta: {
        variableCollections: {
          p: { id: 'p', name: 'Primitives', modes: [{ modeId: '1', name: 'Value' }] },
          t: { id: 't', name: 'Theme', modes: [{ modeId: 'l', name: 'Light' }, { modeId: 'd', name: 'Dark' }] },
        },
        variables: {
          blue: { id: 'blue', name: 'Blue/600', variableCollectionId: 'p', resolvedType: 'COLOR', valuesByMode: { '1': { r: 0.2078, g: 0.2863, b: 0.8118, a: 1 } } },
          primary: { id: 'primary', name: 'Primary', variableCollectionId: 't', resolvedType: 'COLOR', valuesByMode: { l: { type: 'VARIABLE_ALIAS', id: 'blue' }, d: { r: 1, g: 1, b: 1, a: 1 } } },
        },
      },
    };
    const dir = folder({ 'figma.json': JSON.stringify(variables) });
    const result = await importTokens({ cwd: dir, sources: ['figma.json'], out: 'tokens.json' });
    const doc = JSON.parse(result.text) as { color: { semantic: Record<string, Record<string, unknown>> } };
    expect(doc.color.semantic.light?.primary).toEqual({ $type: 'color', $value: '{color.semantic.light.blue.600}' });
    expect(doc.color.semantic.dark?.primary).toMatchObject({ $value: { hex: '#ffffff' } });
    expect(result.theme).toEqual({ color: ['color.semantic.light'], colorDark: ['color.semantic.dark'] });
  });

  it('lists every conflict between sources, with locations, and writes nothing', async () => {
    const dir = folder({ 'a.css': ':root {\n  --primary: #111111;\n  --radius: 4px;\n}\n', 'b.json': JSON.stringify({ color: { primary: { $type: 'color', $value: '#222222' } }, radius: { DEFAULT: { $type: 'dimension', $value: { value: 6, unit: 'px' } } } }, null, 2) });
    const error = await failure(importTokens({ cwd: dir, sources: ['a.css', 'b.json'] }));
    expect(isUserError(error) && error.code).toBe('tokens/import-conflict');
    expect(error.details).toEqual([
      expect.stringMatching(/^color\.semantic\.light\.primary: "#111111" at a\.css:2:3 ≠ "#222222" at b\.json:3:5$/),
      expect.stringMatching(/^radius\.DEFAULT: .* at a\.css:3:3 ≠ .* at b\.json:\d+:\d+$/),
    ]);
    expect(existsSync(join(dir, 'design'))).toBe(false);
  });

  it('stops on a bad source with its location, writing nothing (nor for the good sources)', async () => {
    const dir = folder({ 'good.css': GLOBALS, 'bad.json': '{\n  "color": { "x": { "value": "nope", "type": "color" } }\n}\n' });
    const error = await failure(importTokens({ cwd: dir, sources: ['good.css', 'bad.json'] }));
    expect(error.location).toMatchObject({ file: 'bad.json', line: 2, column: 30 });
    expect(existsSync(join(dir, 'design'))).toBe(false);
  });

  it('says which format to pass when a file cannot be told apart, and checks --format', async () => {
    const dir = folder({ 'notes.txt': 'hello', 'a.css': GLOBALS });
    expect((await failure(importTokens({ cwd: dir, sources: ['notes.txt'] }))).code).toBe('tokens/unknown-format');
    expect((await failure(importTokens({ cwd: dir, sources: ['a.css'], format: 'css-vars' }))).code).toBe('usage/unknown-format');
    expect((await failure(importTokens({ cwd: dir, sources: ['missing.css'] }))).code).toBe('file/not-found');
  });

  it("keeps the existing file's $schema and leaves out non-default modes of non-colour tokens with a warning", async () => {
    const dir = folder({ 'a.css': ':root { --radius: 4px; }\n.dark { --radius: 6px; --bg: #000; }\n', 'tokens.json': '{ "$schema": "./schema.json", "x": { "$type": "number", "$value": 1 } }\n' });
    const result = await importTokens({ cwd: dir, sources: ['a.css'], out: 'tokens.json', apply: true });
    expect(result.problems).toEqual([expect.objectContaining({ severity: 'warn', line: 2, message: expect.stringContaining('modes for colours only') })]);
    expect(result.diff).toEqual({ added: ['color.semantic.dark.bg', 'radius.DEFAULT'], removed: ['x'], changed: [] });
    expect(JSON.parse(readFileSync(join(dir, 'tokens.json'), 'utf8'))).toMatchObject({ $schema: './schema.json' });
  });
});
