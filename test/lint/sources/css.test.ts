import { describe, expect, it } from 'vitest';
import { parseCssSource, parseStyleAttribute, parseStylesheet, parseStylesheetDetailed } from '../../../src/lint/sources/css.js';
import type { CssDeclaration } from '../../../src/lint/document.js';

/** `property: value` plus the text at the value's range, which must be the value itself. */
function show(text: string, declarations: readonly CssDeclaration[], base = 0): string[] {
  return declarations.map((d) => {
    expect(text.slice(d.valueRange.start - base, d.valueRange.end - base)).toBe(d.value);
    return `${d.property}: ${d.value}${d.important ? ' !important' : ''} @${d.valueRange.start}`;
  });
}

describe('parseStylesheet', () => {
  it.each([
    { name: 'one rule', css: 'a { color: red; }', want: ['color: red @11'] },
    { name: 'no space, no semicolon', css: 'a{color:red}', want: ['color: red @8'] },
    { name: 'property is lower-cased, value kept', css: 'a { COLOR: Red; }', want: ['color: Red @11'] },
    { name: 'spaces around the colon', css: 'a { color  :  red ; }', want: ['color: red @14'] },
    { name: '!important is not part of the value', css: 'a { margin: 0 !important; }', want: ['margin: 0 !important @12'] },
    { name: 'IMPORTANT without a space', css: 'a { margin: 0!IMPORTANT }', want: ['margin: 0 !important @12'] },
    { name: 'comment inside the value keeps exact offsets', css: 'a { color: red /* x */ blue; top: 1px }', want: ['color: red /* x */ blue @11', 'top: 1px @34'] },
    { name: 'comment between property and value', css: 'a { color /* c */ : red }', want: ['color: red @20'] },
    { name: 'trailing whitespace before the semicolon', css: 'a { margin: 1px\t; }', want: ['margin: 1px @12'] },
    { name: 'IE hack property', css: 'a { *zoom: 1; _height: 2px }', want: ['zoom: 1 @11', 'height: 2px @23'] },
    { name: 'inside @media and @supports', css: '@media (min-width: 1px) { a { gap: 4px } }\n@supports (x: y) { b { top: 2px } }', want: ['gap: 4px @35', 'top: 2px @71'] },
    { name: 'nested rules', css: '.a { color: red; &:hover { color: blue; } .b { margin: 1px } }', want: ['color: red @12', 'color: blue @34', 'margin: 1px @55'] },
    { name: 'multi-line value', css: 'a {\n  box-shadow:\n    0 1px 2px red,\n    0 2px 4px blue;\n}', want: ['box-shadow: 0 1px 2px red,\n    0 2px 4px blue @22'] },
    { name: 'custom property', css: ':root { --brand: #f00; }', want: ['--brand: #f00 @17'] },
    { name: 'a byte-order mark does not shift offsets', css: '\uFEFFa { color: red }', want: ['color: red @12'] },
    { name: 'non-ASCII before the value (UTF-16 offsets)', css: '/* ✓ 😀 */ a { color: red }', want: ['color: red @22'] },
  ])('$name', ({ css, want }) => {
    expect(show(css, parseStylesheet(css, 0))).toEqual(want);
  });

  it('adds the base offset', () => {
    const html = '<style>a { color: red }</style>';
    const declarations = parseStylesheet('a { color: red }', 7);
    expect(declarations[0]?.valueRange).toEqual({ start: 18, end: 21 });
    expect(html.slice(18, 21)).toBe('red');
  });

  it.each([
    { name: 'unknown word: what comes before is kept', css: 'a { color: red; } b { color blue } c { top: 1px }', want: ['color: red @11'] },
    { name: 'unclosed block', css: 'a { color: red; margin: 2px', want: ['color: red @11', 'margin: 2px @24'] },
    { name: 'unclosed nested blocks', css: '@media x { a { color: red', want: ['color: red @22'] },
    { name: 'stray closing brace', css: 'a { color: red; } }', want: ['color: red @11'] },
    { name: 'unclosed string: cut at the quote', css: 'a { color: red; content: "x }', want: ['color: red @11', 'content:  @24'] },
    { name: 'unclosed comment', css: 'a { color: red; } /* never', want: ['color: red @11'] },
    { name: 'unclosed bracket: cut at the bracket', css: 'a { top: 1px; b: url(x }', want: ['top: 1px @9', 'b: url @17'] },
    { name: 'only garbage', css: '}}}{{{:::;;;', want: [] },
    { name: 'empty', css: '', want: [] },
  ])('never throws on malformed CSS: $name', ({ css, want }) => {
    expect(show(css, parseStylesheet(css, 0))).toEqual(want);
  });

  it('reports the first syntax error with its absolute offset', () => {
    expect(parseStylesheetDetailed('a { } b { color blue }', 100).syntaxError).toEqual({ offset: 110, message: 'Unknown word color', skippedFrom: 110 });
    expect(parseStylesheetDetailed('a { color: red', 100).syntaxError).toEqual({ offset: 100, message: 'Unclosed block' });
    expect(parseStylesheetDetailed('}}}{{{:::;;;', 100).syntaxError).toMatchObject({ skippedFrom: 100 });
    expect(parseStylesheetDetailed('a { color: red }', 100).syntaxError).toBeUndefined();
  });
});

