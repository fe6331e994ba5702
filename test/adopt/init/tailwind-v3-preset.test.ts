import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../../support/cli.js';
import { tempDir } from '../../support/temp-dir.js';

const require = createRequire(import.meta.url);

/** A Tailwind v3 app whose values live in its config (no CSS variables): dsctl generates them, as a v3 preset. */
const APP: Record<string, string> = {
  'package.json': `${JSON.stringify({ name: 'shop', private: true, scripts: { dev: 'vite' }, devDependencies: { tailwindcss: '^3.4.19', vite: '^5.0.0' } }, null, 2)}\n`,
  'tailwind.config.js': "module.exports = {\n  content: ['./src/**/*.{ts,tsx}'],\n  theme: { extend: { colors: { brand: { DEFAULT: '#3549cf', muted: '#e8ebfa' } }, spacing: { gutter: '24px' }, borderRadius: { card: '12px' } } },\n};\n",
  'src/index.css': '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n',
  'src/App.tsx': 'export function App() {\n  return <main className="p-gutter rounded-card bg-brand">Shop</main>;\n}\n',
};

describe('dsctl init on a Tailwind v3 app whose tokens are in its config', () => {
  it('writes the v3 preset instead of the v4 @theme, and real Tailwind v3 makes the app\'s utilities from it', async () => {
    const root = tempDir();
    for (const [file, text] of Object.entries(APP)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    // The app's Tailwind v3, installed: dsctl's own copy, linked instead of downloaded.
    mkdirSync(join(root, 'node_modules'));
    symlinkSync(dirname(require.resolve('tailwindcss-v3/package.json')), join(root, 'node_modules/tailwindcss'), 'dir');
    const init = dsctl(['init', '--yes'], root);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toContain('Tailwind v3: view tailwind-preset (theme.extend) written instead of the v4 @theme block');
    const config = JSON.parse(readFileSync(join(root, 'dsctl.config.json'), 'utf8')) as { views: Record<string, unknown> };
    expect(config.views).toMatchObject({ 'tailwind-theme': { enabled: false }, 'tailwind-preset': { enabled: true } });

    const preset = require(join(root, 'design/generated/tailwind.preset.cjs')) as object;
    const tailwind = require('tailwindcss-v3') as (config: object) => postcss.AcceptedPlugin;
    const out = await postcss([tailwind({ content: [{ raw: APP['src/App.tsx'] ?? '' }, { raw: '<i class="bg-brand-muted">' }], presets: [preset], corePlugins: { preflight: false } })]).process('@tailwind utilities;', { from: undefined });
    const rules = new Map<string, string>();
    postcss.parse(out.css).walkDecls((d) => {
      rules.set(`${(d.parent as postcss.Rule).selector} ${d.prop}`, d.value);
    });
    expect(rules.get('.bg-brand background-color')).toBe('var(--color-brand)');
    expect(rules.get('.bg-brand-muted background-color')).toBe('var(--color-brand-muted)');
    expect(rules.get('.p-gutter padding')).toBe('var(--spacing-gutter)');
    expect(rules.get('.rounded-card border-radius')).toBe('var(--radius-card)');
    // tokens.css declares what the preset reads.
    const tokensCss = readFileSync(join(root, 'design/generated/tokens.css'), 'utf8');
    for (const property of ['--color-brand', '--color-brand-muted', '--spacing-gutter', '--radius-card']) expect(tokensCss).toContain(`${property}:`);
    expect(dsctl(['drift'], root).code).toBe(0);
  });
});
