import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { loadValidProject } from '../../../src/project/project.js';
import { colourRoles } from '../../../src/views/generators/conventions.js';
import { buildThemeIndex } from '../../../src/contracts/theme-index.js';
import { view } from '../../../src/views/generators/tailwind-preset.js';
import { starterProject } from '../../support/project.js';
import { tempDir } from '../../support/temp-dir.js';

const require = createRequire(import.meta.url);
type Preset = { theme: { extend: Record<string, Record<string, string>> } };

function preset(dir: string): { text: string; path: string; module: Preset } {
  const project = loadValidProject({ cwd: dir });
  const out = view.generate(project)[0];
  if (!out || out.kind !== 'file') throw new Error('expected a file');
  const file = join(tempDir(), 'tailwind.preset.cjs');
  writeFileSync(file, out.text);
  return { text: out.text, path: out.path, module: require(file) as Preset };
}

/** Real Tailwind v3 with the preset: `<selector> <property>` → value for the classes given. */
async function compile(presetModule: Preset, classes: string): Promise<Map<string, string>> {
  const tailwind = require('tailwindcss-v3') as (config: object) => postcss.AcceptedPlugin;
  const result = await postcss([tailwind({ content: [{ raw: `<div class="${classes}">` }], presets: [presetModule], corePlugins: { preflight: false } })]).process('@tailwind utilities;', { from: undefined });
  const rules = new Map<string, string>();
  postcss.parse(result.css).walkRules((rule) => {
    rule.walkDecls((d) => {
      rules.set(`${rule.selector} ${d.prop}`, d.value);
    });
  });
  return rules;
}

describe('tailwind-preset', () => {
  it('is off by default, and writes a CommonJS preset that extends the theme', () => {
    const dir = starterProject();
    const project = loadValidProject({ cwd: dir });
    expect(project.config.views['tailwind-preset']).toEqual({ enabled: false, path: 'design/generated/tailwind.preset.cjs' });
    const { text, path, module } = preset(dir);
    expect(path).toBe('design/generated/tailwind.preset.cjs');
    expect(text).toContain('presets: [require("./design/generated/tailwind.preset.cjs")]');
    expect(Object.keys(module.theme)).toEqual(['extend']);
    // Every colour role of the theme, under its utility name, reading the role property tokens.css declares.
    const roles = colourRoles(buildThemeIndex(project)).map((r) => r.name);
    expect(Object.keys(module.theme.extend.colors ?? {})).toEqual(roles);
    expect(module.theme.extend.colors?.primary).toBe('var(--color-primary)');
    expect(Object.keys(module.theme.extend)).toEqual(expect.arrayContaining(['spacing', 'borderRadius', 'fontSize', 'boxShadow', 'fontFamily', 'fontWeight']));
  });

  it('is byte-identical on regeneration', () => {
    const dir = starterProject();
    expect(preset(dir).text).toBe(preset(dir).text);
  });

  it('makes the design system\'s utilities in real Tailwind v3', async () => {
    const { module } = preset(starterProject());
    const rules = await compile(module, 'bg-primary text-on-primary p-4 rounded-md shadow-sm text-sm');
    expect(rules.get('.bg-primary background-color')).toBe('var(--color-primary)');
    expect(rules.get('.text-on-primary color')).toBe('var(--color-on-primary)');
    expect(rules.get('.p-4 padding')).toBe('var(--spacing-4)');
    expect(rules.get('.rounded-md border-radius')).toBe('var(--radius-md)');
    expect(rules.get('.text-sm font-size')).toBe('var(--font-size-sm)');
    expect(rules.get('.shadow-sm --tw-shadow')).toBe('var(--shadow-sm)');
  });
});
