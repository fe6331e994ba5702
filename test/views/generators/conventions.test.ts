import { describe, expect, it } from 'vitest';
import { buildThemeIndex } from '../../../src/contracts/theme-index.js';
import { loadValidProject } from '../../../src/project/project.js';
import { bodyTextToken, colourRoles, conventionTokens, type ConventionRole } from '../../../src/views/generators/conventions.js';
import { editJson, starterProject } from '../../support/project.js';

describe('conventionTokens', () => {
  const project = loadValidProject({ cwd: starterProject() });

  it.each<[ConventionRole, string[], string[]]>([
    ['fontFamily', ['sans', 'mono'], ['font.family.sans', 'font.family.mono']],
    ['fontWeight', ['regular', 'medium', 'semibold', 'bold'], ['font.weight.regular', 'font.weight.medium', 'font.weight.semibold', 'font.weight.bold']],
    ['lineHeight', ['tight', 'normal', 'relaxed'], ['font.line-height.tight', 'font.line-height.normal', 'font.line-height.relaxed']],
    ['easing', ['standard', 'emphasized'], ['motion.easing.standard', 'motion.easing.emphasized']],
    ['typography', [], []],
  ])('%s → %j', (role, names, paths) => {
    const found = conventionTokens(project, role);
    expect(found.map((t) => t.name)).toEqual(names);
    expect(found.map((t) => t.token.path)).toEqual(paths);
  });

  it.each<[ConventionRole, string]>([
    ['fontFamily', 'font.family.sans'],
    ['fontWeight', 'font.weight.regular'],
    ['lineHeight', 'font.line-height.normal'],
  ])('body text %s is %s', (role, path) => {
    expect(bodyTextToken(project, role)?.token.path).toBe(path);
  });

  it('names tokens outside a role group by their last segment, or leaves them out', () => {
    const dir = starterProject();
    editJson<Record<string, Record<string, unknown>>>(dir, 'design/contracts/tokens.json', (t) => {
      t.brand = { display: { $type: 'fontFamily', $value: 'Fraunces' }, ratio: { $type: 'number', $value: 1.25 } };
    });
    const edited = loadValidProject({ cwd: dir });
    expect(conventionTokens(edited, 'fontFamily').map((t) => t.name)).toEqual(['sans', 'mono', 'display']);
    expect(conventionTokens(edited, 'lineHeight').map((t) => t.token.path)).not.toContain('brand.ratio');
  });
});

describe('colourRoles', () => {
  it('pairs each light role with the dark token of the same name', () => {
    const roles = colourRoles(buildThemeIndex(loadValidProject({ cwd: starterProject() })));
    expect(roles).toHaveLength(21);
    const primary = roles.find((r) => r.name === 'primary');
    expect(primary?.light.path).toBe('color.semantic.light.primary');
    expect(primary?.dark?.path).toBe('color.semantic.dark.primary');
    expect(roles.every((r) => r.dark !== undefined)).toBe(true);
  });
});
