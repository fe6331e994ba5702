import type { ChildNode, Element } from 'domhandler';
import { view, type LintDocument, type Range } from '../document.js';

interface MarkupIndex {
  /** Every element in document order. */
  readonly elements: readonly Element[];
  /** When the source listed them: the elements with an attribute other than class, in document order. */
  readonly attributed: readonly Element[] | undefined;
  readonly byTag: ReadonlyMap<string, readonly Element[]>;
  /** Filled as rules ask, by attributeIndex(): rules ask for a handful of a page's attribute names. */
  readonly byAttribute: Map<string, readonly Element[]>;
  /** Filled as selectors ask, by classIndex(). */
  readonly byClass: Map<string, ClassIndex>;
}

/**
 * One walk per document, shared by every rule: most rules ask for a tag or an attribute, so they
 * visit only those elements.
 */
export function markupIndex(doc: LintDocument): MarkupIndex {
  return view(doc, indexMarkup);
}

function indexMarkup(doc: LintDocument): MarkupIndex {
  const elements = doc.elementOrder ?? walk(doc);
  const byTag = new Map<string, Element[]>();
  for (const element of elements) push(byTag, element.name, element);
  return { elements, attributed: doc.elementOrder ? doc.attributedOrder : undefined, byTag, byAttribute: new Map(), byClass: new Map() };
}

/** Iterative: hostile nesting must not overflow the stack. */
function walk(doc: LintDocument): Element[] {
  const elements: Element[] = [];
  const stack: ChildNode[] = doc.root ? [...doc.root.children].reverse() : [];
  while (stack.length > 0) {
    const node = stack.pop() as ChildNode;
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') continue;
    const element = node as Element;
    elements.push(element);
    for (let i = element.children.length - 1; i >= 0; i--) stack.push(element.children[i] as ChildNode);
  }
  return elements;
}

function push(map: Map<string, Element[]>, key: string, element: Element): void {
  const list = map.get(key);
  if (list) list.push(element);
  else map.set(key, [element]);
}

/** Every element of a document, in document order. */
export function allElements(doc: LintDocument): readonly Element[] {
  return markupIndex(doc).elements;
}

/** Elements with one of these tags (in document order), or all elements when `tags` is undefined. */
export function elementsWithTags(doc: LintDocument, tags: readonly string[] | undefined): readonly Element[] {
  return tags === undefined ? markupIndex(doc).elements : elementsWith(doc, { tags, classes: [], attributes: [] });
}

/** Tag names, class names and attribute names: an element has one of them. */
export interface ElementKeys {
  readonly tags: readonly string[];
  readonly classes: readonly string[];
  readonly attributes: readonly string[];
}

/**
 * Elements with one of the tags, classes or attributes, in document order; every element when
 * `keys` is undefined. Usually one list, or none: only several lists are merged.
 */
export function elementsWith(doc: LintDocument, keys: ElementKeys | undefined): readonly Element[] {
  const index = markupIndex(doc);
  if (keys === undefined) return index.elements;
  const lists = new Set<readonly Element[]>();
  for (const tag of keys.tags) addList(lists, index.byTag.get(tag));
  for (const name of keys.classes) addList(lists, elementsWithClass(doc, index, name));
  for (const attribute of keys.attributes) addList(lists, attributeIndex(index, attribute));
  if (lists.size <= 1) return lists.values().next().value ?? [];
  const wanted = new Set<Element>();
  for (const list of lists) for (const element of list) wanted.add(element);
  return index.elements.filter((e) => wanted.has(e));
}

/** Elements with the attribute (an own property of attribs, as a for…in over them would list). */
function attributeIndex(index: MarkupIndex, attr: string): readonly Element[] {
  let list = index.byAttribute.get(attr);
  if (list === undefined) {
    // `in` is the fast test; a name Object.prototype has (`constructor`) must be an own property.
    const has = attr in Object.prototype ? (e: Element) => Object.prototype.hasOwnProperty.call(e.attribs, attr) : (e: Element) => attr in e.attribs;
    // A source that listed its elements with attributes besides class leaves fewer to test.
    const pool = attr !== 'class' && index.attributed !== undefined ? index.attributed : index.elements;
    index.byAttribute.set(attr, (list = pool.filter(has)));
  }
  return list;
}

function addList(lists: Set<readonly Element[]>, list: readonly Element[] | undefined): void {
  if (list && list.length > 0) lists.add(list);
}

/** The elements with a class, in document order, and those of them the class table lists with it. */
interface ClassIndex {
  /** With those whose class list the table may have read otherwise (see ClassTable.unread). */
  readonly elements: readonly Element[];
  readonly listed: ReadonlySet<Element>;
}

/** Read from the document's class table, rather than by testing every element's class attribute. */
function classIndex(doc: LintDocument, index: MarkupIndex, name: string): ClassIndex {
  let found = index.byClass.get(name);
  if (found === undefined) {
    const listed = new Set(doc.classes.elementsWith(name));
    const { unread } = doc.classes;
    const elements = listed.size + unread.size === 0 ? [] : index.elements.filter((e) => listed.has(e) || unread.has(e));
    index.byClass.set(name, (found = { elements, listed }));
  }
  return found;
}

function elementsWithClass(doc: LintDocument, index: MarkupIndex, name: string): readonly Element[] {
  return classIndex(doc, index, name).elements;
}

/**
 * Whether an element of `doc` has the class `name`, as css-select would say (`cssMatches`): from
 * the class table, but for the elements whose class list the table may have read otherwise.
 */
export function classMatcherIn(doc: LintDocument, name: string, cssMatches: (element: Element) => boolean): (element: Element) => boolean {
  const { listed } = classIndex(doc, markupIndex(doc), name);
  const { unread } = doc.classes;
  return (element) => (unread.has(element) ? cssMatches(element) : listed.has(element));
}

export function elementsWithAttribute(doc: LintDocument, attr: string): readonly Element[] {
  return attributeIndex(markupIndex(doc), attr);
}

/** Where a finding about a whole element points: its start tag. */
export function tagRange(doc: LintDocument, element: Element): Range {
  return doc.elements.get(element)?.tagRange ?? { start: element.startIndex ?? 0, end: (element.startIndex ?? 0) + element.name.length + 1 };
}

export function attributeNameRange(doc: LintDocument, element: Element, attr: string): Range {
  return doc.elements.get(element)?.attributes.get(attr)?.nameRange ?? tagRange(doc, element);
}

export function isDynamic(doc: LintDocument, element: Element, attr: string): boolean {
  return doc.dynamicAttributes && doc.elements.get(element)?.attributes.get(attr)?.dynamic === true;
}

/** Tag lists in rules are HTML tag names; a JSX component `<Button>` is not a `<button>`. */
export function tagMatches(element: Element, tags: readonly string[] | undefined): boolean {
  return tags === undefined || tags.includes(element.name);
}
