import { describe, expect, it } from 'vitest';
import { buildThemeIndex } from '../../src/contracts/theme-index.js';
import { themeTokenOfUtility, UTILITY_PREFIXES, utilityPrefixOf } from '../../src/contracts/utility-prefixes.js';
import { loadValidProject } from '../../src/project/project.js';
import { sharedStarterProject } from '../support/project.js';

describe('utility prefixes', () => {
  it('are unique and longest first, so a prefix never shadows a longer one', () => {
    const prefixes = UTILITY_PREFIXES.map((p) => p.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
    for (let i = 1; i < prefixes.length; i++) expect((prefixes[i - 1] ?? '').length).toBeGreaterThanOrEqual((prefixes[i] ?? '').length);
  });

  const theme = buildThemeIndex(loadValidProject({ cwd: sharedStarterProject() }));
  it.each([
    ['bg-primary', 'bg', 'primary', 'color.semantic.light.primary'],
    ['text-sm', 'text', 'sm', 'font.size.sm'],
    ['text-fg-muted', 'text', 'fg-muted', 'color.semantic.light.fg-muted'],
    ['gap-x-4', 'gap-x', '4', 'spacing.4'],
    ['ring-offset-2', 'ring-offset', '2', undefined],
    ['rounded-md', 'rounded', 'md', 'radius.md'],
    ['max-w-md', 'max-w', 'md', undefined],
  ])('%s → prefix %s, value %s, token %s', (utility, prefix, name, token) => {
    const found = utilityPrefixOf(utility);
    expect(found?.entry.prefix).toBe(prefix);
    expect(found?.name).toBe(name);
    expect(found && themeTokenOfUtility(found.entry, found.name, theme)?.path).toBe(token);
  });

  it('marks the prefixes whose values also come from scales outside the theme', () => {
    expect(UTILITY_PREFIXES.filter((p) => p.open).map((p) => p.prefix).sort()).toEqual(['bottom', 'h', 'inset', 'left', 'max-h', 'max-w', 'min-h', 'min-w', 'right', 'ring-offset', 'size', 'space-x', 'space-y', 'top', 'w'].sort());
    expect(utilityPrefixOf('flex')).toBeUndefined();
  });
});
