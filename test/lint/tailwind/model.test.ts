import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLinter } from '../../../src/lint/engine.js';
import { flushClassCaches } from '../../../src/lint/tailwind/cache.js';
import { loadTailwindModel } from '../../../src/lint/tailwind/load.js';
import { loadProject, loadValidProject } from '../../../src/project/project.js';
import { editJson, sharedStarterProject, starterProject, writeJson } from '../../support/project.js';

const UNKNOWN_RULE = {
  id: 'TW_UNKNOWN_CLASS',
  category: 'brand',
  severity: 'error',
  description: 'Unknown class.',
  detector: 'tailwind-unknown-class',
  unknownClassCheck: { ignore: ['js-toggle'] },
  automationStatus: 'auto',
};

/** A starter folder with only `rules` (components removed: they name starter rules). */
function projectWith(rules: unknown[], files: Record<string, string> = {}, config?: (c: Record<string, unknown>) => void, dir = starterProject()) {
  const components = join(dir, 'design/contracts/components');
  for (const file of readdirSync(components)) rmSync(join(components, file));
  writeJson(dir, 'design/contracts/rules.json', { version: 'test', rules });
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  if (config) editJson(dir, 'dsctl.config.json', config);
  return dir;
}

const tokens = (result: { violations: readonly { ruleId: string; token: string }[] }, ruleId = 'TW_UNKNOWN_CLASS') =>
  result.violations.filter((v) => v.ruleId === ruleId).map((v) => v.token);

describe('a Tailwind v4 project (CSS entry with @import "tailwindcss")', () => {
  // One folder for the table below: kept until the end of the file.
  const dir = projectWith(
    [UNKNOWN_RULE],
    { 'src/app.css': '@import "tailwindcss";\n@theme { --color-primary: #2255aa; }\n.btn { padding: 4px; }\n.card > .card-title { font-weight: 600; }\n' },
    undefined,
    sharedStarterProject(),
  );

  it('loads its design system from the entry', async () => {
    const { model, note } = await loadTailwindModel(loadProject({ cwd: dir }));
    expect(note).toBeUndefined();
    expect(model?.source).toContain('src/app.css');
    expect(model?.classify('hover:bg-[#3b5998]/90')).toMatchObject({ known: true, root: 'bg', arbitrary: '#3b5998', modifier: '90', variants: ['hover'] });
    expect(model?.classify('text-red-500/[0.5]')).toMatchObject({ known: true, root: 'text', named: 'red-500', modifier: '[0.5]' });
    expect(model?.classify('-mt-4')).toMatchObject({ known: true, root: '-mt' });
    expect(model?.classify('md:p-4!')).toMatchObject({ known: true, root: 'p', named: '4', important: true, variants: ['md'] });
    expect(model?.classify('bg-slate-900')).toMatchObject({ themeKeys: ['--color-slate-900'], declarations: [['background-color', 'var(--color-slate-900)']] });
    expect(model?.classify('bg-primary').declarations).toEqual([['background-color', 'var(--color-primary)']]);
    expect(model?.themeValue('--color-primary')).toBe('#2255aa');
  });

  it.each([
    ['bg-primary', false],
    ['hover:bg-primary/50', false],
    ['bg-slate-900', false],
    ['md:!p-4', false],
    ['p-4!', false],
    ['-mt-4', false],
    ['bg-[#3b5998]/90', false],
    ['[&>*]:p-4', false],
    ['group', false],
    ['group-hover:underline', false],
    ['btn', false],
    ['card-title', false],
    ['hover:btn', false],
    ['js-toggle', false],
    ['bg-background', true],
    ['text-muted-foreground', true],
    ['bg-foo-bar', true],
    ['btnx', true],
    ['hover:bg-nope', true],
    ['-foo-bar', true],
    ['!p-4', false],
    ['bg-(--brand)', false],
  ])('%s → reported: %s', async (name, reported) => {
    const linter = await createLinter(loadProject({ cwd: dir }), ['html']);
    expect(tokens(linter.lint(`<p class="${name}">x</p>`, { filename: 'a.html' }))).toEqual(reported ? [name] : []);
  });

  it("knows a page's own <style> classes", async () => {
    const linter = await createLinter(loadProject({ cwd: dir }), ['html']);
    const page = '<style>.launch-ribbon { color: red }</style><div class="launch-ribbon other-thing">x</div>';
    expect(tokens(linter.lint(page, { filename: 'a.html' }))).toEqual(['other-thing']);
  });
});

