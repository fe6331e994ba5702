import type { Document, Element } from 'domhandler';
import type { ClassTable } from './class-table.js';
import type { SourceType } from './types.js';

/** A half-open range of UTF-16 offsets into `LintDocument.text`. */
export interface Range {
  readonly start: number;
  readonly end: number;
}

/** One class name as written, wherever it came from (class="", className, clsx(), :class, …). */
export interface ClassOccurrence {
  readonly name: string;
  readonly range: Range;
  /** The element it applies to, when the source has a markup tree. */
  readonly element?: Element;
}

/** One CSS declaration, from a stylesheet, a <style> block or a style attribute. */
export interface CssDeclaration {
  /** Lower-cased property name. */
  readonly property: string;
  /** The value as written (without `!important`). */
  readonly value: string;
  readonly valueRange: Range;
  readonly important: boolean;
  /** The element of a style attribute; undefined for stylesheet rules. */
  readonly element?: Element;
}

export interface AttributeInfo {
  /** The attribute name as written in the source (`className`, `:class`, `tabIndex`). */
  readonly rawName: string;
  readonly nameRange: Range;
  /** Range of the value's text, without quotes; undefined for a bare boolean attribute. */
  readonly valueRange?: Range;
  /** True when the value is an expression the checker cannot evaluate (JSX `{…}`, Vue `:attr`). */
  readonly dynamic: boolean;
}

export interface ElementInfo {
  /** From `<` to the end of the start tag. */
  readonly tagRange: Range;
  /** Keyed by the DOM attribute name (`class`, `tabindex`, `onclick`, …). */
  readonly attributes: ReadonlyMap<string, AttributeInfo>;
  /** The first spread (`{...props}`, Vue `v-bind="obj"`), which may supply any attribute. */
  readonly spread?: Spread;
}

export interface Spread {
  readonly offset: number;
  /** As written, shortened: `{...props}`. */
  readonly text: string;
}

/** The element's first spread, when its source can have one (HTML cannot). */
export function spreadOn(doc: LintDocument, element: Element): Spread | undefined {
  return doc.dynamicAttributes ? doc.elements.get(element)?.spread : undefined;
}

/**
 * Start tags as written, by element. A WeakMap will do; HTML reads a start tag again only when asked,
 * because findings (the only readers) are about a handful of a page's elements.
 */
export interface ElementInfos {
  get(element: Element): ElementInfo | undefined;
}

/**
 * What every source (HTML, JSX/TSX, Vue, CSS) turns into, so that each detector is written once.
 * The markup tree is domhandler's, so CSS selectors run through css-select unchanged; JSX and Vue
 * elements carry the static class names they may have in `attribs.class`.
 */
export interface LintDocument {
  readonly sourceType: SourceType;
  readonly text: string;
  readonly filename?: string;
  /** Absent for CSS files. */
  readonly root?: Document;
  readonly elements: ElementInfos;
  /** Every element of `root` in document order, when the source listed them while parsing. */
  readonly elementOrder?: readonly Element[];
  /** With elementOrder: those of its elements that have an attribute other than `class`. */
  readonly attributedOrder?: readonly Element[];
  /**
   * False when every attribute value is literal text (HTML, CSS), so that detectors asking whether an
   * attribute is dynamic need not look its element up.
   */
  readonly dynamicAttributes: boolean;
  /** In document order. */
  readonly classes: ClassTable;
  readonly declarations: readonly CssDeclaration[];
  /** Offsets of things seen but not checkable (dynamic classes, spreads, interpolations). */
  readonly unchecked: readonly { readonly offset: number; readonly reason: string }[];
  /** What view() built for this document. Starts empty. */
  readonly views: Map<DocumentView<unknown>, unknown>;
}

/** Something several rules read, derived from a document: built once per document (see view()). */
export type DocumentView<T> = (doc: LintDocument) => T;

/**
 * `build(doc)`, built on first use and then shared by every rule that asks. Kept on the document,
 * not in a long-lived WeakMap keyed by it: V8's minor GCs treat such entries as live, so every
 * document's views were copied and promoted to the old generation before they could be freed.
 */
export function view<T>(doc: LintDocument, build: DocumentView<T>): T {
  if (doc.views.has(build)) return doc.views.get(build) as T;
  const built = build(doc);
  doc.views.set(build, built);
  return built;
}
