import { Parser } from 'htmlparser2';
import { DomHandler, type Element, type Text } from 'domhandler';
import { ClassTable } from '../class-table.js';
import type { CssDeclaration, LintDocument } from '../document.js';
import { parseStyleAttribute, parseStylesheet } from './css.js';
import { attributeValueEnd, attributeValueStart, HTML_PARSER_OPTIONS, HtmlStartTags } from './html-start-tag.js';

/**
 * HTML through htmlparser2 (fast, forgiving: malformed markup never throws) into domhandler nodes.
 * Comments and the text of <script> are never class text; <style> blocks and style="" go to the CSS
 * source. Start tags are read again only for the elements a finding is about (see HtmlStartTags).
 */
export function parseHtmlSource(text: string, options: { filename?: string } = {}): LintDocument {
  const handler = new HtmlSourceHandler(text);
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
    unchecked: [],
    views: new Map(),
  };
}

/** Where an attribute value lies in the source; `start < 0`: no value (yet) to read. */
interface ValueSpan {
  start: number;
  end: number;
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
  private readonly classValue: ValueSpan = { start: -1, end: -1, seen: false };
  private readonly styleValue: ValueSpan = { start: -1, end: -1, seen: false };

  constructor(private readonly text: string) {
    super(undefined, { withStartIndices: true });
  }

  override onparserinit(parser: Parser): void {
    super.onparserinit(parser);
    this.htmlParser = parser;
  }

  /** A new start tag: what was seen before belongs to no element (a second, ignored <form>). */
  onopentagname(): void {
    clear(this.classValue);
    clear(this.styleValue);
    this.attributed = false;
  }

  onattribute(name: string, _value: string, quote?: string | null): void {
    if (name !== 'class') this.attributed = true;
    const span = name === 'class' ? this.classValue : name === 'style' ? this.styleValue : undefined;
    if (span === undefined || span.seen) return;
    span.seen = true;
    const parser = this.htmlParser as Parser;
    if (quote === undefined) return;
    span.start = attributeValueStart(this.text, parser.startIndex + name.length, parser.endIndex, quote);
    span.end = attributeValueEnd(this.text, span.start, parser.endIndex, quote);
  }

  override onopentag(name: string, attribs: Record<string, string>): void {
    super.onopentag(name, attribs);
    const element = this.tagStack[this.tagStack.length - 1] as Element;
    this.elementOrder.push(element);
    if (this.attributed) this.attributedOrder.push(element);
    const { classValue, styleValue } = this;
    if (classValue.start >= 0) {
      this.classes.addClassList(this.text, classValue.start, classValue.end, element);
      // Entities only ever shorten text: the same length means the value is as written.
      if ((attribs.class ?? '').length !== classValue.end - classValue.start) this.classes.addUnread(element);
    }
    if (styleValue.start >= 0) {
      this.declarations.push(...parseStyleAttribute(this.text.slice(styleValue.start, styleValue.end), styleValue.start, element));
    }
    if (name === 'style') this.styleElements.push(element);
    // The spans are cleared at the next tag's name (onopentagname).
  }
}

function clear(span: ValueSpan): void {
  span.start = -1;
  span.end = -1;
  span.seen = false;
}
