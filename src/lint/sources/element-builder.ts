import { Document, Element, Text, type ChildNode, type ParentNode } from 'domhandler';
import { ClassTable } from '../class-table.js';
import { readClassString, type ClassSink } from './class-sink.js';
import type { AttributeInfo, ClassOccurrence, CssDeclaration, ElementInfo, LintDocument, Range } from '../document.js';
import type { SourceType } from '../types.js';

/**
 * The text of an expression child (JSX `{label}`, Vue `{{ label }}`, `v-text`): present but unknown.
 * The composition detector reads it as "has text", so `<button>{label}<Icon /></button>` is not
 * taken for an icon-only button. An empty Text would read as "no text", which is the wrong answer.
 */
export const UNKNOWN_TEXT = '\u0000';

/**
 * Collects everything a JSX or Vue source turns into: a domhandler tree whose elements carry their
 * ElementInfo, class occurrences (one per source offset), declarations and unchecked notes.
 */
export class DocumentBuilder implements ClassSink {
  readonly root = new Document([]);
  /** Class-function calls already read, so a file-wide scan does not read them twice. */
  readonly visited = new WeakSet<object>();
  private readonly elements = new WeakMap<Element, { -readonly [K in keyof ElementInfo]: ElementInfo[K] }>();
  private readonly attributeMaps = new WeakMap<Element, Map<string, AttributeInfo>>();
  private readonly classes: ClassOccurrence[] = [];
  private readonly classStarts = new Set<number>();
  private readonly declarations: CssDeclaration[] = [];
  private readonly unchecked: { offset: number; reason: string }[] = [];
  private readonly uncheckedOffsets = new Set<number>();
  /** Documents of other sources inside this one (an Angular inline template): their start tags and unread elements. */
  private readonly adopted: LintDocument[] = [];

  constructor(readonly text: string) {}

  element(parent: ParentNode, name: string, tagRange: Range): Element {
    const element = new Element(name, {});
    element.startIndex = tagRange.start;
    const attributes = new Map<string, AttributeInfo>();
    this.attributeMaps.set(element, attributes);
    this.elements.set(element, { tagRange, attributes });
    append(parent, element);
    return element;
  }

  /** A spread of props (`{...props}`, `v-bind="obj"`): it may supply any attribute, so it is noted. */
  spread(element: Element, range: Range, reason: string): void {
    const written = this.text.slice(range.start, range.end).replace(/\s+/g, ' ');
    const text = written.length > 40 ? `${written.slice(0, 39)}…` : written;
    const info = this.elements.get(element);
    if (info && !info.spread) info.spread = { offset: range.start, text };
    this.note(range.start, reason);
  }

  textNode(parent: ParentNode, data: string): void {
    append(parent, new Text(data));
  }

  /**
   * Last one wins (JSX props), except for `class` and `style`, which merge as in Vue (`class` with
   * `:class`): the merged value stays dynamic when either part is. `attribs.class` is filled in by
   * finish() from the class occurrences.
   */
  attribute(element: Element, key: string, info: AttributeInfo, value: string): void {
    const attributes = this.attributeMaps.get(element);
    if (!attributes) return;
    const existing = attributes.get(key);
    const merges = key === 'class' || key === 'style';
    if (!(merges && existing?.dynamic === true && !info.dynamic)) attributes.set(key, info);
    if (key === 'class') element.attribs.class ??= '';
    else if (key === 'style' && existing) element.attribs.style = [element.attribs.style, value].filter((s) => s).join('; ');
    else element.attribs[key] = value;
  }

  addClass(name: string, start: number, end: number, element: Element | undefined): void {
    if (this.classStarts.has(start)) return;
    this.classStarts.add(start);
    this.classes.push(element ? { name, range: { start, end }, element } : { name, range: { start, end } });
  }

  /** See readClassString(). */
  classString(start: number, end: number, element: Element | undefined, escapes: boolean): void {
    readClassString(this, start, end, element, escapes);
  }

  /**
   * A document of another source, parsed in place (same text offsets), made part of this one: its
   * elements join the tree, its classes, declarations and notes these.
   */
  adopt(doc: LintDocument): void {
    this.adopted.push(doc);
    for (const child of [...(doc.root?.children ?? [])]) {
      if (child.type !== 'text' || /\S/.test((child as Text).data)) append(this.root, child);
    }
    for (const c of doc.classes) this.addClass(c.name, c.range.start, c.range.end, c.element);
    for (const d of doc.declarations) this.declaration(d);
    for (const u of doc.unchecked) this.note(u.offset, u.reason);
  }

  declaration(declaration: CssDeclaration): void {
    this.declarations.push(declaration);
  }

  /** One note per offset: the same expression may be reached from a className and a file-wide scan. */
  note(offset: number, reason: string): void {
    if (this.uncheckedOffsets.has(offset)) return;
    this.uncheckedOffsets.add(offset);
    this.unchecked.push({ offset, reason });
  }

  private classTable(): ClassTable {
    const table = ClassTable.from(this.classes);
    for (const doc of this.adopted) for (const element of doc.classes.unread) table.addUnread(element);
    return table;
  }

  finish(sourceType: SourceType, filename: string | undefined): LintDocument {
    this.classes.sort((a, b) => a.range.start - b.range.start);
    // Every static class an element may have, in source order, so `.card` selectors match
    // `cn('card', on && 'card--on')` too.
    const names = new Map<Element, Set<string>>();
    for (const { name, element } of this.classes) {
      if (!element) continue;
      const set = names.get(element) ?? new Set<string>();
      names.set(element, set.add(name));
    }
    for (const [element, set] of names) element.attribs.class = [...set].join(' ');
    this.declarations.sort((a, b) => a.valueRange.start - b.valueRange.start);
    this.unchecked.sort((a, b) => a.offset - b.offset);
    return {
      sourceType,
      text: this.text,
      ...(filename === undefined ? {} : { filename }),
      root: this.root,
      elements: this.adopted.length === 0 ? this.elements : { get: (element) => this.elements.get(element) ?? firstInfo(this.adopted, element) },
      dynamicAttributes: true,
      classes: this.classTable(),
      declarations: this.declarations,
      unchecked: this.unchecked,
      views: new Map(),
    };
  }
}

function firstInfo(docs: readonly LintDocument[], element: Element): ElementInfo | undefined {
  for (const doc of docs) {
    const info = doc.elements.get(element);
    if (info) return info;
  }
  return undefined;
}

/** Links parent, prev and next as domhandler's own parser does. */
function append(parent: ParentNode, child: ChildNode): void {
  const last = parent.children.at(-1) ?? null;
  child.parent = parent;
  child.prev = last;
  child.next = null;
  if (last) last.next = child;
  parent.children.push(child);
}

