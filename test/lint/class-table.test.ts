import { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { ClassTable } from '../../src/lint/class-table.js';

const el = (name = 'div') => new Element(name, {});
/** [name, the text at its range, its element's tag] for every occurrence. */
const rows = (table: ClassTable, text: string) => [...table].map((c) => [c.name, text.slice(c.range.start, c.range.end), c.element?.name]);

describe('ClassTable', () => {
  it('splits class lists at ASCII whitespace, numbering each distinct name once', () => {
    const text = '<a class=" p-4\tgap-2\n\fp-4  text-fg\r"><b class="p-4 card">';
    const table = new ClassTable();
    const a = el('a');
    const b = el('b');
    const [first, second] = [...text.matchAll(/"([^"]*)"/g)].map((m) => [(m.index as number) + 1, (m.index as number) + 1 + (m[1] as string).length] as const);
    table.addClassList(text, ...(first as readonly [number, number]), a);
    table.addClassList(text, ...(second as readonly [number, number]), b);
    expect(rows(table, text)).toEqual([
      ['p-4', 'p-4', 'a'],
      ['gap-2', 'gap-2', 'a'],
      ['p-4', 'p-4', 'a'],
      ['text-fg', 'text-fg', 'a'],
      ['p-4', 'p-4', 'b'],
      ['card', 'card', 'b'],
    ]);
    expect(table.names).toEqual(['p-4', 'gap-2', 'text-fg', 'card']);
    expect(table.nameIndex).toEqual([0, 1, 0, 2, 0, 3]);
    expect(table.occurrencesOf(0)).toEqual([0, 2, 4]);
    expect(table.elementsWith('p-4')).toEqual([a, a, b]);
    expect(table.elementsWith('nope')).toEqual([]);
    expect(table.at(-1)?.name).toBe('card');
    expect(table.at(6)).toBeUndefined();
  });

  it('keeps names exact beyond ASCII: accents, astral characters, lone surrogates', () => {
    const names = ['café', 'cafe', 'caf\u00e9\u0301', '😀-x', '\ud83d-x', '\ude00-x', 'ĉ', 'c'];
    const text = names.join(' ');
    const table = new ClassTable();
    table.addClassList(text, 0, text.length, el());
    expect(table.names).toEqual(names);
    expect(rows(table, text).map(([, written]) => written)).toEqual(names);
    // Non-ASCII names may be split otherwise by css-select: the element is marked.
    expect(table.unread.size).toBe(1);
  });

  it('tells apart thousands of names that share cache slots, page after page', () => {
    // 3,000 names over 1,024 slots: clashes are certain, and every id must still be right.
    const names = Array.from({ length: 3000 }, (_, i) => `n-${(i * 7919).toString(36)}`);
    for (let page = 0; page < 3; page++) {
      const order = page === 1 ? [...names].reverse() : names;
      const text = [...order, ...order].join(' ');
      const table = new ClassTable();
      table.addClassList(text, 0, text.length, el());
      expect(table.names).toEqual(order);
      expect(table.nameIndex).toEqual([...order.keys(), ...order.keys()]);
      expect(table.unread.size).toBe(0);
    }
  });

  it('reads texts through different tables in turn', () => {
    const first = 'aa bb cc aa';
    const second = 'cc dd aa';
    const one = new ClassTable();
    const two = new ClassTable();
    one.addClassList(first, 0, first.length, el());
    two.addClassList(second, 0, second.length, el());
    one.addClassList(first, 0, 5, el());
    expect(one.names).toEqual(['aa', 'bb', 'cc']);
    expect(one.nameIndex).toEqual([0, 1, 2, 0, 0, 1]);
    expect(two.names).toEqual(['cc', 'dd', 'aa']);
    // A table given a second text compares its names as strings there.
    one.addClassList(second, 0, second.length, el());
    expect(one.names).toEqual(['aa', 'bb', 'cc', 'dd']);
    expect(one.nameIndex.slice(6)).toEqual([2, 3, 0]);
  });

  it('groups all names once more than a few are asked for, with the same answers', () => {
    const text = Array.from({ length: 40 }, (_, i) => `c${i % 20}`).join(' ');
    const table = new ClassTable();
    table.addClassList(text, 0, text.length, el());
    const answers = table.names.map((_, i) => table.occurrencesOf(i));
    expect(answers.map((ks) => ks.map((k) => table.nameIndex[k]))).toEqual(table.names.map((_, i) => [i, i]));
    expect(answers[19]).toEqual([19, 39]);
  });

  it('builds from occurrences of other sources, with runs of elements', () => {
    const a = el('a');
    const b = el('b');
    const table = ClassTable.from([
      { name: 'x', range: { start: 0, end: 1 }, element: a },
      { name: 'y', range: { start: 2, end: 3 }, element: a },
      { name: 'x', range: { start: 10, end: 11 }, element: b },
      { name: 'z', range: { start: 20, end: 21 } },
      { name: 'x\u00a0y', range: { start: 30, end: 33 }, element: b },
    ]);
    expect(table.names).toEqual(['x', 'y', 'z', 'x\u00a0y']);
    expect([...table].map((c) => c.element?.name)).toEqual(['a', 'a', 'b', undefined, 'b']);
    expect(table.range(4)).toEqual({ start: 30, end: 33 });
    const runs: [string | undefined, number, number][] = [];
    for (let r = 0; r < table.runCount; r++) runs.push([table.runElement(r)?.name, table.runStart(r), table.runStart(r + 1)]);
    expect(runs).toEqual([['a', 0, 2], ['b', 2, 3], [undefined, 3, 4], ['b', 4, 5]]);
    expect([...table.unread]).toEqual([b]);
  });
});
