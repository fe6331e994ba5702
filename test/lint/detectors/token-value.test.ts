import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLinter, type Linter } from '../../../src/lint/engine.js';
import type { LintResult, SourceType } from '../../../src/lint/types.js';
import { PROPERTY_KINDS, scanValue } from '../../../src/lint/detectors/token-value.js';
import { loadValidProject } from '../../../src/project/project.js';
import { found, linterFor } from '../../support/lint.js';
import { editJson, starterProject } from '../../support/project.js';
import { STARTER_EXAMPLES, STARTER_EXPECTED, useStarterExamples } from '../../support/starter-examples.js';

const RULES = [
  { id: 'RAW_COLOR', detector: 'token-value', tokenValueCheck: { kinds: ['color'], allow: ['transparent', 'currentColor', 'inherit'] } },
  { id: 'RAW_DIM', detector: 'token-value', tokenValueCheck: { kinds: ['spacing', 'radius', 'font-size'], allow: ['0', 'auto', '100%', 'inherit'] } },
  { id: 'RAW_EFFECT', detector: 'token-value', tokenValueCheck: { kinds: ['shadow', 'z-index', 'duration'], allow: ['0', 'none', 'auto', 'inherit'] } },
];

let linter: Linter;
beforeAll(async () => {
  linter = await linterFor(RULES);
});
const lint = (source: string, sourceType: SourceType = 'css'): LintResult => linter.lint(source, { sourceType });

describe('token-value in CSS', () => {
  it.each([
    { name: 'raw hex', css: 'a { color: #ff6a3d; }', want: ['1:12 #ff6a3d RAW_COLOR'] },
    { name: 'rgb(), hsl() and named colours', css: 'a { background: rgb(0 0 0 / 50%) hsl(0 0% 100%) red }', want: ['1:17 rgb(0 0 0 / 50%) RAW_COLOR', '1:34 hsl(0 0% 100%) RAW_COLOR', '1:49 red RAW_COLOR'] },
    { name: 'the colour part of a border shorthand', css: 'a { border: 1px solid #ccc }', want: ['1:23 #ccc RAW_COLOR'] },
    { name: 'colours inside a gradient', css: 'a { background-image: linear-gradient(90deg, #fff 0%, var(--x) 100%) }', want: ['1:46 #fff RAW_COLOR'] },
    { name: 'var() and theme() are tokens', css: 'a { color: var(--color-fg); background: theme(colors.primary); fill: var(--x, #fff) }', want: [] },
    { name: 'rgb() over a variable is a token with alpha', css: 'a { color: rgb(var(--fg-rgb) / 50%) }', want: [] },
    { name: 'allowed values, case-insensitively', css: 'a { color: currentcolor; background: TRANSPARENT; border-color: inherit }', want: [] },
    { name: 'custom property definitions are not checked', css: ':root { --brand: #ff0000; --gap: 13px }', want: [] },
    { name: 'vendor prefix', css: 'a { -webkit-text-fill-color: #000 }', want: ['1:30 #000 RAW_COLOR'] },
    { name: 'px, rem and em lengths', css: 'a { padding: 13px 1.1rem 0 2em }', want: ['1:14 13px RAW_DIM', '1:19 1.1rem RAW_DIM', '1:28 2em RAW_DIM'] },
    { name: 'zero, auto, % and viewport units are fine', css: 'a { margin: 0 auto; padding: 0px; top: 50%; left: 10vw; gap: 0rem }', want: [] },
    { name: 'negative margins', css: 'a { margin-top: -13px }', want: ['1:17 -13px RAW_DIM'] },
    { name: 'inside calc()', css: 'a { padding-left: calc(100% - 13px) }', want: ['1:31 13px RAW_DIM'] },
    { name: 'radius longhand', css: 'a { border-top-left-radius: 7px }', want: ['1:29 7px RAW_DIM'] },
    { name: 'font shorthand: the size only', css: 'a { font: bold 15px/20px Inter }', want: ['1:16 15px RAW_DIM'] },
    { name: 'width is layout, not spacing', css: 'a { width: 37rem; max-width: 300px; line-height: 18px }', want: [] },
    { name: 'z-index', css: 'a { z-index: 999 } b { z-index: -1 } c { z-index: 0 } d { z-index: auto }', want: ['1:14 999 RAW_EFFECT', '1:33 -1 RAW_EFFECT'] },
    {
      name: 'durations in a transition shorthand',
      css: 'a { transition: color 250ms ease-in 0.1s, opacity 0s cubic-bezier(0.2, 0, 0, 1) }',
      want: ['1:23 250ms RAW_EFFECT', '1:37 0.1s RAW_EFFECT'],
    },
    { name: 'animation and delay longhands', css: 'a { animation-duration: 2s; transition-delay: 50ms }', want: ['1:25 2s RAW_EFFECT', '1:47 50ms RAW_EFFECT'] },
    {
      name: 'one finding per raw shadow layer',
      css: 'a { box-shadow: var(--shadow-sm), 0 8px 24px rgba(0, 0, 0, 0.2), inset 0 0 0 1px #000 }',
      want: ['1:35 0 8px 24px rgba(0, 0, 0, 0.2) RAW_EFFECT', '1:66 inset 0 0 0 1px #000 RAW_EFFECT'],
    },
    { name: 'shadow none and zero-only layers over a token colour are fine', css: 'a { box-shadow: none } b { box-shadow: 0 0 0 var(--ring) var(--c) }', want: [] },
    { name: 'colours in a shadow are the shadow\'s', css: 'a { text-shadow: 0 1px 2px #000 }', want: ['1:18 0 1px 2px #000 RAW_EFFECT'] },
    {
      name: 'inside @media and nested rules, on the right lines',
      css: '@media (min-width: 40rem) {\n  .a {\n    gap: 18px;\n    &:hover { color: #123456 }\n  }\n}',
      want: ['3:10 18px RAW_DIM', '4:22 #123456 RAW_COLOR'],
    },
    { name: 'unknown properties are not checked', css: 'a { foo: 13px #fff; display: none !important }', want: [] },
    { name: 'malformed CSS does not throw; what parses is checked', css: 'a { color: #abc; } b { color red }', want: ['1:12 #abc RAW_COLOR'] },
  ])('$name', ({ css, want }) => {
    expect(found(lint(css))).toEqual(want);
  });

  it('@apply arbitrary values in CSS are checked like markup classes', () => {
    expect(found(lint('.a { @apply p-[13px] bg-primary; }'))).toEqual(['1:16 13px RAW_DIM']);
  });
});

