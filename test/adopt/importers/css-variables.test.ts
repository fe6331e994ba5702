import { describe, expect, it } from 'vitest';
import { importer } from '../../../src/adopt/importers/css-variables.js';
import { isUserError } from '../../../src/diagnostics/user-error.js';

const options = { absolutePath: '/p/globals.css', projectDir: '/p' };
const run = (css: string) => importer.import('globals.css', css, options) as Awaited<ReturnType<typeof importer.import>>;
const one = (css: string) => {
  const { tokens, problems } = run(css);
  return { token: tokens[0], tokens, problems };
};

describe('css-variables importer', () => {
  it.each([
    ['shadcn bare HSL channels', ':root { --primary: 222.2 47.4% 11.2%; }', 'color.primary', 'color', { colorSpace: 'hsl', components: [222.2, 47.4, 11.2], alpha: 1, hex: '#0f172a' }],
    ['oklch() keeps its space', ':root { --destructive: oklch(0.577 0.245 27.325); }', 'color.destructive', 'color', { colorSpace: 'oklch', components: [0.577, 0.245, 27.325], alpha: 1, hex: expect.stringMatching(/^#[0-9a-f]{6}$/) }],
    ['oklch() with alpha', ':root { --border: oklch(1 0 0 / 10%); }', 'color.border', 'color', { colorSpace: 'oklch', components: [1, 0, 0], alpha: 0.1, hex: '#ffffff' }],
    ['rgb()', ':root { --ring: rgb(10 20 30 / 0.5); }', 'color.ring', 'color', { colorSpace: 'srgb', components: [0.03922, 0.07843, 0.11765], alpha: 0.5, hex: '#0a141e' }],
    ['rgba() legacy', ':root { --ring: rgba(255, 0, 0, 1); }', 'color.ring', 'color', { colorSpace: 'srgb', components: [1, 0, 0], alpha: 1, hex: '#ff0000' }],
    ['hsl()', ':root { --accent: hsl(210 40% 96.1%); }', 'color.accent', 'color', { colorSpace: 'hsl', components: [210, 40, 96.1], alpha: 1, hex: expect.any(String) }],
    ['hex stays hex', ':root { --brand: #3549CF; }', 'color.brand', 'color', '#3549cf'],
    ['--radius → radius.DEFAULT', ':root { --radius: 0.625rem; }', 'radius.DEFAULT', 'dimension', { value: 0.625, unit: 'rem' }],
    ['--radius-lg', ':root { --radius-lg: 12px; }', 'radius.lg', 'dimension', { value: 12, unit: 'px' }],
    ['other lengths → spacing', ':root { --header-height: 64px; }', 'spacing.header-height', 'dimension', { value: 64, unit: 'px' }],
    ['--spacing-4', ':root { --spacing-4: 1rem; }', 'spacing.4', 'dimension', { value: 1, unit: 'rem' }],
    ['numbers', ':root { --z-modal: 1300; }', 'z-index.modal', 'number', 1300],
    ['durations', ':root { --duration-fast: 120ms; }', 'motion.duration.fast', 'duration', { value: 120, unit: 'ms' }],
    ['shadows by name', ':root { --shadow-sm: 0 1px 2px 0 rgb(0 0 0 / 0.05); }', 'shadow.sm', 'shadow', { color: expect.objectContaining({ alpha: 0.05 }), offsetX: { value: 0, unit: 'px' }, offsetY: { value: 1, unit: 'px' }, blur: { value: 2, unit: 'px' }, spread: { value: 0, unit: 'px' } }],
    ['font families by name', ':root { --font-sans: "Inter", ui-sans-serif, sans-serif; }', 'font.family.sans', 'fontFamily', ['Inter', 'ui-sans-serif', 'sans-serif']],
  ])('%s', (_name, css, path, type, value) => {
    const { token, problems } = one(css);
    expect(problems).toEqual([]);
    expect(token).toMatchObject({ path, type, value, location: { file: 'globals.css', line: 1, column: 9 } });
    expect(token?.mode).toBeUndefined();
  });

  it('reads modes from .dark, [data-theme], prefers-color-scheme and .theme-*', () => {
    const { tokens } = run(`:root { --bg: #fff; }
.dark { --bg: #000; }
[data-theme="sepia"] { --bg: #f4ecd8; }
@media (prefers-color-scheme: dark) { :root { --fg: #eee; } }
:root.theme-ocean { --bg: #013; }`);
    expect(tokens.map((t) => [t.path, t.mode ?? null, t.value])).toEqual([
      ['color.bg', null, '#fff'],
      ['color.bg', 'dark', '#000'],
      ['color.bg', 'sepia', '#f4ecd8'],
      ['color.fg', 'dark', '#eee'],
      ['color.bg', 'ocean', '#013'],
    ]);
  });

  it('turns var() into aliases typed by their target, in every mode', () => {
    const { tokens, problems } = run(':root { --primary: #111; --ring: var(--primary); --r: 4px; --card-radius: var(--r); }\n.dark { --ring: var(--primary); }');
    expect(problems).toEqual([]);
    expect(tokens.map((t) => [t.path, t.type, t.value, t.mode ?? null])).toEqual([
      ['color.primary', 'color', '#111', null],
      ['color.ring', 'color', '{color.primary}', null],
      ['spacing.r', 'dimension', { value: 4, unit: 'px' }, null],
      ['radius.card', 'dimension', '{spacing.r}', null],
      ['color.ring', 'color', '{color.primary}', 'dark'],
    ]);
  });

  it('takes the comment before a declaration as $description', () => {
    const { token } = one(':root {\n  /* Primary actions and links. */\n  --primary: #3549cf;\n}');
    expect(token).toMatchObject({ description: 'Primary actions and links.', location: { line: 3, column: 3 } });
  });

  it('leaves out what DTCG cannot hold, with a located warning, and ignores component scopes', () => {
    const { tokens, problems } = run(':root {\n  --gutter: calc(1rem + 2vw);\n  --indent: 2em;\n  --missing: var(--nowhere);\n}\n.card { --card-bg: #fff; }');
    expect(tokens).toEqual([]);
    expect(problems.map((p) => [p.severity, p.line, p.column, p.message])).toEqual([
      ['warn', 2, 3, expect.stringContaining('computed by the browser')],
      ['warn', 3, 3, expect.stringContaining('em is relative')],
      ['warn', 4, 3, expect.stringContaining('var(--nowhere) is not declared')],
    ]);
  });

  it('reports broken CSS as a located error', () => {
    let error: unknown;
    try {
      run(':root {\n  --primary: #fff;\n');
    } catch (e) {
      error = e;
    }
    expect(isUserError(error) && error.location).toMatchObject({ file: 'globals.css', line: 1, column: 1 });
  });

  it('detects plain CSS with custom properties, not Tailwind v4 files', () => {
    expect(importer.meta.detect('a.css', ':root { --x: 1px; }')).toBe(true);
    expect(importer.meta.detect('a.css', '@theme { --color-x: red; }')).toBe(false);
    expect(importer.meta.detect('a.json', ':root { --x: 1px; }')).toBe(false);
  });
});
