import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importer } from '../../../src/adopt/importers/tailwind-v3-config.js';
import { isUserError, type UserError } from '../../../src/diagnostics/user-error.js';
import { tempDir } from '../../support/temp-dir.js';

/*
 * Tailwind v3 is not installed here (dsctl depends on v4), so each project gets a tiny CommonJS
 * `tailwindcss/resolveConfig` that merges theme.extend into a small default theme, as v3's does.
 */
const FAKE_RESOLVE_CONFIG = `module.exports = function resolveConfig(config) {
  const defaults = { colors: { black: '#000', white: '#fff' }, spacing: { 0: '0px', 1: '0.25rem', 4: '1rem' }, borderRadius: { DEFAULT: '0.25rem' }, fontSize: { base: ['1rem', { lineHeight: '1.5rem' }] }, boxShadow: {}, zIndex: { 10: '10' } };
  const theme = Object.assign({}, defaults, config.theme || {});
  const extend = (config.theme && config.theme.extend) || {};
  for (const key of Object.keys(extend)) {
    const value = typeof extend[key] === 'function' ? extend[key]({ theme: (p) => theme[p] }) : extend[key];
    theme[key] = Object.assign({}, theme[key] || {}, value);
  }
  delete theme.extend;
  return { ...config, theme };
};
`;

function project(files: Record<string, string>, lockfile = 'package-lock.json', withTailwind = true): string {
  const dir = tempDir();
  writeFileSync(join(dir, 'package.json'), '{"name":"app","private":true}');
  writeFileSync(join(dir, lockfile), '');
  if (withTailwind) {
    mkdirSync(join(dir, 'node_modules/tailwindcss'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/tailwindcss/package.json'), '{"name":"tailwindcss","version":"3.4.17","main":"index.js"}');
    writeFileSync(join(dir, 'node_modules/tailwindcss/resolveConfig.js'), FAKE_RESOLVE_CONFIG);
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const CONFIG = `/** @type {import('tailwindcss').Config} */
module.exports = {
  content: ['./src/**/*.tsx'],
  theme: {
    extend: {
      colors: {
        border: 'hsl(var(--border))',
        primary: {
          DEFAULT: 'hsl(var(--primary))',
          foreground: 'hsl(var(--primary-foreground))',
        },
        brand: { 50: '#eff3fe', 600: '#3549cf' },
      },
      spacing: { 18: '4.5rem', '0.5': '2px' },
      borderRadius: { lg: 'var(--radius)', md: 'calc(var(--radius) - 2px)' },
      fontSize: { hero: ['3rem', { lineHeight: '1' }] },
      boxShadow: { card: '0 1px 2px 0 rgb(0 0 0 / 0.05)' },
      zIndex: { modal: '1300' },
    },
  },
};
`;

const run = async (dir: string, name: string) => {
  const { readFileSync } = await import('node:fs');
  return importer.import(name, readFileSync(join(dir, name), 'utf8'), { absolutePath: join(dir, name), projectDir: dir });
};

describe('tailwind-v3-config importer', () => {
  it("reads theme.extend through the project's resolveConfig: nested colours, DEFAULT, shadcn hsl(var()) aliases", async () => {
    const dir = project({ 'tailwind.config.cjs': CONFIG });
    const { tokens, problems } = await run(dir, 'tailwind.config.cjs');
    expect(tokens.map((t) => [t.path, t.type, t.value])).toEqual([
      // Aliases of the css variables of the same name: wiring, dropped by the layout when the CSS is imported too.
      ['color.border', 'color', '{color.border}'],
      ['color.primary', 'color', '{color.primary}'],
      ['color.primary-foreground', 'color', '{color.primary-foreground}'],
      ['color.brand-50', 'color', '#eff3fe'],
      ['color.brand-600', 'color', '#3549cf'],
      ['spacing.18', 'dimension', { value: 4.5, unit: 'rem' }],
      ['spacing.0_5', 'dimension', { value: 2, unit: 'px' }],
      ['radius.lg', 'dimension', '{radius.DEFAULT}'],
      ['font.size.hero', 'dimension', { value: 3, unit: 'rem' }],
      ['shadow.card', 'shadow', expect.objectContaining({ offsetY: { value: 1, unit: 'px' } })],
      ['z-index.modal', 'number', 1300],
    ]);
    expect(tokens.find((t) => t.path === 'color.brand-600')?.location).toEqual({ file: 'tailwind.config.cjs', line: 12, column: 33 });
    expect(tokens.find((t) => t.path === 'color.primary-foreground')?.location).toEqual({ file: 'tailwind.config.cjs', line: 10, column: 11 });
    expect(problems).toEqual([expect.objectContaining({ severity: 'warn', message: expect.stringContaining('theme.borderRadius.md') })]);
  });

  it('loads TypeScript configs with jiti (ESM default export)', async () => {
    const dir = project({ 'tailwind.config.ts': `import type { Config } from 'tailwindcss';\nconst config = { theme: { extend: { colors: { accent: '#ff8800' as string } } } } satisfies Config;\nexport default config;\n` });
    writeFileSync(join(dir, 'node_modules/tailwindcss/index.d.ts'), 'export type Config = Record<string, unknown>;');
    const { tokens } = await run(dir, 'tailwind.config.ts');
    expect(tokens).toEqual([expect.objectContaining({ path: 'color.accent', value: '#ff8800' })]);
  });

  it.each([
    ['pnpm-lock.yaml', 'pnpm install'],
    ['yarn.lock', 'yarn'],
    ['bun.lock', 'bun install'],
    ['package-lock.json', 'npm install'],
  ])('names the missing package and the install command (%s)', async (lockfile, command) => {
    const dir = project({ 'tailwind.config.js': "module.exports = { presets: [require('@acme/tailwind-preset')] };\n" }, lockfile);
    const error = (await run(dir, 'tailwind.config.js').catch((e: unknown) => e)) as UserError;
    expect(isUserError(error)).toBe(true);
    expect(error.message).toContain('"@acme/tailwind-preset"');
    expect(error.details).toEqual([expect.stringContaining(command)]);
    expect(error.location).toMatchObject({ file: 'tailwind.config.js' });
  });

  it('says so when the project has no tailwindcss installed', async () => {
    const dir = project({ 'tailwind.config.js': 'module.exports = {};\n' }, 'pnpm-lock.yaml', false);
    const error = (await run(dir, 'tailwind.config.js').catch((e: unknown) => e)) as UserError;
    expect(error.message).toContain('"tailwindcss"');
    expect(error.details[0]).toContain('pnpm install');
  });

  it('detects tailwind.config.* by name', () => {
    for (const ext of ['js', 'cjs', 'mjs', 'ts']) expect(importer.meta.detect(`web/tailwind.config.${ext}`, '')).toBe(true);
    expect(importer.meta.detect('tailwind.css', '')).toBe(false);
  });
});