describe('token-value in markup', () => {
  it.each([
    { name: 'style attribute', html: '<p style="font-size: 15px; color: #777">x</p>', want: ['1:22 15px RAW_DIM', '1:35 #777 RAW_COLOR'] },
    { name: '<style> block', html: '<style>\n  .x { border-radius: 7px }\n</style>', want: ['2:23 7px RAW_DIM'] },
    { name: 'p-[13px]', html: '<div class="p-[13px]">x</div>', want: ['1:16 13px RAW_DIM'] },
    { name: 'bg-[#1e90ff] with a variant', html: '<div class="hover:bg-[#1e90ff]">x</div>', want: ['1:23 #1e90ff RAW_COLOR'] },
    { name: 'text-[…] is a colour or a size by its value', html: '<p class="text-[#777] text-[15px] text-[1.1rem]">x</p>', want: ['1:17 #777 RAW_COLOR', '1:29 15px RAW_DIM', '1:41 1.1rem RAW_DIM'] },
    { name: 'type hints', html: '<p class="text-[color:#777] text-[length:var(--x)] bg-[color:var(--y)]">x</p>', want: ['1:23 #777 RAW_COLOR'] },
    { name: 'negative and important', html: '<p class="-mt-[13px] !rounded-[7px]">x</p>', want: ['1:16 13px RAW_DIM', '1:32 7px RAW_DIM'] },
    { name: 'shadow with underscores, reported as written', html: '<p class="shadow-[0_8px_24px_#000]">x</p>', want: ['1:19 0_8px_24px_#000 RAW_EFFECT'] },
    { name: 'z and duration', html: '<p class="z-[999] duration-[250ms] delay-[0ms]">x</p>', want: ['1:14 999 RAW_EFFECT', '1:29 250ms RAW_EFFECT'] },
    { name: 'border width, aspect ratio and line height are not token kinds', html: '<p class="border-[2px] aspect-[4/3] leading-[1.7] w-[37rem]">x</p>', want: [] },
    { name: 'arbitrary values that are references', html: '<p class="p-[var(--x)] bg-[var(--y)] text-[theme(colors.fg)]">x</p>', want: [] },
    { name: 'scale utilities are not arbitrary values', html: '<p class="p-4 bg-primary text-fg z-50">x</p>', want: [] },
  ])('$name', ({ html, want }) => {
    expect(found(lint(html, 'html'))).toEqual(want);
  });
});

