import { selectAll } from 'css-select';
import { isTag, type ChildNode, type Element } from 'domhandler';
import { getParent } from 'domutils';
import { describe, expect, it } from 'vitest';
import { attribute, classes, elements, lineColumn, only, slice, unchecked } from '../../support/lint-document.js';
import { SourceParseError } from '../../../src/lint/detector.js';
import type { LintDocument } from '../../../src/lint/document.js';
import { parseVueSource } from '../../../src/lint/sources/vue.js';

function vue(text: string): LintDocument {
  return parseVueSource(text, { filename: 'App.vue', classFunctions: ['clsx', 'cn', 'cva'] });
}


describe('parseVueSource: classes', () => {
  it('reads an object :class at the exact offset inside the attribute', () => {
    const doc = vue(`<template><div :class="{ 'text-black': x }"></div></template>`);
    expect(classes(doc)).toEqual([['text-black', 'text-black', 'div']]);
    expect(doc.classes.at(0)?.range).toEqual({ start: 26, end: 36 });
    expect(lineColumn(doc.text, 26)).toBe('1:27');
    expect(doc.unchecked).toEqual([]);
  });

  it.each([
    ['array with a conditional', `:class="['a', b ? 'c' : 'd']"`, ['a', 'c', 'd'], []],
    ['identifier keys', `:class="{ hidden: x, 'p-4 m-2': y }"`, ['hidden', 'p-4', 'm-2'], []],
    ['string', `:class="'x y'"`, ['x', 'y'], []],
    ['class function', `v-bind:class="cn('a', on && 'b')"`, ['a', 'b'], []],
    ['template literal', ':class="`p-4 text-${size}`"', ['p-4'], [['text-$', 'class name built from an expression not checked']]],
    ['identifier', `:class="classes"`, [], [['classe', 'dynamic :class not checked']]],
    ['unparseable', `:class="{ a: "`, [], [['{ a: "', 'dynamic :class not checked']]],
    ['TypeScript', `:class="(x as string[])"`, [], [['x as s', 'dynamic :class not checked']]],
  ])('%s', (_name, attr, names, notes) => {
    const doc = vue(`<template><div ${attr}></div></template>`);
    expect([...doc.classes].map((c) => c.name)).toEqual(names);
    for (const c of doc.classes) expect(slice(doc, c.range)).toBe(c.name);
    expect(unchecked(doc)).toEqual(notes);
  });

  it('merges static class and :class into attribs.class; the merged list is dynamic', () => {
    const doc = vue(`<template><p class="card  p-4" :class="{ 'card--on': on }"></p><p :class="['x']" class="y"></p></template>`);
    const [first, second] = elements(doc);
    expect(first?.attribs.class).toBe('card p-4 card--on');
    expect(second?.attribs.class).toBe('x y');
    expect(attribute(doc, first as Element, 'class')).toMatchObject({ rawName: ':class', dynamic: true });
    expect(attribute(doc, second as Element, 'class')).toMatchObject({ rawName: ':class', dynamic: true });
    expect(classes(doc)).toEqual([
      ['card', 'card', 'p'],
      ['p-4', 'p-4', 'p'],
      ['card--on', 'card--on', 'p'],
      ['x', 'x', 'p'],
      ['y', 'y', 'p'],
    ]);
    expect(selectAll<ChildNode, Element>('.card--on', doc.root as ChildNode)).toEqual([first]);
  });
});

