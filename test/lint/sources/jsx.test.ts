import { selectAll } from 'css-select';
import { isTag, type ChildNode, type Element } from 'domhandler';
import { getParent } from 'domutils';
import { describe, expect, it } from 'vitest';
import { attribute, classes, elements, lineColumn, only, slice, unchecked } from '../../support/lint-document.js';
import { SourceParseError } from '../../../src/lint/detector.js';
import type { LintDocument } from '../../../src/lint/document.js';
import { parseJsxSource } from '../../../src/lint/sources/jsx.js';

const CLASS_FUNCTIONS = ['clsx', 'cn', 'classnames', 'cva', 'twMerge', 'tw'];

function tsx(text: string, filename?: string): LintDocument {
  return parseJsxSource(text, { sourceType: 'tsx', classFunctions: CLASS_FUNCTIONS, ...(filename ? { filename } : {}) });
}


describe('parseJsxSource: class names', () => {
  it('reads cn() strings, && branches and object keys at their exact offsets', () => {
    const doc = tsx(`const A = () => <div className={cn('p-4', active && 'text-black', { 'bg-blue-500': on })} />;`);
    expect(classes(doc)).toEqual([
      ['p-4', 'p-4', 'div'],
      ['text-black', 'text-black', 'div'],
      ['bg-blue-500', 'bg-blue-500', 'div'],
    ]);
    expect(lineColumn(doc.text, doc.classes.at(0)?.range.start ?? -1)).toBe('1:37');
    const div = only(doc, 'div');
    expect(div.attribs.class).toBe('p-4 text-black bg-blue-500');
    expect(attribute(doc, div, 'class')).toMatchObject({ rawName: 'className', dynamic: true });
    expect(doc.unchecked).toEqual([]);
  });

  it.each([
    ['string attribute', `<a className="btn  btn-primary" />`, ['btn', 'btn-primary'], []],
    ['string in braces', `<a className={'x y'} />`, ['x', 'y'], []],
    ['template without substitutions', '<a className={`x y`} />', ['x', 'y'], []],
    ['conditional', `<a className={on ? 'a b' : 'c'} />`, ['a', 'b', 'c'], []],
    ['logical || and ??', `<a className={x || 'a'} b={cn(y ?? 'b')} />`, ['a', 'b'], [["x || '", 'dynamic className not checked'], ["y ?? '", 'dynamic class argument not checked']]],
    ['clsx nested arrays', `<a className={clsx(['a', ['b', { c: x }]], 'd')} />`, ['a', 'b', 'c', 'd'], []],
    ['member callee', `<a className={styles.cn('a')} />`, ['a'], []],
    ['nested class calls', `<a className={cn('a', twMerge('b', cn('c')))} />`, ['a', 'b', 'c'], []],
    ['falsy values', `<a className={cn('a', null, undefined, false, 0)} />`, ['a'], []],
    ['whitespace escapes', `<a className={cn('a\\nb\\tc')} />`, ['a', 'b', 'c'], []],
    ['other escapes', `<a className={cn('a\\u0062 c')} />`, ['c'], [["a\\u006", 'class name with escape sequences not checked']]],
    ['identifier', `<a className={styles} />`, [], [['styles', 'dynamic className not checked']]],
    ['member access', `<a className={s.root} />`, [], [['s.root', 'dynamic className not checked']]],
    ['other call', `<a className={join('a', 'b')} />`, [], [["join('", 'dynamic className not checked']]],
    ['bare array', `<a className={['a']} />`, [], [["['a']}", 'dynamic className not checked']]],
    ['spread argument', `<a className={cn(...list)} />`, [], [['...lis', 'spread in a class list not checked']]],
    ['computed key', `<a className={cn({ [k]: on, ['x']: on })} />`, ['x'], [['k]: on', 'computed class key not checked']]],
    ['class attribute', `<a class="plain" />`, ['plain'], []],
  ])('%s', (_name, source, names, notes) => {
    const doc = tsx(source);
    expect([...doc.classes].map((c) => c.name)).toEqual(names);
    for (const c of doc.classes) expect(slice(doc, c.range)).toBe(c.name);
    expect(unchecked(doc)).toEqual(notes);
  });

  it('keeps whole classes of a template literal and notes names glued to ${…}', () => {
    const source = '<a className={`px-4 text-${size} ${active ? \'font-bold\' : \'\'} py-2 ${x}${y} ${z}-end`} />';
    const doc = tsx(source);
    expect(classes(doc)).toEqual([
      ['px-4', 'px-4', 'a'],
      ['font-bold', 'font-bold', 'a'],
      ['py-2', 'py-2', 'a'],
    ]);
    expect(unchecked(doc)).toEqual([
      ['text-$', 'class name built from an expression not checked'],
      ['x}${y}', 'class name built from an expression not checked'],
      ['y} ${z', 'class name built from an expression not checked'],
      ['-end`}', 'class name built from an expression not checked'],
    ]);
    expect(only(doc, 'a').attribs.class).toBe('px-4 font-bold py-2');
  });

  it('reads every class value of a cva() config, outside any element, and skips variant names', () => {
    const source = [
      `const button = cva('btn px-4', {`,
      `  variants: {`,
      `    intent: { primary: 'bg-blue-500 text-white', secondary: ['bg-gray-100', 'text-black'] },`,
      `    size: { sm: cn('h-8', wide && 'w-full') },`,
      `  },`,
      `  compoundVariants: [{ intent: 'primary', size: 'sm', class: 'uppercase' }],`,
      `  defaultVariants: { intent: 'primary' },`,
      `});`,
    ].join('\n');
    const doc = tsx(source);
    expect(classes(doc)).toEqual(
      ['btn', 'px-4', 'bg-blue-500', 'text-white', 'bg-gray-100', 'text-black', 'h-8', 'w-full', 'uppercase'].map((n) => [n, n, undefined]),
    );
    const uppercase = doc.classes.at(-1);
    expect(lineColumn(source, uppercase?.range.start ?? -1)).toBe('6:63');
  });

  it('reads tv() slots and tw tagged templates', () => {
    const doc = parseJsxSource("const card = tv({ slots: { base: 'rounded-lg', title: 'text-lg' } });\nconst x = tw`p-2 m-1`;", { sourceType: 'tsx', classFunctions: ['tv', 'tw'] });
    expect([...doc.classes].map((c) => c.name)).toEqual(['rounded-lg', 'text-lg', 'p-2', 'm-1']);
  });

  it('reports a class reached from an element and from the file-wide scan once, with its element', () => {
    const doc = tsx(`const c = <div className={cn('a', cn('b'))}><span>{cn('c')}</span></div>;`);
    expect(classes(doc)).toEqual([
      ['a', 'a', 'div'],
      ['b', 'b', 'div'],
      ['c', 'c', undefined],
    ]);
  });

  it('finds the inner of nested cards written with cn() through css-select', () => {
    const doc = tsx(`export const C = () => <div className={cn('card', big && 'card--big')}><p><section className={cn('card')} /></p></div>;`);
    const found = selectAll<ChildNode, Element>('.card .card', doc.root as ChildNode);
    expect(found.map((e) => e.name)).toEqual(['section']);
    expect(selectAll<ChildNode, Element>('.card--big', doc.root as ChildNode).map((e) => e.name)).toEqual(['div']);
  });

  // Its speed is measured by `npm run bench` (TSX throughput), not timed here.
  it('reads a 1 MB className string: every class, the last one at its place', () => {
    const names = Array.from({ length: 100_000 }, (_, i) => `c${i}`).join(' ');
    const source = `<div className="${names.padEnd(1_048_576, ' ')}" />`;
    const doc = tsx(source);
    expect(doc.classes).toHaveLength(100_000);
    expect(slice(doc, doc.classes.at(-1)?.range)).toBe('c99999');
  });
});

