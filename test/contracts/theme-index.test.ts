import { describe, expect, it } from 'vitest';
import { buildFontWeightIndex, buildThemeIndex, type ThemeNamespace } from '../../src/contracts/theme-index.js';
import type { TokenValueKind } from '../../src/contracts/rule-types.js';
import { loadValidProject } from '../../src/project/project.js';
import { editJson, starterProject } from '../support/project.js';

const starter = () => loadValidProject({ cwd: starterProject() });

describe('buildThemeIndex', () => {
  const theme = buildThemeIndex(starter());

  it.each<[ThemeNamespace, string, string | undefined]>([
    ['color', 'primary', 'color.semantic.light.primary'],
    ['color', 'bg', 'color.semantic.light.bg'],
    ['color', 'bg-subtle', 'color.semantic.light.bg-subtle'],
    ['color', 'success-fg', 'color.semantic.light.success.fg'],
    ['color', 'danger-solid-hover', 'color.semantic.light.danger.solid-hover'],
    ['color', 'brand-600', undefined],
    ['color', 'white', undefined],
    ['color', 'success', undefined],
    ['spacing', '4', 'spacing.4'],
    ['spacing', '5', undefined],
    ['radius', 'md', 'radius.md'],
    ['fontSize', '2xl', 'font.size.2xl'],
    ['fontSize', 'fg', undefined],
    ['shadow', 'lg', 'shadow.lg'],
    ['zIndex', 'modal', 'z-index.modal'],
    ['duration', 'fast', 'motion.duration.fast'],
  ])('lookup(%s, %s) → %s', (namespace, name, path) => {
    expect(theme.lookup(namespace, name)?.path).toBe(path);
  });

  it.each<[TokenValueKind, string[]]>([
    ['spacing', ['0', '1', '2', '3', '4', '6', '8', '10', '12', '16']],
    ['radius', ['none', 'sm', 'md', 'lg', 'xl', 'full']],
    ['font-size', ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl']],
    ['shadow', ['sm', 'md', 'lg']],
    ['z-index', ['base', 'dropdown', 'sticky', 'overlay', 'modal', 'toast']],
    ['duration', ['fast', 'normal', 'slow']],
  ])('candidates(%s) are the namespace utilities', (kind, utilities) => {
    expect(theme.candidates(kind).map((c) => c.utility)).toEqual(utilities);
  });

  it('colour candidates are the configured roles only', () => {
    const colours = theme.candidates('color');
    expect(colours.map((c) => c.utility)).toContain('fg-muted');
    expect(colours.every((c) => c.token.path.startsWith('color.semantic.light.'))).toBe(true);
    expect(colours).toHaveLength(21);
  });

  it('computes candidates once', () => {
    expect(theme.candidates('spacing')).toBe(theme.candidates('spacing'));
  });

  it('falls back to every non-deprecated colour token when no colour namespace is configured', () => {
    const dir = starterProject();
    editJson(dir, 'dsctl.config.json', (config: { theme: Record<string, unknown> }) => {
      config.theme.color = [];
    });
    const index = buildThemeIndex(loadValidProject({ cwd: dir }));
    const utilities = index.candidates('color').map((c) => c.utility);
    expect(utilities).toContain('brand-600');
    expect(utilities).toContain('semantic-dark-fg');
    expect(utilities).not.toContain('legacy-accent');
    expect(index.lookup('color', 'primary')).toBeUndefined();
  });

  it('prefers the earlier group on a name clash, and maps DEFAULT to the bare utility', () => {
    const dir = starterProject();
    editJson(dir, 'dsctl.config.json', (config: { theme: Record<string, unknown> }) => {
      config.theme.color = ['color.semantic.dark', 'color.semantic.light'];
    });
    editJson(dir, 'design/contracts/tokens.json', (tokens: { radius: Record<string, unknown> }) => {
      tokens.radius.DEFAULT = { $value: { value: 6, unit: 'px' } };
    });
    const index = buildThemeIndex(loadValidProject({ cwd: dir }));
    expect(index.lookup('color', 'fg')?.path).toBe('color.semantic.dark.fg');
    expect(index.lookup('radius', '')?.path).toBe('radius.DEFAULT');
  });
});

describe('buildFontWeightIndex', () => {
  const weights = buildFontWeightIndex(starter());
  it.each([
    ['bold', 700],
    ['semibold', 600],
    ['regular', 400],
    ['medium', 500],
    ['extrabold', 800],
    ['nope', undefined],
  ])('font-%s → %s', (name, weight) => {
    expect(weights.lookup(name)).toBe(weight);
  });
});
