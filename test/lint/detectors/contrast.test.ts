import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLinter, type Linter } from '../../../src/lint/engine.js';
import { loadValidProject } from '../../../src/project/project.js';
import { found, linterFor } from '../../support/lint.js';
import { editJson, starterProject } from '../../support/project.js';
import { STARTER_EXAMPLES, useStarterExamples } from '../../support/starter-examples.js';

const RULE = { id: 'CONTRAST', detector: 'contrast', contrastCheck: { minRatio: 4.5, largeTextMinRatio: 3 } };

let linter: Linter;
beforeAll(async () => {
  linter = await linterFor([RULE]);
});
const lint = (html: string) => linter.lint(html, { sourceType: 'html' });

// Starter roles (light): fg-muted #5e5a53, primary #3549cf, on-primary #ffffff, surface #ffffff,
// bg #f8f7f4, bg-subtle #f0eeea, focus-ring #4a64e2 (4.30:1 on bg-subtle: fails as body text, passes as large text).
describe('contrast', () => {
  it.each([
    { name: 'failing pair through an ancestor background', html: '<section class="bg-primary"><p class="text-fg-muted">x</p></section>', want: ['1:29 text-fg-muted CONTRAST'] },
    { name: 'failing pair on one element', html: '<p class="bg-primary text-fg-muted">x</p>', want: ['1:1 text-fg-muted CONTRAST'] },
    { name: 'the designed pair passes', html: '<section class="bg-primary text-on-primary"><p class="text-on-primary">x</p></section>', want: [] },
    { name: 'the nearest ancestor background wins', html: '<div class="bg-primary"><div class="bg-surface"><p class="text-fg-muted">x</p></div></div>', want: [] },
    { name: 'no background anywhere: the theme bg role', html: '<p class="text-border">x</p>', want: ['1:1 text-border CONTRAST'] },
    { name: 'body text fails at 4.30:1', html: '<p class="bg-bg-subtle text-focus-ring">x</p>', want: ['1:1 text-focus-ring CONTRAST'] },
    { name: 'large text (24px and up) needs 3:1', html: '<p class="bg-bg-subtle text-focus-ring text-2xl">x</p>', want: [] },
    { name: 'bold text from 18.66px is large', html: '<p class="bg-bg-subtle text-focus-ring text-xl font-bold">x</p>', want: [] },
    { name: 'semibold is not bold', html: '<p class="bg-bg-subtle text-focus-ring text-xl font-semibold">x</p>', want: ['1:1 text-focus-ring CONTRAST'] },
    { name: 'bold below 18.66px is not large', html: '<p class="bg-bg-subtle text-focus-ring text-lg font-bold">x</p>', want: ['1:1 text-focus-ring CONTRAST'] },
    { name: 'size and weight are inherited', html: '<div class="text-xl font-bold"><p class="bg-bg-subtle text-focus-ring">x</p></div>', want: [] },
    { name: 'arbitrary size and weight', html: '<p class="bg-bg-subtle text-focus-ring text-[19px] font-[700]">x</p>', want: [] },
    {
      name: 'state and viewport variants are ignored (hover:, md:)',
      html: '<section class="md:bg-primary"><p class="hover:text-fg-muted md:text-border">x</p><p class="text-fg-muted md:text-2xl">y</p></section>',
      want: [],
    },
    { name: 'dark: classes are checked in the dark theme', html: '<p class="text-fg dark:text-border">x</p>', want: ['1:1 dark:text-border CONTRAST'] },
    { name: 'text-<size> and text-center are not colours', html: '<section class="bg-primary"><p class="text-lg text-center">x</p></section>', want: [] },
    { name: 'non-theme colours are skipped', html: '<section class="bg-indigo-600"><p class="text-white">x</p></section>', want: [] },
    { name: 'a background under inherited text colour is checked at the background', html: '<div class="text-fg-muted"><span class="bg-primary">x</span></div>', want: ['1:28 bg-primary CONTRAST'] },
    { name: 'opacity modifier on the text colour', html: '<p class="bg-surface text-fg/30">x</p>', want: ['1:1 text-fg/30 CONTRAST'] },
    // scrim is 48% near-black: over white it is a mid grey (white text 3.3:1), over primary a dark blue.
    { name: 'translucent background over a white surface', html: '<div class="bg-surface"><div class="bg-scrim"><p class="text-on-primary">x</p></div></div>', want: ['1:47 text-on-primary CONTRAST'] },
    // …and in the dark theme, on-primary is near-black on a light primary: the dark pass reports it.
    { name: 'translucent background over its backdrop', html: '<div class="bg-primary"><div class="bg-scrim"><p class="text-on-primary">x</p></div></div>', want: ['1:47 text-on-primary CONTRAST'] },
    { name: 'an opacity modifier on an arbitrary background', html: '<div class="bg-[#000000]/0"><p class="text-[#eeeeee]">x</p></div>', want: ['1:29 text-[#eeeeee] CONTRAST'] },
    { name: 'arbitrary colours', html: '<p class="bg-[#ffffff] text-[#777]">x</p>', want: ['1:1 text-[#777] CONTRAST'] },
    { name: 'style attribute colours', html: '<p style="color: #777; background-color: #fff">x</p><p style="color: #767676; background: white">y</p>', want: ['1:1 #777 CONTRAST'] },
    { name: 'style beats classes', html: '<p class="text-fg bg-surface" style="color: #eee">x</p>', want: ['1:1 #eee CONTRAST'] },
    { name: 'elements without a text colour are not checked', html: '<section class="bg-primary"><p>x</p></section>', want: [] },
  ])('$name', ({ html, want }) => {
    expect(found(lint(html))).toEqual(want);
  });

  it('says the ratio, the requirement and both colours', () => {
    const [violation] = lint('<section class="bg-primary">\n  <p class="text-lg text-fg-muted">x</p>\n</section>').violations;
    expect(violation).toMatchObject({
      token: 'text-fg-muted',
      line: 2,
      column: 3,
      endColumn: 36,
      message: 'Contrast 1.01:1 of text-fg-muted (#5e5a53) on bg-primary (#3549cf) is below the WCAG 2.x minimum of 4.5:1',
    });
    expect(lint('<p class="text-border">x</p>').violations[0]?.message).toBe(
      'Contrast 1.24:1 of text-border (#e2dfd9) on page background color.semantic.light.bg (#f8f7f4) is below the WCAG 2.x minimum of 4.5:1',
    );
  });

  it('uses the rule thresholds, with WCAG defaults', async () => {
    const strict = await linterFor([{ ...RULE, contrastCheck: { minRatio: 7 } }]);
    // fg-muted on surface is 6.86:1: fine for AA, not for 7:1.
    expect(found(strict.lint('<p class="bg-surface text-fg-muted">x</p>', { sourceType: 'html' }))).toEqual(['1:1 text-fg-muted CONTRAST']);
    const defaults = await linterFor([{ ...RULE, contrastCheck: {} }]);
    expect(found(defaults.lint('<p class="bg-bg-subtle text-focus-ring">x</p><h1 class="bg-bg-subtle text-focus-ring text-3xl">y</h1>', { sourceType: 'html' }))).toEqual([
      '1:1 text-focus-ring CONTRAST',
    ]);
  });

  it('skips text when the theme has no background to assume', async () => {
    const dir = starterProject();
    const components = join(dir, 'design/contracts/components');
    for (const file of readdirSync(components)) rmSync(join(components, file));
    editJson(dir, 'dsctl.config.json', (config: { theme: Record<string, unknown> }) => {
      config.theme.color = ['color.brand'];
    });
    editJson(dir, 'design/contracts/rules.json', (rules: { rules: Record<string, unknown>[] }) => {
      rules.rules = [{ ...RULE, category: 't', severity: 'error', description: 'd', automationStatus: 'auto' }];
    });
    const brand = await createLinter(loadValidProject({ cwd: dir }), ['html']);
    expect(found(brand.lint('<p class="text-200">x</p><div class="bg-900"><p class="text-800">y</p></div>', { sourceType: 'html' }))).toEqual([
      '1:46 text-800 CONTRAST',
    ]);
  });

  it('finishes on hostile nesting and reads the background from far up', () => {
    const depth = 30_000;
    const html = '<div class="bg-primary">' + '<div>'.repeat(depth) + '<p class="text-fg-muted">x</p>' + '</div>'.repeat(depth) + '</div>';
    expect(found(lint(html))).toEqual([`1:${25 + depth * 5} text-fg-muted CONTRAST`]);
  });

  it('never looks at CSS files', () => {
    expect(linter.lint('.a { color: #eee; background: #fff }', { sourceType: 'css' }).violations).toEqual([]);
  });
});

