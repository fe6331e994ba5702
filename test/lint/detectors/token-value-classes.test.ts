import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLinter } from '../../../src/lint/engine.js';
import { loadValidProject } from '../../../src/project/project.js';
import { linterFor } from '../../support/lint.js';
import { starterProject, writeJson } from '../../support/project.js';

const RULE = { id: 'RAW', detector: 'token-value', tokenValueCheck: { kinds: ['color', 'spacing'] } };
const defaults = { category: 'test', severity: 'error', description: 'raw', automationStatus: 'auto' };
const view = (result: { violations: readonly { token: string; column: number; alternative?: string }[] }) =>
  result.violations.map((v) => `${v.column} ${v.token} → ${v.alternative ?? ''}`);

describe('token-value on classes', () => {
  it.each([
    ['p-[7px]', ['14 7px → Use spacing.2 (8px, utility: p-2)']],
    ['hover:bg-[#3549cf]/90', ['21 #3549cf → Use color.semantic.light.primary (#3549cf, utility: bg-primary)']],
    ['focus:ring-[#3549cf]/50', ['23 #3549cf → Use color.semantic.light.primary (#3549cf, utility: ring-primary)']],
    ['bg-[#000]/[0.5]', ['15 #000 → Use color.semantic.light.fg (#1e1c1a, utility: bg-fg)']],
    ['bg-[var(--brand)]/50', []],
    // The starter's theme resets Tailwind's palette: bg-slate-900 paints nothing, the palette rule owns it.
    ['bg-slate-900', []],
    ['bg-primary', []],
  ])('%s in the starter', async (cls, want) => {
    const linter = await linterFor([RULE]);
    expect(view(linter.lint(`<p class="${cls}">x</p>`, { sourceType: 'html' }))).toEqual(want);
  });

  it('reports a palette colour outside the tokens where the theme keeps the palette, with the nearest token utility', async () => {
    const dir = starterProject({ components: 'none' });
    const components = join(dir, 'design/contracts/components');
    for (const file of readdirSync(components)) rmSync(join(components, file));
    writeJson(dir, 'design/contracts/rules.json', { version: 'test', rules: [{ ...defaults, ...RULE }] });
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/app.css'), '@import "tailwindcss";\n@theme { --color-primary: #3549cf; }\n');
    const linter = await createLinter(loadValidProject({ cwd: dir }), ['html']);
    const result = linter.lint('<p class="bg-slate-900 hover:text-blue-700/50 bg-primary border-red-500 bg-cover">x</p>', { sourceType: 'html' });
    expect(result.violations.map((v) => v.token)).toEqual(['bg-slate-900', 'hover:text-blue-700/50', 'border-red-500']);
    expect(result.violations[0]?.alternative).toMatch(/^Use color\.semantic\.light\.[\w.-]+ \(#[0-9a-f]{6}, utility: bg-[\w-]+\)$/);
    expect(result.violations[1]?.alternative).toMatch(/utility: text-/);
    expect(result.violations[2]?.alternative).toMatch(/utility: border-/);
  });
});