describe('a Tailwind v3 project (its own tailwindcss is 3.x)', () => {
  it('reads its tailwind.config.js through v4’s @config', async () => {
    const dir = projectWith([UNKNOWN_RULE], {
      'node_modules/tailwindcss/package.json': '{ "name": "tailwindcss", "version": "3.4.17" }',
      'tailwind.config.js': 'module.exports = { content: [], theme: { extend: { colors: { brand: "#123456" } } } };\n',
      'src/app.css': '@tailwind base;\n@tailwind components;\n@tailwind utilities;\n',
    });
    const { model, note } = await loadTailwindModel(loadProject({ cwd: dir }));
    expect(note).toBeUndefined();
    expect(model?.source).toMatch(/^Tailwind 3\.4\.17 config tailwind\.config\.js, read through Tailwind 4\.\d+\.\d+'s @config$/);
    expect(model?.classify('bg-brand').known).toBe(true);
    expect(model?.classify('bg-nope').known).toBe(false);
  });
});

describe('the starter (no CSS entry: the generated @theme with dsctl’s Tailwind)', () => {
  it('flags shadcn names the theme does not define, and leaves names other class rules report to them', async () => {
    const dir = starterProject();
    const linter = await createLinter(loadValidProject({ cwd: dir }), ['html']);
    const result = linter.lint('<div class="bg-background text-muted-foreground bg-foo-bar bg-surface text-fg btn bg-blue-500 text-black">x</div>', { filename: 'a.html' });
    expect(tokens(result)).toEqual(['bg-background', 'text-muted-foreground', 'bg-foo-bar']);
    expect(tokens(result, 'COLOR_NO_TAILWIND_PALETTE')).toEqual(['bg-blue-500']);
    expect(result.coverage.summary).not.toContain('Tailwind');
  });

  it('keeps classifications on disk by theme hash, and reads them back', async () => {
    const dir = projectWith([UNKNOWN_RULE]);
    const lintPage = async () => (await createLinter(loadProject({ cwd: dir }), ['html'])).lint('<p class="bg-foo-bar bg-primary">x</p>', { filename: 'a.html' });
    expect(tokens(await lintPage())).toEqual(['bg-foo-bar']);
    flushClassCaches();
    const cacheDir = join(dir, '.dsctl/cache/tailwind');
    const [file] = readdirSync(cacheDir);
    expect(file).toMatch(/^classes-[0-9a-f]{16}\.json$/);
    const cache = JSON.parse(readFileSync(join(cacheDir, file as string), 'utf8')) as { classes: Record<string, { known: boolean }> };
    expect(Object.keys(cache.classes).sort()).toEqual(['bg-foo-bar', 'bg-primary']);
    // What the cache says is what the next run believes.
    cache.classes['bg-foo-bar'] = { ...cache.classes['bg-foo-bar'], known: true };
    writeFileSync(join(cacheDir, file as string), JSON.stringify(cache));
    expect(tokens(await lintPage())).toEqual([]);
  });
});

describe('without a Tailwind model', () => {
  it('falls back to matching names as written, and says so once in the coverage summary', async () => {
    const palette = { id: 'NO_BLUE', category: 'color', severity: 'error', description: 'No blue.', detector: 'tailwind-class-segment', matchPatterns: ['blue'], automationStatus: 'auto' };
    const dir = projectWith([UNKNOWN_RULE, palette], {}, (c) => {
      c.views = { ...(c.views as object), 'tailwind-theme': { enabled: false } };
    });
    const linter = await createLinter(loadProject({ cwd: dir }), ['html']);
    const result = linter.lint('<p class="bg-foo-bar hover:bg-blue-500/50">x</p>', { filename: 'a.html' });
    expect(result.violations.map((v) => `${v.ruleId} ${v.token}`)).toEqual(['NO_BLUE hover:bg-blue-500/50']);
    expect(result.coverage.summary.match(/class names are matched as written/g)).toHaveLength(1);
    expect(result.coverage.summary).toContain('no Tailwind CSS entry');
  });

  it('never throws when the configured entry is missing: the note says why', async () => {
    const dir = projectWith([UNKNOWN_RULE], {}, (c) => {
      c.tailwind = { css: 'src/missing.css' };
    });
    const load = await loadTailwindModel(loadProject({ cwd: dir }));
    expect(load.model).toBeUndefined();
    expect(load.note).toMatch(/could not be loaded .*missing\.css/);
  });

  it('never throws on CSS Tailwind rejects', async () => {
    const dir = projectWith([UNKNOWN_RULE], { 'src/app.css': '@import "tailwindcss";\n@import "./nope.css";\n' });
    const linter = await createLinter(loadProject({ cwd: dir }), ['html']);
    expect(linter.lint('<p class="bg-foo-bar">x</p>', { filename: 'a.html' }).coverage.summary).toMatch(/Tailwind class model could not be loaded/);
  });
});
