import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { loadValidProject, type Project } from '../../../src/project/project.js';
import { view } from '../../../src/views/generators/tailwind-theme.js';
import { view as tokensCss } from '../../../src/views/generators/tokens-css.js';
import type { ViewOutput } from '../../../src/views/view.js';
import { editJson, starterProject } from '../../support/project.js';

function file(outputs: readonly ViewOutput[]): Extract<ViewOutput, { kind: 'file' }> {
  expect(outputs).toHaveLength(1);
  const out = outputs[0];
  if (!out || out.kind !== 'file') throw new Error('expected a file');
  return out;
}

/** `@theme --x` → value, in order. */
function theme(text: string): Map<string, string> {
  const root = postcss.parse(text);
  const blocks = root.nodes.filter((n): n is postcss.AtRule => n.type === 'atrule');
  expect(blocks.map((b) => b.name)).toEqual(['theme']);
  const out = new Map<string, string>();
  blocks[0]?.walkDecls((d) => {
    out.set(`@theme ${d.prop}`, d.value);
  });
  return out;
}

describe('tailwind-theme', () => {
  const starter = () => loadValidProject({ cwd: starterProject() });
  const generate = (project: Project) => file(view.generate(project));

  it('writes one @theme block to the configured path', () => {
    const project = starter();
    expect(view.name).toBe('tailwind-theme');
    expect(view.sources(project)).toEqual(['dsctl.config.json', 'design/contracts/tokens.json']);
    const out = generate(project);
    expect(out.path).toBe('design/generated/theme.css');
    expect(out.format).toBe('css');
    expect(out.text).not.toContain('@import "tailwindcss";\n@theme');
    expect(out.text.endsWith('}\n')).toBe(true);
    theme(out.text);
  });

  it('says how to import it, after tailwindcss and with tokens.css', () => {
    const first = postcss.parse(generate(starter()).text).first as postcss.Comment;
    expect(first.type).toBe('comment');
    expect(first.text).toContain('@import "tailwindcss";\n *   @import "./theme.css";\n *   @import "./tokens.css";');
    expect(first.text).toContain('Not here: z-index.*, motion.duration.*');
  });

  it.each([
    ['--color-primary', 'var(--color-semantic-light-primary)'],
    ['--color-fg-muted', 'var(--color-semantic-light-fg-muted)'],
    ['--color-success-fg', 'var(--color-semantic-light-success-fg)'],
    ['--spacing-4', '16px'],
    ['--radius-md', '6px'],
    ['--text-sm', 'var(--font-size-sm)'],
    ['--font-sans', 'var(--font-family-sans)'],
    ['--font-mono', 'var(--font-family-mono)'],
    ['--font-weight-semibold', '600'],
    ['--leading-normal', 'var(--font-line-height-normal)'],
    ['--shadow-sm', '0px 1px 2px 0px #13121024'],
    ['--ease-standard', 'var(--motion-easing-standard)'],
  ])('%s is %s', (property, value) => {
    expect(theme(generate(starter()).text).get(`@theme ${property}`)).toBe(value);
  });

  it('resets the namespaces the design system owns, but not spacing or font families', () => {
    const decls = theme(generate(starter()).text);
    const resets = [...decls].filter(([, v]) => v === 'initial').map(([k]) => k);
    expect(resets).toEqual([
      '@theme --color-*',
      '@theme --radius-*',
      '@theme --text-*',
      '@theme --font-weight-*',
      '@theme --leading-*',
      '@theme --shadow-*',
      '@theme --ease-*',
    ]);
    const keys = [...decls.keys()];
    expect(keys.indexOf('@theme --color-*')).toBeLessThan(keys.indexOf('@theme --color-bg'));
  });

  it('offers the colour roles only: no raw ramps, no deprecated tokens, no z-index or durations', () => {
    const keys = [...theme(generate(starter()).text).keys()];
    expect(keys.filter((k) => k.startsWith('@theme --color-') && !k.endsWith('*'))).toHaveLength(21);
    expect(keys).not.toContain('@theme --color-brand-600');
    expect(keys).not.toContain('@theme --color-legacy-accent');
    expect(keys.some((k) => k.includes('z-index') || k.includes('duration'))).toBe(false);
  });

  it('refers only to properties tokens.css declares, never to itself', () => {
    const project = starter();
    const tokens = file(tokensCss.generate(project)).text;
    const declared = new Set<string>();
    postcss.parse(tokens).walkDecls((d) => {
      declared.add(d.prop);
    });
    for (const [key, value] of theme(generate(project).text)) {
      for (const [, name] of value.matchAll(/var\((--[^)]+)\)/g)) {
        expect(declared.has(name ?? ''), `${key}: ${value}`).toBe(true);
        expect(key).not.toBe(`@theme ${name}`);
      }
    }
  });

  it('follows every variable with a comment naming its token, and names the origin of each', () => {
    const out = generate(starter());
    const variables = [...theme(out.text).keys()].filter((k) => !k.endsWith('-*'));
    expect([...(out.origins?.keys() ?? [])]).toEqual(variables);
    expect(out.origins?.get('@theme --color-primary')).toBe('color.semantic.light.primary');
    expect(out.origins?.get('@theme --text-sm')).toBe('font.size.sm');
    expect(out.origins?.get('@theme --ease-emphasized')).toBe('motion.easing.emphasized');
    postcss.parse(out.text).walkDecls((decl) => {
      if (decl.value === 'initial') return;
      const next = decl.next();
      expect(next?.type).toBe('comment');
      expect((next as postcss.Comment).text).toBe(out.origins?.get(`@theme ${decl.prop}`));
    });
  });

  it('is deterministic', () => {
    const a = starter();
    expect(generate(a).text).toBe(generate(a).text);
    expect(generate(a).text).toBe(generate(starter()).text);
  });

  it('does not change when a raw token changes (roles refer to it through tokens.css)', () => {
    const dir = starterProject();
    const before = generate(loadValidProject({ cwd: dir })).text;
    editJson<{ color: { brand: Record<string, { $value: unknown }> } }>(dir, 'design/contracts/tokens.json', (t) => {
      const step = t.color.brand['600'];
      if (step) step.$value = '#ff0000';
    });
    expect(generate(loadValidProject({ cwd: dir })).text).toBe(before);
  });

  it('changes exactly the variable whose resolved value it writes', () => {
    const dir = starterProject();
    const before = theme(generate(loadValidProject({ cwd: dir })).text);
    editJson<{ spacing: Record<string, { $value: unknown }> }>(dir, 'design/contracts/tokens.json', (t) => {
      const step = t.spacing['4'];
      if (step) step.$value = { value: 1, unit: 'rem' };
    });
    const after = theme(generate(loadValidProject({ cwd: dir })).text);
    const changed = [...after.keys()].filter((k) => before.get(k) !== after.get(k));
    expect(changed).toEqual(['@theme --spacing-4']);
    expect(after.get('@theme --spacing-4')).toBe('1rem');
  });

  it('links tokens.css relative to where the theme is written', () => {
    const dir = starterProject();
    editJson<{ views: Record<string, unknown> }>(dir, 'dsctl.config.json', (config) => {
      config.views = { 'tailwind-theme': { path: 'src/styles/theme.css' }, 'tokens-css': { path: 'design/generated/tokens.css' } };
    });
    expect(generate(loadValidProject({ cwd: dir })).text).toContain('@import "../../design/generated/tokens.css";');
  });
});
