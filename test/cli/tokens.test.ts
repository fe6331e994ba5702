import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dsctl } from '../support/cli.js';
import { tempDir } from '../support/temp-dir.js';

const GLOBALS = readFileSync(new URL('../fixtures/adopt/vite-react/src/index.css', import.meta.url), 'utf8');

describe('dsctl tokens import (built binary)', () => {
  it('writes, then is unchanged, then proposes; --apply writes; exit 0 / 0 / 1 / 0', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'globals.css'), GLOBALS);
    const first = dsctl(['tokens', 'import', 'globals.css'], dir);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('wrote design/contracts/tokens.json');
    expect(first.stderr).toMatch(/globals\.css:\d+:3 --radius-sm was not imported/);
    expect(first.stdout).toContain('"colorDark":["color.semantic.dark"]');
    const written = readFileSync(join(dir, 'design/contracts/tokens.json'), 'utf8');
    const primary = (JSON.parse(written) as { color: { semantic: { light: { primary: unknown } } } }).color.semantic.light.primary;
    expect(primary).toEqual({
      $type: 'color',
      $value: { colorSpace: 'oklch', components: [0.205, 0, 0], alpha: 1, hex: '#171717' },
      $extensions: { 'dsctl.css': { name: '--primary', scope: ':root' } },
    });

    const again = dsctl(['tokens', 'import', 'globals.css'], dir);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('is up to date');
    expect(readFileSync(join(dir, 'design/contracts/tokens.json'), 'utf8')).toBe(written);

    writeFileSync(join(dir, 'globals.css'), GLOBALS.replace('--radius: 0.625rem;', '--radius: 0.5rem;'));
    const proposed = dsctl(['tokens', 'import', 'globals.css', '--json'], dir);
    expect(proposed.code).toBe(1);
    const envelope = JSON.parse(proposed.stdout) as { type: string; ok: boolean; data: { status: string; proposal: string; diff: unknown } };
    expect(envelope).toMatchObject({ type: 'dsctl/tokens-import', ok: false, data: { status: 'proposal', diff: { added: [], removed: [], changed: ['radius.DEFAULT'] } } });
    expect(existsSync(join(dir, envelope.data.proposal))).toBe(true);
    expect(readFileSync(join(dir, 'design/contracts/tokens.json'), 'utf8')).toBe(written);

    const applied = dsctl(['tokens', 'import', 'globals.css', '--apply'], dir);
    expect(applied.code, applied.stderr).toBe(0);
    expect(readFileSync(join(dir, 'design/contracts/tokens.json'), 'utf8')).toContain('"value": 0.5');
  });

  it('exits 2 with file:line:column for a bad source, and writes nothing', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'tokens.json'), '{\n  "color": { "x": { "value": "nope", "type": "color" } }\n}\n');
    const run = dsctl(['tokens', 'import', 'tokens.json', '--out', 'out.json'], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('at tokens.json:2:30');
    const json = dsctl(['tokens', 'import', 'tokens.json', '--out', 'out.json', '--json'], dir);
    expect(JSON.parse(json.stdout)).toMatchObject({ type: 'dsctl/error', error: { code: 'tokens/import-invalid-value', file: 'tokens.json', line: 2, column: 30 } });
    expect(existsSync(join(dir, 'out.json'))).toBe(false);
  });

  it('loads a TypeScript tailwind.config.ts (jiti) through the project\'s own resolveConfig; names a missing package with the install command', () => {
    // No real Tailwind v3 here: a tiny CommonJS resolveConfig that merges theme.extend, as v3's does.
    const dir = tempDir();
    mkdirSync(join(dir, 'node_modules/tailwindcss'), { recursive: true });
    writeFileSync(join(dir, 'package.json'), '{"name":"app"}');
    writeFileSync(join(dir, 'yarn.lock'), '');
    writeFileSync(join(dir, 'node_modules/tailwindcss/resolveConfig.js'), 'module.exports = (c) => ({ theme: { ...c.theme, ...c.theme.extend } });');
    writeFileSync(join(dir, 'tailwind.config.ts'), "const accent: string = '#ff8800';\nexport default { theme: { extend: { colors: { accent }, zIndex: { modal: '1300' } } } };\n");
    const run = dsctl(['tokens', 'import', 'tailwind.config.ts', '--out', 'tokens.json', '--json'], dir);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'tokens.json'), 'utf8'))).toMatchObject({ color: { semantic: { light: { accent: { $value: '#ff8800' } } } }, 'z-index': { modal: { $type: 'number', $value: 1300 } } });

    writeFileSync(join(dir, 'tailwind.config.ts'), "import preset from '@acme/preset';\nexport default { presets: [preset] };\n");
    const missing = dsctl(['tokens', 'import', 'tailwind.config.ts', '--out', 'other.json'], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('"@acme/preset"');
    expect(missing.stderr).toContain('yarn');
  });

  it('--dry-run writes nothing; --help lists every format', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'globals.css'), GLOBALS);
    const dry = dsctl(['tokens', 'import', 'globals.css', '--dry-run'], dir);
    expect(dry.code).toBe(0);
    expect(existsSync(join(dir, 'design'))).toBe(false);
    const help = dsctl(['tokens', 'import', '--help'], dir);
    for (const id of ['css-variables', 'figma-variables', 'style-dictionary', 'tailwind-v3-config', 'tailwind-v4-theme', 'tokens-studio']) expect(help.stdout).toContain(id);
  });
});
