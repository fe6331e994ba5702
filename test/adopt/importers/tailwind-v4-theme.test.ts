import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importer } from '../../../src/adopt/importers/tailwind-v4-theme.js';

const options = { absolutePath: '/p/app.css', projectDir: '/p' };
const run = (css: string) => importer.import('app.css', css, options) as Awaited<ReturnType<typeof importer.import>>;

describe('tailwind-v4-theme importer', () => {
  it.each([
    ['--color-*', '--color-brand-500: oklch(0.6 0.2 260);', 'color.brand-500', 'color'],
    ['--spacing (the base unit)', '--spacing: 0.25rem;', 'spacing.DEFAULT', 'dimension'],
    ['--radius-*', '--radius-lg: 0.5rem;', 'radius.lg', 'dimension'],
    ['--text-*', '--text-sm: 0.875rem;', 'font.size.sm', 'dimension'],
    ['--font-*', '--font-display: "Satoshi", sans-serif;', 'font.family.display', 'fontFamily'],
    ['--font-weight-*', '--font-weight-bold: 700;', 'font.weight.bold', 'fontWeight'],
    ['--shadow-*', '--shadow-md: 0 4px 6px -1px rgb(0 0 0 / 0.1);', 'shadow.md', 'shadow'],
    ['--ease-*', '--ease-snappy: cubic-bezier(0.2, 0, 0, 1);', 'motion.easing.snappy', 'cubicBezier'],
  ])('%s', (_name, decl, path, type) => {
    const { tokens, problems } = run(`@import "tailwindcss";\n@theme {\n  ${decl}\n}`);
    expect(problems).toEqual([]);
    expect(tokens).toEqual([expect.objectContaining({ path, type, location: { file: 'app.css', line: 3, column: 3 } })]);
  });

  it('reads the shadcn v4 globals.css: :root/.dark sets, @theme inline wiring adds only renamed aliases', () => {
    const css = readFileSync(new URL('../../fixtures/adopt/vite-react/src/index.css', import.meta.url), 'utf8');
    const { tokens, problems } = run(css);
    const byKey = new Map(tokens.map((t) => [`${t.path}@${t.mode ?? ''}`, t]));
    expect(byKey.get('color.primary@')?.value).toMatchObject({ colorSpace: 'oklch', components: [0.205, 0, 0] });
    expect(byKey.get('color.primary@dark')?.value).toMatchObject({ colorSpace: 'oklch', components: [0.922, 0, 0] });
    expect(byKey.get('radius.DEFAULT@')?.value).toEqual({ value: 0.625, unit: 'rem' });
    // --color-primary: var(--primary) names the same token: no alias of itself.
    expect(tokens.filter((t) => t.path === 'color.primary')).toHaveLength(2);
    expect(byKey.get('radius.lg@')?.value).toBe('{radius.DEFAULT}');
    // calc() has no DTCG form: left out, with the place.
    expect(problems.map((p) => `${p.line}: ${p.message}`)).toEqual([expect.stringMatching(/^\d+: --radius-sm was not imported: .*computed/), expect.stringMatching(/^\d+: --radius-md was not imported/)]);
  });

  it('leaves out namespaces dsctl has no group for, with a warning', () => {
    const { tokens, problems } = run('@theme {\n  --breakpoint-3xl: 120rem;\n  --text-sm--line-height: 1.25;\n}');
    expect(tokens).toEqual([]);
    expect(problems.map((p) => [p.line, p.code])).toEqual([
      [2, 'tokens/import-skipped'],
      [3, 'tokens/import-skipped'],
    ]);
  });

  it('detects CSS with @theme only', () => {
    expect(importer.meta.detect('app.css', '@theme inline { --color-x: var(--x); }')).toBe(true);
    expect(importer.meta.detect('app.css', ':root { --x: red; }')).toBe(false);
  });
});