describe('parseVueSource: elements and attributes', () => {
  it('keys @click and v-on:click as listeners, never as onclick', () => {
    const doc = vue(`<template><button @click="go">Go</button><a v-on:click.prevent="go">x</a></template>`);
    const button = only(doc, 'button');
    expect(button.attribs).toEqual({ 'v-on:click': '' });
    expect(attribute(doc, button, 'v-on:click')).toMatchObject({ rawName: '@click', dynamic: true });
    expect(slice(doc, attribute(doc, button, 'v-on:click')?.nameRange)).toBe('@click');
    expect(slice(doc, attribute(doc, button, 'v-on:click')?.valueRange)).toBe('go');
    expect(attribute(doc, only(doc, 'a'), 'v-on:click')?.rawName).toBe('v-on:click.prevent');
    expect(elements(doc).some((e) => 'onclick' in e.attribs)).toBe(false);
  });

  it.each([
    [':tabindex="3"', 'tabindex', '3', false],
    [`:title="'Close'"`, 'title', 'Close', false],
    ['v-bind:href="url"', 'href', '', true],
    [':aria-hidden="true"', 'aria-hidden', 'true', false],
    ['tabindex="-1"', 'tabindex', '-1', false],
    ['disabled', 'disabled', '', false],
    ['ARIA-LABEL="x"', 'aria-label', 'x', false],
    ['v-model="name"', 'v-model', '', true],
  ])('%s → %s', (attr, key, value, dynamic) => {
    const doc = vue(`<template><input ${attr}></template>`);
    const input = only(doc, 'input');
    expect(input.attribs[key]).toBe(value);
    expect(attribute(doc, input, key)?.dynamic).toBe(dynamic);
    expect(slice(doc, attribute(doc, input, key)?.nameRange)).toBe(attr.split('=')[0]);
  });

  it('leaves out attributes bound to false or null', () => {
    const doc = vue(`<template><button :disabled="false" :title="null"></button></template>`);
    expect(only(doc, 'button').attribs).toEqual({});
  });

  it('notes v-bind objects and dynamic attribute names', () => {
    const doc = vue(`<template><img v-bind="attrs" :[name]="v"></template>`);
    expect(unchecked(doc)).toEqual([
      ['v-bind', 'v-bind object is not checked'],
      [':[name', 'dynamic attribute name not checked'],
    ]);
  });

  it('keeps component names as written (a capitalised tag is a component) and lower-cases native tags', () => {
    const doc = vue(`<template><Div-Wrap><MyButton /><my-button /><Button /></Div-Wrap><svg><linearGradient /></svg></template>`);
    expect(elements(doc).map((e) => e.name)).toEqual(['Div-Wrap', 'MyButton', 'my-button', 'Button', 'svg', 'lineargradient']);
    expect(selectAll<ChildNode, Element>('button', doc.root as ChildNode)).toEqual([]);
  });

  it('gives the start tag range, with > inside attribute values', () => {
    const doc = vue(`<template><a title="a > b" href="#">x</a><br/><img src="i.png"></template>`);
    expect(elements(doc).map((e) => slice(doc, doc.elements.get(e)?.tagRange))).toEqual(['<a title="a > b" href="#">', '<br/>', '<img src="i.png">']);
  });

  it('links parents, makes nested <template> transparent and records text', () => {
    const doc = vue(`<template>
  <ul>
    <template v-if="x"><li>One</li></template>
    <li v-for="i in items" :key="i">{{ i }}</li>
    <li v-html="raw"></li>
  </ul>
</template>`);
    const ul = only(doc, 'ul');
    const lis = ul.children.filter(isTag);
    expect(lis.map((li) => li.name)).toEqual(['li', 'li', 'li']);
    for (const li of lis) expect(getParent(li)).toBe(ul);
    expect(lis.map((li) => li.children.map((c) => (c.type === 'text' ? c.data : c.type)))).toEqual([['One'], ['\u0000'], ['\u0000']]);
  });

  it('treats a .vue file without <template> as markup', () => {
    const doc = vue(`<div class="a"><span>hi</span></div>\n<script>export default {}</script>`);
    expect(elements(doc).map((e) => e.name)).toEqual(['div', 'span']);
    expect([...doc.classes].map((c) => c.name)).toEqual(['a']);
  });

  it('notes a template in another language', () => {
    const doc = vue(`<template lang="pug">div.a</template>`);
    expect(elements(doc)).toEqual([]);
    expect(unchecked(doc)).toEqual([['<templ', '<template lang="pug"> not checked']]);
  });

  it('survives 5,000 levels of nesting', () => {
    const depth = 5_000;
    const doc = vue(`<template>${'<div>'.repeat(depth)}${'</div>'.repeat(depth)}</template>`);
    expect(elements(doc)).toHaveLength(depth);
  });
});

