import { isTag, type ChildNode, type Element } from 'domhandler';
import { expect } from 'vitest';
import type { LintDocument, Range } from '../../src/lint/document.js';

/** Views of a LintDocument for exact assertions in the source tests. */
export const slice = (doc: LintDocument, range: Range | undefined) => (range ? doc.text.slice(range.start, range.end) : undefined);

/** 1-based line:column of an offset. */
export function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
}

/** [name, the text at its range, its element's tag] for every class occurrence. */
export const classes = (doc: LintDocument) => [...doc.classes].map((c) => [c.name, slice(doc, c.range), c.element?.name]);
export const unchecked = (doc: LintDocument) => doc.unchecked.map((u) => [doc.text.slice(u.offset, u.offset + 6), u.reason]);

export function elements(doc: LintDocument): Element[] {
  const out: Element[] = [];
  const stack: ChildNode[] = [...(doc.root?.children ?? [])].reverse();
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (!isTag(node)) continue;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as ChildNode);
  }
  return out;
}

export const only = (doc: LintDocument, name: string): Element => {
  const found = elements(doc).filter((e) => e.name === name);
  expect(found).toHaveLength(1);
  return found[0] as Element;
};

export const attribute = (doc: LintDocument, element: Element, key: string) => doc.elements.get(element)?.attributes.get(key);
