import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadValidProject, type Project } from '../../../src/project/project.js';
import { view } from '../../../src/views/generators/design-md-front-matter.js';
import type { ViewOutput } from '../../../src/views/view.js';
import { editJson, starterProject } from '../../support/project.js';

type Tree = Record<string, unknown>;

function frontMatter(project: Project): Extract<ViewOutput, { kind: 'front-matter' }> {
  const outputs = view.generate(project);
  expect(outputs).toHaveLength(1);
  const out = outputs[0];
  if (!out || out.kind !== 'front-matter') throw new Error('expected front matter');
  return out;
}

const tree = (project: Project) => parse(frontMatter(project).yaml) as Tree;

/** Leaf key paths → JSON of the value (empty maps are leaves), as the drift check flattens YAML. */
function flatten(value: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) out.set(prefix, '{}');
    for (const [k, v] of entries) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, JSON.stringify(value));
  return out;
}

function changedKeys(before: string, after: string): string[] {
  const a = flatten(parse(before));
  const b = flatten(parse(after));
  return [...new Set([...a.keys(), ...b.keys()])].filter((k) => a.get(k) !== b.get(k)).sort();
}

describe('design-md-front-matter', () => {
  it('is named after its config key and reads the config, the tokens and every contract', () => {
    const project = loadValidProject({ cwd: starterProject() });
    expect(view.name).toBe('design-md-front-matter');
    expect(view.sources(project)).toEqual([
      'dsctl.config.json',
      'design/contracts/tokens.json',
      ...project.components.components.map((c) => c.file),
    ]);
    expect(frontMatter(project).path).toBe('DESIGN.md');
  });

  it('writes the design.md header, without fences, ending in a newline', () => {
    const project = loadValidProject({ cwd: starterProject() });
    const { yaml } = frontMatter(project);
    expect(yaml.startsWith('version: alpha\nname: Tessera\ndescription: ')).toBe(true);
    expect(yaml).not.toMatch(/^---$/m);
    expect(yaml.endsWith('\n')).toBe(true);
    expect(Object.keys(tree(project))).toEqual(['version', 'name', 'description', 'colors', 'typography', 'rounded', 'spacing', 'components']);
  });

  it.each([
    ['primary', '#3549cf'],
    ['fg-muted', '#5e5a53'],
    ['success-fg', '#22663a'],
    ['danger-solid-hover', '#9c2f1f'],
    ['scrim', '#1312107a'],
    ['brand-600', '#3549cf'],
    ['neutral-0', '#ffffff'],
    ['effect-shadow', '#13121024'],
    ['semantic-dark-primary', '#7a94f0'],
  ])('colors.%s is %s', (name, hex) => {
    const colors = tree(loadValidProject({ cwd: starterProject() })).colors as Tree;
    expect(colors[name]).toBe(hex);
  });

  it('lists the roles first (token order), then the raw colours, leaving out deprecated tokens and the roles\' own paths', () => {
    const colors = Object.keys(tree(loadValidProject({ cwd: starterProject() })).colors as Tree);
    expect(colors.slice(0, 4)).toEqual(['bg', 'bg-subtle', 'surface', 'fg']);
    expect(colors.indexOf('info-bg')).toBe(20);
    expect(colors[21]).toBe('brand-50');
    expect(colors).not.toContain('legacy-accent');
    expect(colors).not.toContain('semantic-light-primary');
  });

  it('derives one typography level per font size, in the body family, weight and line height', () => {
    const typography = tree(loadValidProject({ cwd: starterProject() })).typography as Tree;
    expect(Object.keys(typography)).toEqual(['text-xs', 'text-sm', 'text-base', 'text-lg', 'text-xl', 'text-2xl', 'text-3xl']);
    expect(typography['text-sm']).toEqual({ fontFamily: 'Public Sans', fontSize: '0.875rem', fontWeight: 400, lineHeight: 1.5 });
    expect(Object.keys(typography['text-3xl'] as Tree)).toEqual(['fontFamily', 'fontSize', 'fontWeight', 'lineHeight']);
  });

  it('turns composite typography tokens into levels of their own', () => {
    const dir = starterProject();
    editJson<Tree>(dir, 'design/contracts/tokens.json', (tokens) => {
      tokens.typography = {
        $type: 'typography',
        heading: {
          lg: {
            $value: {
              fontFamily: '{font.family.sans}',
              fontSize: { value: 28, unit: 'px' },
              fontWeight: '{font.weight.bold}',
              letterSpacing: { value: -0.02, unit: 'rem' },
              lineHeight: 1.2,
            },
          },
        },
      };
    });
    const project = loadValidProject({ cwd: dir });
    const typography = tree(project).typography as Tree;
    expect(Object.keys(typography)[0]).toBe('heading-lg');
    expect(typography['heading-lg']).toEqual({ fontFamily: 'Public Sans', fontSize: '28px', fontWeight: 700, lineHeight: 1.2, letterSpacing: '-0.02rem' });
    const { origins } = frontMatter(project);
    expect(origins?.get('typography.heading-lg.fontWeight')).toBe('font.weight.bold');
    expect(origins?.get('typography.heading-lg.fontSize')).toBe('typography.heading.lg');
  });

  it('takes rounded and spacing from the theme namespaces', () => {
    const t = tree(loadValidProject({ cwd: starterProject() }));
    expect(t.rounded).toEqual({ none: '0px', sm: '4px', md: '6px', lg: '10px', xl: '16px', full: '9999px' });
    expect(Object.keys(t.spacing as Tree)).toEqual(['0', '1', '2', '3', '4', '6', '8', '10', '12', '16']);
    expect((t.spacing as Tree)['4']).toBe('16px');
  });

  it('derives component keys from the contract classes as references into the tree', () => {
    const components = tree(loadValidProject({ cwd: starterProject() })).components as Record<string, Tree>;
    expect(components['button-primary']).toEqual({ backgroundColor: '{colors.primary}', textColor: '{colors.on-primary}', rounded: '{rounded.md}' });
    expect(components['button-primary-hover']).toEqual({ backgroundColor: '{colors.primary-hover}' });
    expect(components['button-lg']).toEqual({ typography: '{typography.text-base}', gap: '{spacing.2}', height: '{spacing.12}' });
    // The default key merges the default option of every axis: secondary intent, md size.
    expect(components.button).toEqual({
      backgroundColor: '{colors.surface}',
      textColor: '{colors.fg}',
      borderColor: '{colors.border}',
      typography: '{typography.text-sm}',
      rounded: '{rounded.md}',
      gap: '{spacing.2}',
      height: '{spacing.10}',
    });
    expect(components['text-field-invalid']?.borderColor).toBe('{colors.danger-fg}');
    expect(components['tabs-contained']?.padding).toBe('{spacing.1}');
    expect(components['card-raised']?.shadow).toBe('0px 1px 2px 0px #13121024');
    expect(components['icon-button-sm']).toEqual({ size: '{spacing.8}' });
  });

  it('always writes the default key, and skips what no class says', () => {
    const components = tree(loadValidProject({ cwd: starterProject() })).components as Record<string, Tree>;
    expect(components.dialog).toEqual({});
    expect(components).not.toHaveProperty('dialog-sm'); // max-w-sm has no token
    expect(components['badge-sm']).toEqual({ typography: '{typography.text-xs}' }); // px-2 py-1: no single padding
    const keys = Object.keys(components);
    for (const { contract } of loadValidProject({ cwd: starterProject() }).components.components) expect(keys).toContain(contract.id);
    expect(keys.indexOf('badge')).toBeLessThan(keys.indexOf('badge-neutral'));
    expect(keys.indexOf('badge-info')).toBeLessThan(keys.indexOf('badge-sm'));
  });

  it('writes px-N with py-N of the same step as one padding', () => {
    const dir = starterProject();
    editJson<{ sizes: { classes: Record<string, string> } }>(dir, 'design/contracts/components/badge.contract.json', (c) => {
      c.sizes.classes.sm = 'px-2 py-2 text-xs';
    });
    const components = tree(loadValidProject({ cwd: dir })).components as Record<string, Tree>;
    expect(components['badge-sm']).toEqual({ typography: '{typography.text-xs}', padding: '{spacing.2}' });
  });

  it('points every reference at a key that exists', () => {
    const t = tree(loadValidProject({ cwd: starterProject() }));
    for (const properties of Object.values(t.components as Record<string, Tree>)) {
      for (const value of Object.values(properties)) {
        const ref = /^\{(.+)\}$/.exec(String(value))?.[1];
        if (!ref) continue;
        const [section, key] = [ref.slice(0, ref.indexOf('.')), ref.slice(ref.indexOf('.') + 1)];
        expect((t[section] as Tree)[key], ref).toBeDefined();
      }
    }
  });

  it('is deterministic', () => {
    const a = loadValidProject({ cwd: starterProject() });
    const b = loadValidProject({ cwd: starterProject() });
    expect(frontMatter(a).yaml).toBe(frontMatter(a).yaml);
    expect(frontMatter(a).yaml).toBe(frontMatter(b).yaml);
    expect([...(frontMatter(a).origins ?? [])]).toEqual([...(frontMatter(b).origins ?? [])]);
  });

  it('names the origin of every generated key, and nothing else', () => {
    const { yaml, origins } = frontMatter(loadValidProject({ cwd: starterProject() }));
    const keys = [...flatten(parse(yaml)).entries()].filter(([k, v]) => !['version', 'name', 'description'].includes(k) && v !== '{}').map(([k]) => k);
    expect([...(origins?.keys() ?? [])].sort()).toEqual([...keys].sort());
    expect(origins?.get('colors.brand-600')).toBe('color.brand.600');
    expect(origins?.get('colors.primary')).toBe('color.semantic.light.primary');
    expect(origins?.get('typography.text-sm.fontSize')).toBe('font.size.sm');
    expect(origins?.get('typography.text-sm.fontFamily')).toBe('font.family.sans');
    expect(origins?.get('typography.text-sm.fontWeight')).toBe('font.weight.regular');
    expect(origins?.get('typography.text-sm.lineHeight')).toBe('font.line-height.normal');
    expect(origins?.get('components.button-primary.backgroundColor')).toBe('color.semantic.light.primary');
  });

  it('changes exactly the keys of a changed token and the roles aliasing it', () => {
    const dir = starterProject();
    const before = frontMatter(loadValidProject({ cwd: dir })).yaml;
    editJson<{ color: { brand: Record<string, { $value: unknown }> } }>(dir, 'design/contracts/tokens.json', (t) => {
      const step = t.color.brand['600'];
      if (step) step.$value = '#ff0000';
    });
    const after = frontMatter(loadValidProject({ cwd: dir })).yaml;
    expect(changedKeys(before, after)).toEqual(['colors.brand-600', 'colors.primary']);
    expect((parse(after) as { colors: Tree }).colors['brand-600']).toBe('#ff0000');
  });

  it('falls back to a neutral name', () => {
    const dir = starterProject();
    editJson<Tree>(dir, 'dsctl.config.json', (config) => {
      delete config.name;
    });
    expect(tree(loadValidProject({ cwd: dir })).name).toBe('Design system');
  });
});
