import { Document, Element, Text, type ChildNode, type ParentNode } from 'domhandler';
import { ClassTable } from '../class-table.js';
import { splitClassList } from '../class-token.js';
import type { AttributeInfo, ClassOccurrence, CssDeclaration, ElementInfo, LintDocument, Range } from '../document.js';
import type { SourceType } from '../types.js';

/**
 * The text of an expression child (JSX `{label}`, Vue `{{ label }}`, `v-text`): present but unknown.
 * The composition detector reads it as "has text", so `<button>{label}<Icon /></button>` is not
 * taken for an icon-only button. An empty Text would read as "no text", which is the wrong answer.
 */
export const UNKNOWN_TEXT = '\u0000';

export const REASON_ESCAPED_CLASS = 'class name with escape sequences not checked';

/**
 * Collects everything a JSX or Vue source turns into: a domhandler tree whose elements carry their
 * ElementInfo, class occurrences (one per source offset), declarations and unchecked notes.
 */
export class DocumentBuilder {
  readonly root = new Document([]);
  /** Class-function calls already read, so a file-wide scan does not read them twice. */
  readonly visited = new WeakSet<object>();
  private readonly elements = new WeakMap<Element, ElementInfo>();
  private readonly attributeMaps = new WeakMap<Element, Map<string, AttributeInfo>>();
  private readonly classes: ClassOccurrence[] = [];
  private readonly classStarts = new Set<number>();
  private readonly declarations: CssDeclaration[] = [];
  private readonly unchecked: { offset: number; reason: string }[] = [];
  private readonly uncheckedOffsets = new Set<number>();

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

  /**
   * Class names in `text[start, end)`: a string literal's inside or an attribute value. With
   * `escapes`, JS whitespace escapes (`\n`, `\t`, a line continuation) separate names like spaces,
   * so offsets stay exact; a name holding any other escape is noted, not guessed at.
   */
  classString(start: number, end: number, element: Element | undefined, escapes: boolean): void {
    const raw = this.text.slice(start, end);
    const masked = escapes ? maskWhitespaceEscapes(raw) : raw;
    for (const c of splitClassList(masked, start)) {
      if (escapes && c.name.includes('\\')) this.note(c.start, REASON_ESCAPED_CLASS);
      else this.addClass(c.name, c.start, c.end, element);
    }
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
      elements: this.elements,
      dynamicAttributes: true,
      classes: ClassTable.from(this.classes),
      declarations: this.declarations,
      unchecked: this.unchecked,
      views: new Map(),
    };
  }
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

/** Same length as `raw`, with whitespace escapes blanked so that offsets still line up. */
export function maskWhitespaceEscapes(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return raw.replace(/\\(?:[ntrfv]|\r\n|[\r\n\u2028\u2029])|\\[^]/g, (m) => (/^\\(?:[ntrfv]|\s)/.test(m) ? ' '.repeat(m.length) : m));
}
