import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { readCustomProperties } from '../../src/adopt/css-custom-properties.js';
import { tokenUsageIndex } from '../../src/mcp/token-usage.js';
import { loadValidProject } from '../../src/project/project.js';
import { checkoutAdoptFixture } from '../support/adopt-fixture.js';
import { dsctl } from '../support/cli.js';
import { editJson, readJson } from '../support/project.js';

/*
 * An adopted shadcn app keeps its property names: with `naming: "source"` (what init writes when the
 * app's CSS is the token source), the generated tokens.css declares the very properties, scopes and
 * values of app/globals.css, so the app can import it instead and nothing reading `hsl(var(--primary))`
 * changes; and the Tailwind v3 preset, compiled by real Tailwind v3, makes the same utilities.
 */

const require = createRequire(import.meta.url);
// `/ 10%` and `/ 0.1` are one alpha.
const normal = (value: string) => value.replace(/\s+/g, ' ').trim().replace(/\/ ([\d.]+)%/, (_m, pct: string) => `/ ${Number(pct) / 100}`);
/** `<scope> <property>` → value of the declarations in selectors (not Tailwind's `@theme` wiring). */
const props = (file: string, text: string) => new Map(readCustomProperties(file, text).filter((p) => p.block === 'rule').map((p) => [`${p.scope} --${p.name}`, normal(p.value)]));

describe('naming: "source" on the adopted Next + shadcn app', () => {
  it('regenerates app/globals.css\'s properties exactly, and a v3 preset real Tailwind compiles', async () => {
    const dir = checkoutAdoptFixture('next-shadcn');
    expect(dsctl(['init', '--yes'], dir).code).toBe(0);
    const config = readJson<{ views: Record<string, Record<string, unknown>> }>(dir, 'dsctl.config.json');
    expect(config.views['tokens-css']).toEqual({ enabled: false, naming: 'source' });

    editJson<{ views: Record<string, Record<string, unknown>> }>(dir, 'dsctl.config.json', (c) => {
      c.views['tokens-css'] = { ...c.views['tokens-css'], enabled: true };
      c.views['tailwind-preset'] = { enabled: true };
    });
    const build = dsctl(['build'], dir);
    expect(build.code, build.stderr).toBe(0);

    const source = props('app/globals.css', readFileSync(join(dir, 'app/globals.css'), 'utf8'));
    const generatedText = readFileSync(join(dir, 'design/generated/tokens.css'), 'utf8');
    const generated = props('tokens.css', generatedText);
    expect(source.size).toBe(23);
    for (const [key, value] of source) expect(generated.get(key), key).toBe(value);
    expect(generatedText).toContain('.dark {\n  --background: 222.2 84% 4.9%;');
    // No role of dsctl's own names beside them: the app's properties are the roles.
    expect(generatedText).not.toContain('--color-primary');
    expect(dsctl(['drift'], dir).code).toBe(0);

    // Same on the Vite + Tailwind v4 app: its oklch values come back in oklch, not as hex.
    const vite = checkoutAdoptFixture('vite-react');
    expect(dsctl(['init', '--yes'], vite).code).toBe(0);
    editJson<{ views: Record<string, Record<string, unknown>> }>(vite, 'dsctl.config.json', (c) => {
      c.views['tokens-css'] = { ...c.views['tokens-css'], enabled: true };
    });
    expect(dsctl(['build'], vite).code).toBe(0);
    const viteSource = props('src/index.css', readFileSync(join(vite, 'src/index.css'), 'utf8'));
    const viteGenerated = props('tokens.css', readFileSync(join(vite, 'design/generated/tokens.css'), 'utf8'));
    expect(viteSource.size).toBe(23);
    for (const [key, value] of viteSource) expect(viteGenerated.get(key), key).toBe(value);

    // The MCP usage hint tells an agent to read the app's property as the app does.
    const project = loadValidProject({ cwd: dir });
    const usage = tokenUsageIndex(project)(project.tokens.tokens.get('color.semantic.light.primary')!);
    expect(usage).toMatchObject({ cssVariable: '--primary', tokenVariable: '--primary', switchesTheme: true });
    expect(usage.usage).toBe('Use the class bg-primary (or hsl(var(--primary)) in CSS): it switches between light and dark.');

    // Tailwind v3 itself, with the preset: opacity modifiers work on the channels, radius reads --radius.
    const preset = join(dir, 'design/generated/tailwind.preset.cjs');
    const tailwind = require('tailwindcss-v3') as (config: object) => postcss.AcceptedPlugin;
    const css = await postcss([
      tailwind({ content: [{ raw: '<div class="bg-primary/90 text-primary-foreground rounded border-border">' }], presets: [require(preset)], corePlugins: { preflight: false } }),
    ]).process('@tailwind utilities;', { from: undefined });
    const rules = new Map<string, string>();
    postcss.parse(css.css).walkRules((rule) => {
      rule.walkDecls((d) => {
        rules.set(`${rule.selector} ${d.prop}`, d.value);
      });
    });
    expect(rules.get('.bg-primary\\/90 background-color')).toBe('hsl(var(--primary) / 0.9)');
    expect(rules.get('.text-primary-foreground color')).toBe('hsl(var(--primary-foreground) / var(--tw-text-opacity, 1))');
    expect(rules.get('.rounded border-radius')).toBe('var(--radius)');
    expect(rules.get('.border-border border-color')).toBe('hsl(var(--border) / var(--tw-border-opacity, 1))');
  });
});