describe('messages and nearest-token suggestions', () => {
  it.each([
    {
      source: 'a { background-color: #c23d29 }',
      message: 'Raw colour value "#c23d29" instead of a design token',
      alternative: 'Use color.semantic.light.danger.solid (#c23d28, utility: bg-danger-solid)',
    },
    { source: 'a { color: #5f5a54 }', message: 'Raw colour value "#5f5a54" instead of a design token', alternative: 'Use color.semantic.light.fg-muted (#5e5a53, utility: text-fg-muted)' },
    {
      source: 'a { background: rgba(0, 0, 0, 0.5) }',
      message: 'Raw colour value "rgba(0, 0, 0, 0.5)" instead of a design token',
      alternative: 'Use color.semantic.light.scrim (#1312107a, utility: bg-scrim)',
    },
    { source: 'a { padding: 13px }', message: 'Raw spacing value "13px" instead of a design token', alternative: 'Use spacing.3 (12px, utility: p-3)' },
    { source: 'a { margin-left: 1.1rem }', message: 'Raw spacing value "1.1rem" instead of a design token', alternative: 'Use spacing.4 (16px, utility: ml-4)' },
    { source: 'a { gap: 2.5rem }', message: 'Raw spacing value "2.5rem" instead of a design token', alternative: 'Use spacing.10 (40px, utility: gap-10)' },
    { source: 'a { border-radius: 7px }', message: 'Raw radius value "7px" instead of a design token', alternative: 'Use radius.md (6px, utility: rounded-md)' },
    { source: 'a { font-size: 15px }', message: 'Raw font size value "15px" instead of a design token', alternative: 'Use font.size.sm (0.875rem, utility: text-sm)' },
    { source: 'a { font-size: 1.7rem }', message: 'Raw font size value "1.7rem" instead of a design token', alternative: 'Use font.size.2xl (1.75rem, utility: text-2xl)' },
    { source: 'a { z-index: 999 }', message: 'Raw z-index value "999" instead of a design token', alternative: 'Use z-index.dropdown (1000, utility: z-dropdown)' },
    { source: 'a { transition-duration: 0.3s }', message: 'Raw duration value "0.3s" instead of a design token', alternative: 'Use motion.duration.slow (320ms, utility: duration-slow)' },
    { source: 'a { box-shadow: 0 16px 36px #000 }', message: 'Raw shadow value "0 16px 36px #000" instead of a design token', alternative: 'Use shadow.lg (utility: shadow-lg)' },
    { source: 'a { animation-delay: 100ms }', message: 'Raw duration value "100ms" instead of a design token', alternative: 'Use motion.duration.fast (120ms)' },
  ])('$source', ({ source, message, alternative }) => {
    const [violation] = lint(source).violations;
    expect(violation).toMatchObject({ message, alternative });
  });

  it('suggests with the class utility for arbitrary values and spans the value', () => {
    const [violation] = lint('<div class="gap-x-[13px]">x</div>', 'html').violations;
    expect(violation).toMatchObject({ token: '13px', line: 1, column: 20, endColumn: 24, alternative: 'Use spacing.3 (12px, utility: gap-x-3)' });
  });
});