describe('backgrounds dsctl cannot resolve', () => {
  it.each([
    ['a palette class the theme does not define', '<div class="bg-slate-900"><p class="text-[#00dc82]">x</p></div>', 'bg-slate-900'],
    ['a variable', '<div class="bg-[var(--brand)]/50"><p class="text-[#eeeeee]">x</p></div>', 'bg-[var(--brand)]/50'],
    ['a gradient class', '<div class="bg-linear-to-r from-primary to-scrim"><p class="text-[#eeeeee]">x</p></div>', 'bg-linear-to-r'],
    ['a background image in style', '<div style="background: url(hero.png)"><p class="text-[#eeeeee]">x</p></div>', 'url(hero.png)'],
    ['on the element itself', '<p class="bg-slate-900 text-[#00dc82]">x</p>', 'bg-slate-900'],
  ])('%s: an unchecked note, not a finding', (_, html, source) => {
    const result = lint(html);
    expect(found(result)).toEqual([]);
    expect(result.coverage.unchecked).toEqual([expect.objectContaining({ reason: expect.stringContaining(`against ${source}, a background dsctl cannot resolve`) })]);
  });

  it('a known opaque background below an unknown one is still unknown; one above it is judged', () => {
    expect(found(lint('<div class="bg-slate-900"><div class="bg-surface"><p class="text-border">x</p></div></div>'))).toEqual(['1:51 text-border CONTRAST']);
    expect(lint('<div class="bg-surface"><div class="bg-slate-900"><p class="text-border">x</p></div></div>').coverage.unchecked).toHaveLength(1);
  });

  it('non-painting bg- utilities leave the background alone', () => {
    expect(found(lint('<div class="bg-cover bg-center bg-no-repeat"><p class="text-border">x</p></div>'))).toEqual(['1:46 text-border CONTRAST']);
  });
});

