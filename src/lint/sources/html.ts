import { Parser } from 'htmlparser2';
import { DomHandler, type Element, type Text } from 'domhandler';
import { ClassTable } from '../class-table.js';
import { splitClassList } from '../class-token.js';
import { classSyntaxOf, type ClassAttributeEntry, type ClassSyntax } from './class-attributes.js';
import type { ClassSink } from './class-sink.js';
import { mayHoldClasses, readHtmlClassAttribute } from './html-bindings.js';
import { decodedClassList } from './html-entities.js';
import type { CssDeclaration, LintDocument } from '../document.js';
import { parseStyleAttribute, parseStylesheet } from './css.js';
import { attributeValueEnd, attributeValueStart, HTML_PARSER_OPTIONS, HtmlStartTags } from './html-start-tag.js';

/**
 * HTML through htmlparser2 (fast, forgiving: malformed markup never throws) into domhandler nodes.
 * Comments and the text of <script> are never class text; <style> blocks and style="" go to the CSS
 * source. Start tags are read again only for the elements a finding is about (see HtmlStartTags).
 */
export interface HtmlSourceOptions {
  readonly filename?: string;
  readonly classFunctions?: readonly string[];
  /** `lint.classAttributes`; class bindings (`:class`, `x-bind:class`, `[ngClass]`, `[class.x]`) are read without it. */
  readonly classAttributes?: readonly ClassAttributeEntry[];
}

export function parseHtmlSource(text: string, options: HtmlSourceOptions = {}): LintDocument {
  const handler = new HtmlSourceHandler(text, classSyntaxOf(options.classFunctions ?? [], options.classAttributes));
  new Parser(handler, HTML_PARSER_OPTIONS).end(text);
  const { classes, declarations } = handler;
  // <style> text is CSS; its Text child knows where it starts.
  for (const element of handler.styleElements) {
    for (const child of element.children) {
      if (child.type === 'text' && typeof child.startIndex === 'number') {
        declarations.push(...parseStylesheet((child as Text).data, child.startIndex));
      }
    }
  }
  return {
    sourceType: 'html',
    text,
    ...(options.filename === undefined ? {} : { filename: options.filename }),
    root: handler.root,
    elements: new HtmlStartTags(text),
    elementOrder: handler.elementOrder,
    attributedOrder: handler.attributedOrder,
    dynamicAttributes: false,
    classes,
    declarations,
    unchecked: handler.notes.sort((a, b) => a.offset - b.offset),
    views: new Map(),
  };
}

/** Where an attribute value lies in the source; `start < 0`: no value (yet) to read. */
interface ValueSpan {
  start: number;
  end: number;
  quote: string | null;
  /** Present, possibly without a value: the first occurrence wins, as in browsers and htmlparser2's attribs. */
  seen: boolean;
}

/**
 * domhandler's tree builder, also collecting what the detectors read of every page (class names at
 * their offsets, style="" and <style>), so that nothing walks the tree again for them. Only `class`
 * and `style` values are located, as plain numbers: most attributes are never asked about.
 */
class HtmlSourceHandler extends DomHandler {
  readonly classes = new ClassTable();
  readonly declarations: CssDeclaration[] = [];
  readonly styleElements: Element[] = [];
  /** Start tags come in document order: the list the detectors would otherwise walk the tree for. */
  readonly elementOrder: Element[] = [];
  /** Those with an attribute other than class: rules asking for an attribute look only at them. */
  readonly attributedOrder: Element[] = [];
  private attributed = false;
  private htmlParser: Parser | undefined;
  private readonly classValue: ValueSpan = { start: -1, end: -1, quote: null, seen: false };
  private readonly styleValue: ValueSpan = { start: -1, end: -1, quote: null, seen: false };
  readonly notes: { offset: number; reason: string }[] = [];
  /** Classes of this start tag's other class-bearing attributes and bindings: they belong to no element. */
  private readonly bound: { name: string; start: number; end: number }[] = [];
  private readonly sink: ClassSink;

  constructor(
    private readonly text: string,
    private readonly syntax: ClassSyntax,
  ) {
    super(undefined, { withStartIndices: true });
    this.sink = { text, visited: new WeakSet(), addClass: (name, start, end) => this.bound.push({ name, start, end }), note: (offset, reason) => this.notes.push({ offset, reason }) };
  }

  override onparserinit(parser: Parser): void {
    super.onparserinit(parser);
    this.htmlParser = parser;
  }

  /** A new start tag: what was seen before belongs to no element (a second, ignored <form>). */
  onopentagname(): void {
    clear(this.classValue);
    clear(this.styleValue);
    this.bound.length = 0;
    this.attributed = false;
  }

  onattribute(name: string, value: string, quote?: string | null): void {
    if (name !== 'class') this.attributed = true;
    const span = name === 'class' ? this.classValue : name === 'style' ? this.styleValue : undefined;
    const parser = this.htmlParser as Parser;
    if (span === undefined) {
      if (quote !== undefined && mayHoldClasses(this.syntax, name)) {
        const valueStart = attributeValueStart(this.text, parser.startIndex + name.length, parser.endIndex, quote);
        const valueEnd = attributeValueEnd(this.text, valueStart, parser.endIndex, quote);
        readHtmlClassAttribute(this.sink, this.syntax, { name, nameStart: parser.startIndex, value, valueStart, valueEnd, quote });
      }
      return;
    }
    if (span.seen) return;
    span.seen = true;
    if (quote === undefined) return;
    span.quote = quote;
    span.start = attributeValueStart(this.text, parser.startIndex + name.length, parser.endIndex, quote);
    span.end = attributeValueEnd(this.text, span.start, parser.endIndex, quote);
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    super.onopentag(name, attribs);
    const element = this.tagStack[this.tagStack.length - 1] as Element;
    this.elementOrder.push(element);
    if (this.attributed) this.attributedOrder.push(element);
    const { classValue, styleValue } = this;
    // Character references only ever shorten text: the same length means the value is as written.
    const decoded = classValue.start >= 0 && (attribs.class ?? '').length !== classValue.end - classValue.start;
    if (this.bound.length > 0 || decoded) this.addClassesInOrder(element, decoded);
    else if (classValue.start >= 0) this.classes.addClassList(this.text, classValue.start, classValue.end, element);
    if (styleValue.start >= 0) {
      this.declarations.push(...parseStyleAttribute(this.text.slice(styleValue.start, styleValue.end), styleValue.start, element));
    }
    if (name === 'style') this.styleElements.push(element);
    // The spans are cleared at the next tag's name (onopentagname).
  }

  /**
   * The slow path, for a tag with class bindings or a class list written with character references
   * (`a&#32;b` is two classes): every class of the tag, in source order.
   */
  private addClassesInOrder(element: Element, decoded: boolean): void {
    const { classValue, text } = this;
    const own = classValue.start < 0 ? [] : decoded ? decodedClassList(text, classValue.start, classValue.end, classValue.quote) : splitClassList(text.slice(classValue.start, classValue.end), classValue.start);
    const all = [...own.map((c) => ({ ...c, element })), ...this.bound.map((c) => ({ ...c, element: undefined }))].sort((a, b) => a.start - b.start);
    for (const c of all) this.classes.add(c.name, c.start, c.element);
  }
}

function clear(span: ValueSpan): void {
  span.quote = null;
  span.start = -1;
  span.end = -1;
  span.seen = false;
}
