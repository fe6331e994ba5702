import { describe, expect, it } from 'vitest';
import { classes, only, unchecked } from '../../support/lint-document.js';
import { ClassAttributes } from '../../../src/lint/sources/class-attributes.js';
import { parseHtmlSource } from '../../../src/lint/sources/html.js';
import { parseJsxSource } from '../../../src/lint/sources/jsx.js';
import { parseVueSource } from '../../../src/lint/sources/vue.js';

describe('parseHtmlSource: class lists with character references', () => {
  it.each([
    ['a space reference', `<p class="a&#32;b">`, [['a', 'a', 'p'], ['b', 'b', 'p']]],
    ['a reference inside a name (its range is where it starts)', `<p class="c&#97;rd x">`, [['card', 'c&#9', 'p'], ['x', 'x', 'p']]],
    ['references back to back', `<p class="a&#32;&#x20;b">`, [['a', 'a', 'p'], ['b', 'b', 'p']]],
    ['a no-break space is part of a name', `<p class="a&nbsp;b">`, [['a\u00a0b', 'a&n', 'p']]],
    ['single quotes', `<p class='a&Tab;b'>`, [['a', 'a', 'p'], ['b', 'b', 'p']]],
  ])('%s', (_name, html, want) => {
    const doc = parseHtmlSource(html);
    expect(classes(doc)).toEqual(want);
    // What selectors read: the decoded value, split the same way.
    expect(only(doc, 'p').attribs.class?.split(/[ \t\n\f\r]+/)).toEqual(want.map((w) => w[0]));
  });

  it('keeps a tag\'s classes in source order when bindings come first', () => {
    const doc = parseHtmlSource(`<p :class="'b'" class="a c" x-bind:class="['d']">`);
    expect(classes(doc)).toEqual([
      ['b', 'b', undefined],
      ['a', 'a', 'p'],
      ['c', 'c', 'p'],
      ['d', 'd', undefined],
    ]);
    expect(unchecked(doc)).toEqual([]);
  });
});

describe('spreads on elements', () => {
  it.each([
    ['JSX', parseJsxSource(`<img {...rest} />`, { sourceType: 'tsx', classFunctions: [] }), '{...rest}'],
    ['Vue', parseVueSource(`<template><img v-bind="$attrs"></template>`, { classFunctions: [] }), 'v-bind="$attrs"'],
  ])('%s records the first spread on the element', (_name, doc, text) => {
    expect(doc.elements.get(only(doc, 'img'))?.spread?.text).toBe(text);
  });
});

describe('ClassAttributes', () => {
  const attributes = new ClassAttributes(['class', 'className', '*-class', 'ngClass', { name: 'ui', object: true }]);
  it.each([
    ['active-class', 'list'],
    ['enter-active-class', 'list'],
    ['ui', 'object'],
    ['className', 'list'],
    ['classes', undefined],
    ['data-klass', undefined],
  ])('%s → %s', (name, kind) => {
    expect(attributes.kindOf(name)).toBe(kind);
  });

  it('matches HTML attribute names case-insensitively and Vue props in either case', () => {
    expect(attributes.kindOfAttribute('ngclass')).toBe('list');
    expect(attributes.kindOfProp('enterActiveClass')).toBe('list');
  });
});
