import type { ChildNode, Element } from 'domhandler';
import type { LintDocument, Range } from '../document.js';

/** Every element of a document in document order, iteratively (hostile nesting must not overflow the stack). */
export function* allElements(doc: LintDocument): Generator<Element> {
  if (!doc.root) return;
  const stack: ChildNode[] = [...doc.root.children].reverse();
  while (stack.length > 0) {
    const node = stack.pop() as ChildNode;
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
    const element = node as Element;
    yield element;
    for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i] as ChildNode);
  }
}

/** Where a finding about a whole element points: its start tag. */
export function tagRange(doc: LintDocument, element: Element): Range {
  return doc.elements.get(element)?.tagRange ?? { start: element.startIndex ?? 0, end: (element.startIndex ?? 0) + element.name.length + 1 };
}

export function attributeNameRange(doc: LintDocument, element: Element, attr: string): Range {
  return doc.elements.get(element)?.attributes.get(attr)?.nameRange ?? tagRange(doc, element);
}

export function isDynamic(doc: LintDocument, element: Element, attr: string): boolean {
  return doc.elements.get(element)?.attributes.get(attr)?.dynamic === true;
}

/** Tag lists in rules are HTML tag names; a JSX component `<Button>` is not a `<button>`. */
export function tagMatches(element: Element, tags: readonly string[] | undefined): boolean {
  return tags === undefined || tags.includes(element.name);
}