describe('parseStyleAttribute', () => {
  it.each([
    { name: 'a declaration list', style: 'color: red; margin: 0 !important', want: ['color: red @17', 'margin: 0 !important @30'] },
    { name: 'trailing semicolon and spaces', style: '  font-size: 15px ;  ', want: ['font-size: 15px @23'] },
    { name: 'uppercase property', style: 'Transition-Duration: 250ms', want: ['transition-duration: 250ms @31'] },
    { name: 'garbage after a good declaration', style: 'color: red; }} nope', want: ['color: red @17'] },
    { name: 'empty', style: '', want: [] },
  ])('$name', ({ style, want }) => {
    expect(show(style, parseStyleAttribute(style, 10), 10)).toEqual(want);
  });

  it('sets the element', () => {
    const element = { name: 'p' } as unknown as import('domhandler').Element;
    expect(parseStyleAttribute('color: red', 0, element)[0]?.element).toBe(element);
    expect(parseStyleAttribute('color: red', 0)[0]).not.toHaveProperty('element');
  });
});

describe('parseCssSource', () => {
  it('is a CSS document without markup', () => {
    const doc = parseCssSource('a { color: red }', 'app.css');
    expect(doc).toMatchObject({ sourceType: 'css', filename: 'app.css', unchecked: [] });
    expect(doc.classes).toHaveLength(0);
    expect(doc.root).toBeUndefined();
    expect(doc.declarations).toHaveLength(1);
    expect(parseCssSource('a {}')).not.toHaveProperty('filename');
  });

  it('turns @apply classes into class occurrences with exact ranges', () => {
    const css = '.btn {\n  @apply  bg-blue-500 /* note */ hover:p-4 !important;\n  color: red;\n}\n@media x { .c { @apply p-[13px] } }';
    const doc = parseCssSource(css);
    expect([...doc.classes].map((c) => `${c.name}@${c.range.start}`)).toEqual(['bg-blue-500@17', 'hover:p-4@40', 'p-[13px]@101']);
    for (const c of doc.classes) {
      expect(css.slice(c.range.start, c.range.end)).toBe(c.name);
      expect(c).not.toHaveProperty('element');
    }
  });

  it('notes a syntax error as unchecked instead of throwing', () => {
    const doc = parseCssSource('a { color: red; } b { color blue }');
    expect(doc.declarations).toHaveLength(1);
    expect(doc.unchecked).toEqual([{ offset: 22, reason: 'CSS syntax error (Unknown word color): nothing from here to the end of the file was checked' }]);
    expect(parseCssSource('a { color: red').unchecked).toEqual([{ offset: 0, reason: 'CSS syntax error (Unclosed block): checked as if its open blocks were closed' }]);
  });

  it.each([
    ['deeply nested blocks', 'a{'.repeat(50_000) + 'color: red' + '}'.repeat(50_000), 1],
    ['deeply nested, never closed', 'a{'.repeat(50_000) + 'color: red', 1],
    ['a megabyte of open blocks', 'a { color: red; '.repeat(60_000), 60_000],
    ['garbage', '{{{{:::'.repeat(20_000), 0],
  ])('hostile input finishes (within the test time-out), without overflowing: %s', (_name, css, count) => {
    expect(parseCssSource(css).declarations).toHaveLength(count);
  });
});
