import { describe, expect, it } from 'vitest';
import { found, lintWith } from '../../support/lint.js';

const RULES = [
  { id: 'NO_BLACK', detector: 'tailwind-class', matchPatterns: ['text-black', 'bg-white'] },
  { id: 'NO_ARBITRARY', detector: 'tailwind-class', pattern: '[a-z-]+-\\[[^\\]]+\\]' },
  { id: 'NO_Z', detector: 'tailwind-class-prefix', prefixPatterns: ['z-'] },
  { id: 'NO_LEADING', detector: 'tailwind-class-prefix', pattern: 'leading-\\[' },
  { id: 'NO_PALETTE', detector: 'tailwind-class-segment', matchPatterns: ['blue', 'slate'] },
];

describe('tailwind detectors', () => {
  it.each([
    { name: 'exact class', html: '<p class="text-black">x</p>', want: ['1:11 text-black NO_BLACK'] },
    { name: 'variants and important are stripped', html: '<p class="md:hover:!text-black">x</p>', want: ['1:11 md:hover:!text-black NO_BLACK'] },
    { name: 'v4 trailing important', html: '<p class="text-black!">x</p>', want: ['1:11 text-black! NO_BLACK'] },
    { name: 'opacity modifier', html: '<p class="bg-white/50">x</p>', want: ['1:11 bg-white/50 NO_BLACK'] },
    { name: 'whole-class pattern', html: '<p class="p-[13px] p-4">x</p>', want: ['1:11 p-[13px] NO_ARBITRARY'] },
    { name: 'arbitrary variant containing a colon', html: '<p class="[&:hover]:text-black">x</p>', want: ['1:11 [&:hover]:text-black NO_BLACK'] },
    { name: 'prefix', html: '<div class="relative z-50">x</div>', want: ['1:22 z-50 NO_Z'] },
    { name: 'negative prefix', html: '<div class="-z-10">x</div>', want: ['1:13 -z-10 NO_Z'] },
    { name: 'prefix pattern at the start only', html: '<p class="leading-[1.7] x-leading-[2]">x</p>', want: ['1:11 leading-[1.7] NO_ARBITRARY', '1:11 leading-[1.7] NO_LEADING', '1:25 x-leading-[2] NO_ARBITRARY'] },
    { name: 'segment', html: '<p class="bg-blue-500 border-slate-200/50">x</p>', want: ['1:11 bg-blue-500 NO_PALETTE', '1:23 border-slate-200/50 NO_PALETTE'] },
    { name: 'segment is whole, not a substring', html: '<p class="bg-blueish text-slateblue">x</p>', want: [] },
    { name: 'two occurrences are two findings', html: '<p class="text-black">a</p>\n<p class="text-black">b</p>', want: ['1:11 text-black NO_BLACK', '2:11 text-black NO_BLACK'] },
    { name: 'no finding for the same class twice on one element at two places', html: '<p class="text-black text-black">x</p>', want: ['1:11 text-black NO_BLACK', '1:22 text-black NO_BLACK'] },
    { name: 'comments are not classes', html: '<!-- <p class="text-black"> --><p class="p-4">x</p>', want: [] },
    { name: 'script text is not classes', html: '<script>const c = "<p class=\\"text-black\\">";</script>', want: [] },
    { name: '> inside an attribute value does not break parsing', html: '<p title="a > b" class="text-black">x</p>', want: ['1:25 text-black NO_BLACK'] },
    { name: 'single-quoted and multi-line class attributes', html: "<p class='p-4\n   text-black'>x</p>", want: ['2:4 text-black NO_BLACK'] },
    { name: 'unquoted class attribute', html: '<p class=text-black>x</p>', want: ['1:10 text-black NO_BLACK'] },
  ])('$name', async ({ html, want }) => {
    expect(found(await lintWith(RULES, html))).toEqual(want);
  });

  it('gives the end position of the class', async () => {
    const result = await lintWith(RULES, '<p class="p-2 text-black">x</p>');
    expect(result.violations[0]).toMatchObject({ line: 1, column: 15, endLine: 1, endColumn: 25, severity: 'error', message: '"text-black": not allowed' });
  });
});
