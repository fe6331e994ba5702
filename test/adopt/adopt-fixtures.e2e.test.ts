import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, connect } from '../mcp/connect.js';
import { dsctl } from '../support/cli.js';
import { checkoutAdoptFixture } from '../support/adopt-fixture.js';

/*
 * Adoption end to end on three apps shaped as teams really have them (test/fixtures/adopt/): a Next +
 * Tailwind v3 + shadcn app (HSL channels, a CommonJS tailwind.config.js, pnpm, 4-space package.json),
 * a Vite + React + Tailwind v4 app (@theme inline over oklch variables, cva/tv components), and a
 * Nuxt + Vue + Tailwind v4 app (@theme, SFCs with defineProps, yarn).
 */

type Tokens = { color: { semantic: Record<string, Record<string, { $value: { hex?: string } | string }>> } };
const APPS = {
  'next-shadcn': { tokens: 23, light: ['primary', '#0f172a'], dark: ['primary', '#f8fafc'], button: 'Button', importPath: '@/components/ui/button', variants: ['default', 'destructive', 'outline', 'ghost'], props: ['variant', 'size', 'asChild'], install: 'pnpm install --frozen-lockfile' },
  'vite-react': { tokens: 24, light: ['background', '#ffffff'], dark: ['background', '#0a0a0a'], button: 'Button', importPath: '@/components/ui/button', variants: ['default', 'destructive', 'outline', 'secondary', 'ghost'], props: ['variant', 'size'], install: 'npm ci' },
  'nuxt-vue': { tokens: 9, light: ['surface', '#ffffff'], dark: ['surface', '#0f172a'], button: 'AppButton', importPath: undefined, variants: undefined, props: ['label', 'tone', 'disabled'], install: 'yarn install --frozen-lockfile' },
} as const;

const checkout = (name: keyof typeof APPS) => checkoutAdoptFixture(name);

const hex = (v: { hex?: string } | string | undefined) => (typeof v === 'string' ? v : v?.hex);

describe.each(Object.entries(APPS) as [keyof typeof APPS, (typeof APPS)[keyof typeof APPS]][])('dsctl init --yes adopts %s', (name, want) => {
  it('keeps the app, imports its tokens, writes rules of its theme, scans its components; check, lint and drift then pass; MCP knows its Button', async () => {
    const dir = checkout(name);
    const pkgBefore = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | string>;
    const ignoreBefore = readFileSync(join(dir, '.gitignore'), 'utf8').split('\n').filter(Boolean);

    const init = dsctl(['init', '--yes'], dir);
    expect(init.code, init.stderr).toBe(0);

    // Nothing of the app is lost.
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Record<string, Record<string, string> | string>;
    for (const [key, value] of Object.entries(pkgBefore)) {
      if (typeof value === 'object') expect(pkg[key]).toMatchObject(value);
      else expect(pkg[key]).toBe(value);
    }
    expect(pkg['type']).toBe(pkgBefore['type']);
    const ignore = readFileSync(join(dir, '.gitignore'), 'utf8').split('\n');
    for (const line of ignoreBefore) expect(ignore).toContain(line);

    // Its tokens, light and dark.
    const tokens = JSON.parse(readFileSync(join(dir, 'design/contracts/tokens.json'), 'utf8')) as Tokens;
    const check = dsctl(['check', '--json'], dir);
    expect(check.code, check.stdout).toBe(0);
    const checked = JSON.parse(check.stdout) as { data: { summary: { tokens: number }; problems: { code: string }[] } };
    expect(checked.data.summary.tokens).toBe(want.tokens);
    expect(hex(tokens.color.semantic['light']?.[want.light[0]]?.$value)).toBe(want.light[1]);
    expect(hex(tokens.color.semantic['dark']?.[want.dark[0]]?.$value)).toBe(want.dark[1]);
    // Rules whose alternatives name the app's own utilities (dsctl check warns on any it does not define).
    expect(checked.data.problems.filter((p) => p.code.startsWith('rule/'))).toEqual([]);
    expect(readFileSync(join(dir, 'design/contracts/rules.json'), 'utf8')).not.toMatch(/text-on-primary|bg-surface-|class="btn/);

    // Its components, as contracts.
    const contract = JSON.parse(readFileSync(join(dir, `design/contracts/components/${want.button.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}.contract.json`), 'utf8')) as {
      status: string;
      importPath?: string;
      variants?: Record<string, { options: string[] }>;
      props?: { name: string }[];
    };
    expect(contract.status).toBe('draft');
    if (want.importPath) expect(contract.importPath).toBe(want.importPath);
    if (want.variants) expect(contract.variants?.['variant']?.options).toEqual(want.variants);
    expect(contract.props?.map((p) => p.name)).toEqual(expect.arrayContaining([...want.props]));

    // The app's CSS is its token source: no second copy of its values under dsctl's names.
    expect(existsSync(join(dir, 'design/generated/tokens.css'))).toBe(false);
    expect(existsSync(join(dir, 'design/generated/theme.css'))).toBe(false);

    // The CI workflow installs with the app's package manager.
    expect(readFileSync(join(dir, '.github/workflows/design-check.yml'), 'utf8')).toContain(want.install);

    const lint = dsctl(['lint', '--baseline'], dir);
    expect(lint.code, lint.stdout + lint.stderr).toBe(0);
    expect(lint.stderr).toMatch(/linted [1-9]\d* files/);
    expect(lint.stderr).not.toContain('not included');
    const drift = dsctl(['drift'], dir);
    expect(drift.code, drift.stdout + drift.stderr).toBe(0);

    const { client } = await connect(dir);
    const answer = await call(client, 'get_component', { id: want.button });
    expect(answer.isError).toBeFalsy();
    const component = answer.structuredContent?.['component'] as { props?: { name: string }[]; importPath?: string };
    expect(component.props?.map((p) => p.name)).toEqual(expect.arrayContaining([...want.props]));
    if (want.importPath) expect(answer.structuredContent?.['import']).toBe(`import { ${want.button} } from '${want.importPath}'`);
  });
});