describe('contrast through Tailwind’s class model', () => {
  it('reads palette colours a v4 theme defines (bg-slate-900), with opacity', async () => {
    const dir = starterProject({ components: 'none' });
    const components = join(dir, 'design/contracts/components');
    for (const file of readdirSync(components)) rmSync(join(components, file));
    editJson(dir, 'design/contracts/rules.json', (rules: { rules: Record<string, unknown>[] }) => {
      rules.rules = [{ ...RULE, category: 't', severity: 'error', description: 'd', automationStatus: 'auto' }];
    });
    mkdirSync(join(dir, 'src'));
    writeFileSync(join(dir, 'src/app.css'), '@import "tailwindcss";\n');
    const v4 = await createLinter(loadValidProject({ cwd: dir }), ['html']);
    const result = v4.lint('<div class="bg-slate-900"><p class="text-slate-800">x</p><p class="text-slate-100">y</p><p class="text-slate-100/10">z</p></div>', { sourceType: 'html' });
    expect(found(result)).toEqual(['1:27 text-slate-800 CONTRAST', '1:89 text-slate-100/10 CONTRAST']);
    expect(result.violations[0]?.message).toMatch(/^Contrast 1\.\d\d:1 of text-slate-800 \(#[0-9a-f]{6}\) on bg-slate-900 \(#0f172b\)/);
  });

  it('checks the dark theme only when the config has a dark colour set', async () => {
    const dir = starterProject();
    const components = join(dir, 'design/contracts/components');
    for (const file of readdirSync(components)) rmSync(join(components, file));
    editJson(dir, 'design/contracts/rules.json', (rules: { rules: Record<string, unknown>[] }) => {
      rules.rules = [{ ...RULE, category: 't', severity: 'error', description: 'd', automationStatus: 'auto' }];
    });
    const html = '<p class="text-fg dark:text-border">x</p>';
    const withDark = await createLinter(loadValidProject({ cwd: dir }), ['html']);
    expect(withDark.lint(html, { sourceType: 'html' }).violations[0]?.message).toContain('in the dark theme');
    editJson(dir, 'dsctl.config.json', (config: { theme: Record<string, unknown> }) => {
      config.theme.colorDark = [];
    });
    const lightOnly = await createLinter(loadValidProject({ cwd: dir }), ['html']);
    expect(found(lightOnly.lint(html, { sourceType: 'html' }))).toEqual([]);
  });
});

describe('the starter examples', () => {
  const examples = useStarterExamples((ruleId) => ruleId === 'A11Y_TEXT_CONTRAST');
  it.each(STARTER_EXAMPLES)('%s: exactly the seeded A11Y_TEXT_CONTRAST findings', (file) => {
    expect(examples.actual(file)).toEqual(examples.expected(file));
  });
});

describe('contrast does not depend on what the linter saw before', () => {
  it('a Vue file with a repeated class does not change the result of a later HTML file', async () => {
    const html = '<section class="bg-primary"><p class="text-[#777] text-fg-muted">x</p></section>';
    const fresh = found((await linterFor([RULE])).lint(html, { sourceType: 'html' }));
    const shared = await linterFor([RULE]);
    shared.lint('<template><section class="bg-primary"><p class="text-[#777] text-fg-muted text-[#777]">x</p></section></template>', { sourceType: 'vue' });
    expect(found(shared.lint(html, { sourceType: 'html' }))).toEqual(fresh);
  });
});
