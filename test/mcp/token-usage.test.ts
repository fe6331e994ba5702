import { describe, expect, it } from 'vitest';
import { editJson, starterProject } from '../support/project.js';
import { call, connect } from './connect.js';

type Lead = { cssVariable: string; utility?: string; switchesTheme: boolean; tokenVariable: string };

// given: a token path of the starter; want: what an agent should write, and the one-theme detail.
const STARTER: { path: string; want: Lead }[] = [
  { path: 'color.semantic.light.fg-muted', want: { cssVariable: '--color-fg-muted', utility: 'text-fg-muted', switchesTheme: true, tokenVariable: '--color-semantic-light-fg-muted' } },
  { path: 'color.semantic.dark.fg-muted', want: { cssVariable: '--color-fg-muted', utility: 'text-fg-muted', switchesTheme: true, tokenVariable: '--color-semantic-dark-fg-muted' } },
  { path: 'color.semantic.light.surface', want: { cssVariable: '--color-surface', utility: 'bg-surface', switchesTheme: true, tokenVariable: '--color-semantic-light-surface' } },
  { path: 'color.semantic.light.border', want: { cssVariable: '--color-border', utility: 'border-border', switchesTheme: true, tokenVariable: '--color-semantic-light-border' } },
  { path: 'color.semantic.light.success.bg', want: { cssVariable: '--color-success-bg', utility: 'bg-success-bg', switchesTheme: true, tokenVariable: '--color-semantic-light-success-bg' } },
  // Not used by any contract: named for what it colours.
  { path: 'color.semantic.light.scrim', want: { cssVariable: '--color-scrim', utility: 'bg-scrim', switchesTheme: true, tokenVariable: '--color-semantic-light-scrim' } },
  { path: 'color.neutral.400', want: { cssVariable: '--color-neutral-400', switchesTheme: false, tokenVariable: '--color-neutral-400' } },
  { path: 'radius.md', want: { cssVariable: '--radius-md', utility: 'rounded-md', switchesTheme: false, tokenVariable: '--radius-md' } },
  { path: 'font.size.sm', want: { cssVariable: '--font-size-sm', utility: 'text-sm', switchesTheme: false, tokenVariable: '--font-size-sm' } },
  { path: 'font.weight.medium', want: { cssVariable: '--font-weight-medium', utility: 'font-medium', switchesTheme: false, tokenVariable: '--font-weight-medium' } },
  { path: 'font.line-height.tight', want: { cssVariable: '--font-line-height-tight', utility: 'leading-tight', switchesTheme: false, tokenVariable: '--font-line-height-tight' } },
  { path: 'shadow.sm', want: { cssVariable: '--shadow-sm', utility: 'shadow-sm', switchesTheme: false, tokenVariable: '--shadow-sm' } },
  { path: 'motion.easing.standard', want: { cssVariable: '--motion-easing-standard', utility: 'ease-standard', switchesTheme: false, tokenVariable: '--motion-easing-standard' } },
  // Tailwind v4 has no theme namespace for z-index: a variable, no class.
  { path: 'z-index.modal', want: { cssVariable: '--z-index-modal', switchesTheme: false, tokenVariable: '--z-index-modal' } },
];

const lead = (token: Record<string, unknown>): Lead => {
  const { cssVariable, utility, switchesTheme, tokenVariable } = token as Lead;
  return { cssVariable, ...(utility === undefined ? {} : { utility }), switchesTheme, tokenVariable };
};

describe('get_token and search_tokens lead with what UI should write', () => {
  it.each(STARTER)('get_token $path', async ({ path, want }) => {
    const { client } = await connect();
    const token = (await call(client, 'get_token', { path })).structuredContent as Record<string, unknown>;
    expect(lead(token)).toEqual(want);
  });

  it('puts the class and the theme variable first and the one-theme variable last, and says so', async () => {
    const { client } = await connect();
    const result = await call(client, 'get_token', { path: 'color.semantic.light.fg-muted' });
    const token = result.structuredContent as Record<string, unknown>;
    expect(Object.keys(token).slice(0, 4)).toEqual(['path', 'type', 'cssVariable', 'utility']);
    expect(Object.keys(token).at(-1)).toBe('tokenVariable');
    expect(token.utilities).toEqual(['text-fg-muted', 'bg-fg-muted', 'border-fg-muted']);
    expect(token.usage).toBe(
      'Use the class text-fg-muted (or var(--color-fg-muted) in CSS): it switches between light and dark. --color-semantic-light-fg-muted is the light value only; do not write it in UI.',
    );
    // Clients that read only text see the same order.
    expect(result.content[0]?.text?.indexOf('"cssVariable"')).toBeLessThan(result.content[0]?.text?.indexOf('"tokenVariable"') ?? 0);
  });

  it('search_tokens "muted": both themes of the role lead with --color-fg-muted and text-fg-muted', async () => {
    const { client } = await connect();
    const { tokens } = (await call(client, 'search_tokens', { query: 'muted' })).structuredContent as { tokens: Record<string, unknown>[] };
    expect(tokens.map(lead)).toEqual([
      { cssVariable: '--color-fg-muted', utility: 'text-fg-muted', switchesTheme: true, tokenVariable: '--color-semantic-dark-fg-muted' },
      { cssVariable: '--color-fg-muted', utility: 'text-fg-muted', switchesTheme: true, tokenVariable: '--color-semantic-light-fg-muted' },
    ]);
    expect(Object.keys(tokens[0] ?? {}).slice(0, 4)).toEqual(['path', 'type', 'cssVariable', 'utility']);
  });

  it('a deprecated token says what to use instead; a raw palette step points at the roles', async () => {
    const { client } = await connect();
    const legacy = (await call(client, 'get_token', { path: 'color.legacy.accent' })).structuredContent as Record<string, unknown>;
    expect(legacy).toMatchObject({ utilities: [], usage: 'Deprecated, do not use it: Use {color.semantic.light.primary} instead.' });
    const raw = (await call(client, 'get_token', { path: 'color.neutral.400' })).structuredContent as Record<string, unknown>;
    expect(raw.usage).toMatch(/raw palette step with no utility; prefer a role/);
  });

  it('without a dark theme the role variable is still the one to write, but does not switch', async () => {
    const dir = starterProject();
    editJson<{ theme: { colorDark: string[] } }>(dir, 'dsctl.config.json', (c) => {
      c.theme.colorDark = [];
    });
    const { client } = await connect(dir);
    const token = (await call(client, 'get_token', { path: 'color.semantic.light.fg-muted' })).structuredContent as Record<string, unknown>;
    expect(lead(token)).toEqual({ cssVariable: '--color-fg-muted', utility: 'text-fg-muted', switchesTheme: false, tokenVariable: '--color-semantic-light-fg-muted' });
    expect(token.usage).toBe('Use the class text-fg-muted (or var(--color-fg-muted) in CSS).');
  });

  it('the lead class follows what the component contracts use', async () => {
    const dir = starterProject();
    // Before: text-primary is the contracts' most used class of the primary role.
    editJson<{ htmlSample: string }>(dir, 'design/contracts/components/badge.contract.json', (c) => {
      c.htmlSample = `${c.htmlSample}${'<span class="bg-primary"></span>'.repeat(10)}`;
    });
    const { client } = await connect(dir);
    const token = (await call(client, 'get_token', { path: 'color.semantic.light.primary' })).structuredContent as Record<string, unknown>;
    expect(token.utility).toBe('bg-primary');
  });
});
