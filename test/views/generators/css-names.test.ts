import { describe, expect, it } from 'vitest';
import { flattenCss } from '../../../src/views/semantic-diff.js';
import { loadValidProject } from '../../../src/project/project.js';
import { cssNames } from '../../../src/views/generators/css-names.js';
import { hslChannels } from '../../../src/views/generators/css-values.js';
import { view as tailwindPreset } from '../../../src/views/generators/tailwind-preset.js';
import { view as tailwindTheme } from '../../../src/views/generators/tailwind-theme.js';
import { view as tokensCss } from '../../../src/views/generators/tokens-css.js';
import type { ViewDefinition } from '../../../src/views/view.js';
import { editJson, starterProject } from '../../support/project.js';

type Views = { views: Record<string, Record<string, unknown>> };
type Node = Record<string, unknown>;

function text(view: ViewDefinition, dir: string): string {
  const out = view.generate(loadValidProject({ cwd: dir }))[0];
  if (!out || out.kind !== 'file') throw new Error('expected a file');
  return out.text;
}

/** The starter with the brand's primary role declared by the app as `--brand` (light in :root, dark in .dark). */
function withOrigins(naming: 'path' | 'source', extra: (tokens: Node) => void = () => undefined): string {
  const dir = starterProject();
  editJson<Views>(dir, 'dsctl.config.json', (c) => {
    c.views = { ...c.views, 'tokens-css': { naming } };
  });
  editJson<Node>(dir, 'design/contracts/tokens.json', (t) => {
    const semantic = (t.color as Node).semantic as Record<string, Record<string, Node>>;
    semantic.light!.primary!.$extensions = { 'dsctl.css': { name: '--brand', scope: ':root' } };
    semantic.dark!.primary!.$extensions = { 'dsctl.css': { name: '--brand', scope: '.dark' } };
    extra(t);
  });
  return dir;
}

describe('css naming', () => {
  it('path (the default) names every token by its path and ignores recorded origins', () => {
    const plain = starterProject();
    expect(text(tokensCss, withOrigins('path'))).toBe(text(tokensCss, plain));
    expect(text(tailwindTheme, withOrigins('path'))).toBe(text(tailwindTheme, plain));
  });

  it('a prefix names every path-named property, and theme.css and the preset read those names', () => {
    const dir = starterProject();
    editJson<Views>(dir, 'dsctl.config.json', (c) => {
      c.views = { ...c.views, 'tokens-css': { prefix: 'ds-' } };
    });
    const declared = [...flattenCss(text(tokensCss, dir)).keys()].map((k) => k.split(' ').pop() ?? '');
    expect(declared.length).toBeGreaterThan(50);
    expect(declared.filter((p) => !p.startsWith('--ds-'))).toEqual([]);
    const theme = flattenCss(text(tailwindTheme, dir));
    // Tailwind's own variable reads the prefixed role, which tokens.css re-points for the dark theme.
    expect(theme.get('@theme --color-primary')).toBe('var(--ds-color-primary)');
    expect(theme.get('@theme --spacing-4')).toBe('var(--ds-spacing-4)');
    expect(text(tailwindPreset, dir)).toContain('"primary": "var(--ds-color-primary)", // color.semantic.light.primary');
  });

  it('source declares an imported token under its own property and scope; the role needs no property of its own', () => {
    const dir = withOrigins('source');
    const css = flattenCss(text(tokensCss, dir));
    expect(css.get(':root --brand')).toBe('var(--color-brand-600)');
    expect(css.get('.dark --brand')).toBe('var(--color-brand-400)');
    expect([...css.keys()].filter((k) => k.endsWith(' --color-primary'))).toEqual([]);
    expect(css.get(':root --color-primary-hover')).toBe('var(--color-semantic-light-primary-hover)');
    expect(flattenCss(text(tailwindTheme, dir)).get('@theme --color-primary')).toBe('var(--brand)');

    const names = cssNames(loadValidProject({ cwd: dir }));
    expect(names.property('color.semantic.dark.primary')).toBe('--brand');
    expect(names.property('color.brand.600')).toBe('--color-brand-600');
    // --brand in :root is the light value: read from :root, the dark token is its resolved value.
    expect(names.reference('color.semantic.dark.primary')).toMatch(/^#[0-9a-f]{6}$/);
    expect(names.reference('color.semantic.dark.primary', '.dark')).toBe('var(--brand)');
  });

  it('an alias of a property that is declared in another scope only resolves instead of reading the wrong mode', () => {
    const dir = withOrigins('source', (t) => {
      ((t.color as Node).semantic as Record<string, Node>).light!['dark-primary'] = { $value: '{color.semantic.dark.primary}' };
    });
    const css = flattenCss(text(tokensCss, dir));
    expect(css.get(':root --color-semantic-light-dark-primary')).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('a malformed origin counts as none', () => {
    const dir = withOrigins('source', (t) => {
      const light = ((t.color as Node).semantic as Record<string, Record<string, Node>>).light!;
      light.surface!.$extensions = { 'dsctl.css': { name: 'surface', scope: ':root' } };
      light.fg!.$extensions = { 'dsctl.css': { name: '--fg', scope: ':root', format: 'rgb-channels' } };
    });
    const names = cssNames(loadValidProject({ cwd: dir }));
    expect(names.property('color.semantic.light.surface')).toBe('--color-semantic-light-surface');
    expect(names.property('color.semantic.light.fg')).toBe('--color-semantic-light-fg');
  });
});

describe('hslChannels', () => {
  it.each([
    ['an hsl colour keeps its own components', { colorSpace: 'hsl', components: [222.2, 47.4, 11.2], alpha: 1 }, '222.2 47.4% 11.2%'],
    ['a grey has hue 0', { colorSpace: 'hsl', components: [0, 0, 100], alpha: 1 }, '0 0% 100%'],
    ['translucent adds the alpha', { colorSpace: 'hsl', components: [210, 40, 98], alpha: 0.5 }, '210 40% 98% / 0.5'],
    ['a hex colour is converted', '#ff0000', '0 100% 50%'],
    ['an srgb colour is converted', { colorSpace: 'srgb', components: [0, 0, 1], alpha: 1 }, '240 100% 50%'],
  ])('%s', (_name, value, want) => {
    expect(hslChannels(value)).toBe(want);
  });

  it('is undefined for what is no colour', () => {
    expect(hslChannels('12px')).toBeUndefined();
  });
});