describe('rule options', () => {
  it('`properties` restricts the check to those properties (and the utilities that set them)', async () => {
    const only = await linterFor([{ id: 'PADDING', detector: 'token-value', tokenValueCheck: { kinds: ['spacing'], properties: ['padding'] } }]);
    const result = only.lint('<p style="padding: 13px; margin: 13px" class="p-[5px] m-[5px]">x</p>', { sourceType: 'html' });
    expect(found(result)).toEqual(['1:20 13px PADDING', '1:50 5px PADDING']);
  });

  it('allow entries are compared case-insensitively and against the whole value', async () => {
    const allowing = await linterFor([{ id: 'ALLOW_TEST', detector: 'token-value', tokenValueCheck: { kinds: ['color', 'spacing'], allow: ['#FFF', '1px 2px'] } }]);
    expect(found(allowing.lint('a { color: #fff; padding: 1px 2px; margin: 1px 2px 3px }', { sourceType: 'css' }))).toEqual(['1:44 1px ALLOW_TEST', '1:48 2px ALLOW_TEST', '1:52 3px ALLOW_TEST']);
  });

  it('without theme candidates there is no suggestion', async () => {
    const dir = starterProject();
    const components = join(dir, 'design/contracts/components');
    for (const file of readdirSync(components)) rmSync(join(components, file));
    editJson(dir, 'dsctl.config.json', (config: { theme: Record<string, unknown> }) => {
      config.theme.spacing = [];
    });
    editJson(dir, 'design/contracts/rules.json', (rules: { rules: Record<string, unknown>[] }) => {
      rules.rules = [{ id: 'SPACING_TEST', category: 't', severity: 'error', description: 'd', detector: 'token-value', tokenValueCheck: { kinds: ['spacing'] }, alternative: 'rule text', automationStatus: 'auto' }];
    });
    const project = loadValidProject({ cwd: dir });
    const result = (await createLinter(project, ['css'])).lint('a { padding: 13px }', { sourceType: 'css' });
    expect(result.violations[0]).toMatchObject({ token: '13px', alternative: 'rule text' });
  });
});

describe('property table', () => {
  it.each([
    ['color', 'color'],
    ['background', 'color'],
    ['border-left-color', 'color'],
    ['border-inline-start', 'color'],
    ['padding-inline', 'spacing'],
    ['margin-block-end', 'spacing'],
    ['inset', 'spacing'],
    ['top', 'spacing'],
    ['row-gap', 'spacing'],
    ['border-end-start-radius', 'radius'],
    ['font', 'font-size'],
    ['box-shadow', 'shadow'],
    ['z-index', 'z-index'],
    ['transition', 'duration'],
    ['animation-delay', 'duration'],
  ])('%s → %s', (property, kind) => {
    expect(PROPERTY_KINDS.get(property)?.kind).toBe(kind);
  });

  it.each(['width', 'height', 'line-height', 'letter-spacing', 'opacity', 'display'])('%s is not checked', (property) => {
    expect(PROPERTY_KINDS.has(property)).toBe(false);
  });

  it('scanValue gives offsets within the value', () => {
    expect(scanValue('1px solid #fff', 'color', 'border')).toEqual([{ start: 10, end: 14 }]);
    expect(scanValue('min(2rem, 3vw) 4px', 'spacing', 'padding')).toEqual([
      { start: 4, end: 8 },
      { start: 15, end: 18 },
    ]);
  });
});

describe('the starter examples', () => {
  const examples = useStarterExamples((ruleId) => ruleId.startsWith('TOKEN_RAW_'));
  it.each(STARTER_EXAMPLES)('%s: exactly the seeded TOKEN_RAW_* findings', (file) => {
    const want = examples.expected(file);
    expect(examples.actual(file)).toEqual(want);
    if (STARTER_EXPECTED.clean.includes(file)) expect(want).toEqual([]);
    else expect(want.length).toBeGreaterThan(0);
  });
});