describe('parseJsxSource: elements and attributes', () => {
  it('keeps a component name as written: <Button> is not a button', () => {
    const doc = tsx(`<div><Button /><button /><Foo.Bar /><svg:rect /></div>`);
    expect(elements(doc).map((e) => e.name)).toEqual(['div', 'Button', 'button', 'Foo.Bar', 'svg:rect']);
    expect(selectAll<ChildNode, Element>('button', doc.root as ChildNode)).toHaveLength(1);
  });

  it('keeps onClick as written: a listener, not an inline onclick handler', () => {
    const doc = tsx(`<button onClick={() => go()}>Go</button>`);
    const button = only(doc, 'button');
    expect(Object.keys(button.attribs)).toEqual(['onClick']);
    expect(attribute(doc, button, 'onClick')).toMatchObject({ rawName: 'onClick', dynamic: true });
    expect(slice(doc, attribute(doc, button, 'onClick')?.valueRange)).toBe('() => go()');
  });

  it.each([
    ['tabIndex={3}', 'tabindex', '3', false],
    ['tabIndex="0"', 'tabindex', '0', false],
    ['htmlFor="email"', 'for', 'email', false],
    ['readOnly', 'readonly', '', false],
    ['autoComplete="off"', 'autocomplete', 'off', false],
    ['autoFocus={true}', 'autofocus', '', false],
    ['maxLength={10}', 'maxlength', '10', false],
    ['colSpan={2}', 'colspan', '2', false],
    ['srcSet="a.png 2x"', 'srcset', 'a.png 2x', false],
    ['crossOrigin="anonymous"', 'crossorigin', 'anonymous', false],
    ['contentEditable', 'contenteditable', '', false],
    ['aria-label={`Close`}', 'aria-label', 'Close', false],
    ['aria-hidden={true}', 'aria-hidden', 'true', false],
    ['data-testId="x"', 'data-testId', 'x', false],
    ['title={t("close")}', 'title', '', true],
    ['xlink:href="#a"', 'xlink:href', '#a', false],
  ])('%s → %s', (attr, key, value, dynamic) => {
    const doc = tsx(`<input ${attr} />`);
    const input = only(doc, 'input');
    expect(input.attribs[key]).toBe(value);
    const info = attribute(doc, input, key);
    expect(info?.dynamic).toBe(dynamic);
    expect(slice(doc, info?.nameRange)).toBe(info?.rawName);
    expect(info?.rawName).toBe(attr.split(/[={]/)[0]);
  });

  it('gives the ranges of the start tag, the name and the value', () => {
    const doc = tsx(`<label htmlFor="email" tabIndex={3}>E-mail</label>`);
    const label = only(doc, 'label');
    expect(slice(doc, doc.elements.get(label)?.tagRange)).toBe('<label htmlFor="email" tabIndex={3}>');
    expect(slice(doc, attribute(doc, label, 'for')?.valueRange)).toBe('email');
    expect(slice(doc, attribute(doc, label, 'tabindex')?.valueRange)).toBe('3');
  });

  it('leaves out attributes React would not render', () => {
    const doc = tsx(`<button disabled={false} title={undefined} hidden={null} />`);
    expect(only(doc, 'button').attribs).toEqual({});
  });

  it('notes spread props', () => {
    const doc = tsx(`<img {...props} src="a.png" />`);
    expect(unchecked(doc)).toEqual([['{...pr', 'spread props are not checked']]);
    expect(only(doc, 'img').attribs).toEqual({ src: 'a.png' });
  });

  it('makes fragments transparent and links parents and siblings', () => {
    const doc = tsx(`const x = <ul><><li>a</li><React.Fragment key="k"><li>b</li></React.Fragment></><Fragment><li>c</li></Fragment></ul>;\nconst y = <><p /><p /></>;`);
    const ul = only(doc, 'ul');
    const lis = ul.children.filter(isTag);
    expect(lis.map((li) => li.name)).toEqual(['li', 'li', 'li']);
    for (const li of lis) expect(getParent(li)).toBe(ul);
    expect(lis[1]?.prev).toBe(lis[0]);
    expect(lis[1]?.next).toBe(lis[2]);
    expect(doc.root?.children.filter(isTag).map((e) => e.name)).toEqual(['ul', 'p', 'p']);
    expect(getParent(ul)).toBe(doc.root);
  });

  it('attaches JSX in props, maps and conditions to the enclosing element, in source order', () => {
    const doc = tsx(`<Menu icon={<Icon />}><b />{items.map((i) => <li key={i} />)}{open && <Panel />}<i /></Menu>`);
    const menu = only(doc, 'Menu');
    expect(menu.children.filter(isTag).map((e) => e.name)).toEqual(['Icon', 'b', 'li', 'Panel', 'i']);
  });

  it('records text, unknown text for expressions, and nothing for expressions that only render markup', () => {
    const doc = tsx(`<div>
      <button id="a"><Icon /></button>
      <button id="b">{label}</button>
      <button id="c">{open && <Icon />}{list.map((x) => { return <i />; })}</button>
      <button id="d">{'Save'} now{/* comment */}</button>
      <button id="e">{cond ? <Icon /> : label}</button>
    </div>`);
    const text = (id: string) =>
      elements(doc)
        .find((e) => e.attribs.id === id)
        ?.children.filter((c) => c.type === 'text')
        .map((c) => (c as { data: string }).data.trim());
    expect(text('a')).toEqual([]);
    expect(text('b')).toEqual(['\u0000']);
    expect(text('c')).toEqual([]);
    expect(text('d')).toEqual(['Save', 'now']);
    expect(text('e')).toEqual(['\u0000']);
  });

  it('survives 5,000 levels of nesting', () => {
    const depth = 5_000;
    const doc = tsx(`const x = ${'<div>'.repeat(depth)}${'</div>'.repeat(depth)};`);
    expect(elements(doc)).toHaveLength(depth);
  });

  it('turns a stack overflow in the parser into a SourceParseError', () => {
    const depth = 60_000;
    expect(() => tsx(`const x = ${'<div>'.repeat(depth)}${'</div>'.repeat(depth)};`)).toThrow(new SourceParseError('too deeply nested', 0));
  });
});

describe('parseJsxSource: style objects', () => {
  it('turns static properties into declarations with kebab names and React units', () => {
    const source = `<div style={{ color: '#fff', marginTop: 13, opacity: 0.5, zIndex: 10, padding: 0, margin: -4, '--gap': 4, WebkitLineClamp: 2, msTransform: 'none', 'font-size': \`12px\`, width: w }} />`;
    const doc = tsx(source);
    expect(doc.declarations.map((d) => [d.property, d.value, slice(doc, d.valueRange), d.element?.name, d.important])).toEqual([
      ['color', '#fff', '#fff', 'div', false],
      ['margin-top', '13px', '13', 'div', false],
      ['opacity', '0.5', '0.5', 'div', false],
      ['z-index', '10', '10', 'div', false],
      ['padding', '0', '0', 'div', false],
      ['margin', '-4px', '-4', 'div', false],
      ['--gap', '4', '4', 'div', false],
      ['-webkit-line-clamp', '2', '2', 'div', false],
      ['-ms-transform', 'none', 'none', 'div', false],
      ['font-size', '12px', '12px', 'div', false],
    ]);
    expect(unchecked(doc)).toEqual([['w }} /', 'dynamic style value not checked']]);
    expect(only(doc, 'div').attribs.style).toContain('margin-top: 13px');
  });

  it('notes a style that is not an object literal', () => {
    const doc = tsx(`<div style={styles.box} />`);
    expect(doc.declarations).toEqual([]);
    expect(unchecked(doc)).toEqual([['styles', 'dynamic style not checked']]);
  });
});

describe('parseJsxSource: errors', () => {
  it.each([
    ['unterminated JSX', 'const a = <div>;', 15],
    ['mismatched closing tag', 'const a = <div></span>;', 15],
    ['bad token', 'const = ;', 6],
  ])('%s → SourceParseError at its offset', (_name, source, offset) => {
    let error: unknown;
    try {
      tsx(source);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SourceParseError);
    expect((error as SourceParseError).offset).toBe(offset);
    expect((error as SourceParseError).message).not.toMatch(/\(\d+:\d+\)$/);
  });

  it('throws nothing but SourceParseError on any prefix of a component', () => {
    const source = `import { cn } from './cn';
export function Card({ on, items }: { on: boolean; items: string[] }) {
  return (
    <section className={cn('card', on && 'card--on', { hidden: !items.length })} style={{ marginTop: 4 }}>
      <>{items.map((i) => <p key={i} className={\`row \${i}\`}>{i}</p>)}</>
    </section>
  );
}`;
    for (let end = 0; end <= source.length; end++) {
      try {
        tsx(source.slice(0, end));
      } catch (error) {
        expect(error, source.slice(0, end)).toBeInstanceOf(SourceParseError);
      }
    }
    expect([...tsx(source).classes].map((c) => c.name)).toEqual(['card', 'card--on', 'hidden', 'row']);
  });

  it('accepts errors that leave the tree intact', () => {
    expect([...tsx('let x = 1; let x = 2; const a = <a className="b" />;').classes].map((c) => c.name)).toEqual(['b']);
  });

  it('reads a .ts file with <T> assertions as plain TypeScript', () => {
    const doc = tsx(`const n = <number>value; const c = cn('a');`, 'src/util.ts');
    expect([...doc.classes].map((c) => c.name)).toEqual(['a']);
  });

  it('reads plain JSX without TypeScript', () => {
    const doc = parseJsxSource(`export default function A() { return <p className="x">hi</p>; }`, { sourceType: 'jsx', filename: 'a.jsx', classFunctions: [] });
    expect(doc).toMatchObject({ sourceType: 'jsx', filename: 'a.jsx' });
    expect([...doc.classes].map((c) => c.name)).toEqual(['x']);
  });
});