describe('parseVueSource: SFC blocks and styles', () => {
  const sfc = [
    '<script setup lang="ts">',
    "import { ref } from 'vue';",
    "const open = ref<boolean>(false); const cls = 'not-a-template-class';",
    '</script>',
    '',
    '<template>',
    '  <section class="card" style="color: #fff; margin-top: 13px" :style="{ zIndex: 2, \'padding-top\': \'4px\' }">',
    '    <h2>{{ title }}</h2>',
    '  </section>',
    '</template>',
    '',
    '<style scoped>',
    '.card { border-radius: 7px; @apply p-4; }',
    '</style>',
  ].join('\n');

  it('reads the template, and of the script only class text', () => {
    const doc = vue(sfc);
    expect(elements(doc).map((e) => e.name)).toEqual(['section', 'h2']);
    expect(classes(doc)).toEqual([
      ['card', 'card', 'section'],
      ['p-4', 'p-4', undefined],
    ]);
  });

  it('reads static style, :style objects and <style> blocks with exact value ranges', () => {
    const doc = vue(sfc);
    expect(doc.declarations.map((d) => [d.property, d.value, slice(doc, d.valueRange), d.element?.name ?? null])).toEqual([
      ['color', '#fff', '#fff', 'section'],
      ['margin-top', '13px', '13px', 'section'],
      ['z-index', '2', '2', 'section'],
      ['padding-top', '4px', '4px', 'section'],
      ['border-radius', '7px', '7px', null],
    ]);
    const radius = doc.declarations.at(-1);
    expect(lineColumn(doc.text, radius?.valueRange.start ?? -1)).toBe('13:24');
    const section = only(doc, 'section');
    expect(section.attribs.style).toBe('color: #fff; margin-top: 13px; z-index: 2; padding-top: 4px');
    expect(attribute(doc, section, 'style')).toMatchObject({ rawName: ':style', dynamic: true });
  });

  it('merges :style before a static style the same way', () => {
    const doc = vue(`<template><p :style="[{ color: c }, { margin: 0 }]" style="padding: 1px"></p></template>`);
    const p = only(doc, 'p');
    expect(p.attribs.style).toBe('margin: 0; padding: 1px');
    expect(attribute(doc, p, 'style')).toMatchObject({ rawName: ':style', dynamic: true });
    expect(unchecked(doc)).toEqual([['c }, {', 'dynamic style value not checked']]);
  });

  it('notes a syntax error in a <style> block', () => {
    const doc = vue('<template><p /></template>\n<style lang="scss">\n.a { color: red;\n</style>');
    expect(doc.unchecked.map((u) => u.reason)).toEqual([expect.stringMatching(/^<style lang="scss"> syntax error/)]);
  });
});

describe('parseVueSource: malformed templates', () => {
  it('keeps going past recoverable errors and notes them', () => {
    const doc = vue(`<template><div><p>text</template>`);
    expect(elements(doc).map((e) => e.name)).toEqual(['div', 'p']);
    expect(unchecked(doc)).toEqual([['<p>tex', 'template error: Element is missing end tag.']]);
  });

  it.each([
    ['<template><div', 'Unexpected EOF in tag.', 14],
    ['<template>{{ x </template>', 'Interpolation end sign was not found.', 10],
    ['</div>', 'Invalid end tag.', 0],
  ])('%j → SourceParseError', (source, message, offset) => {
    expect(() => vue(source)).toThrow(new SourceParseError(message, offset));
    try {
      vue(source);
    } catch (error) {
      expect((error as SourceParseError).offset).toBe(offset);
    }
  });

  it('throws nothing but SourceParseError on any prefix of an SFC', () => {
    const source = `<script setup lang="ts">const on = ref(false)</script>
<template>
  <section class="card" :class="{ 'card--on': on }" :style="{ marginTop: 4 }" @click="on = !on">
    <p v-for="i in items" :key="i">{{ i }}</p>
  </section>
</template>
<style>.card { color: red }</style>`;
    for (let end = 0; end <= source.length; end++) {
      try {
        vue(source.slice(0, end));
      } catch (error) {
        expect(error, source.slice(0, end)).toBeInstanceOf(SourceParseError);
      }
    }
  });

  it('throws nothing but SourceParseError on garbage', () => {
    const inputs = ['<', '<template', '<template><', '<<<>>>', '<template><div v-if=></div></template>', '<template><a :b="{{"></a></template>', '\u0000<template>\uffff', '<template><div ="x"></div></template>', '<script>', '<style>'];
    for (const input of inputs) {
      try {
        vue(input);
      } catch (error) {
        expect(error).toBeInstanceOf(SourceParseError);
      }
    }
  });
});
