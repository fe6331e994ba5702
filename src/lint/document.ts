import type { Document, Element } from 'domhandler';
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
  readonly elements: WeakMap<Element, ElementInfo>;
  /** In document order. */
  readonly classes: readonly ClassOccurrence[];
  readonly declarations: readonly CssDeclaration[];
  /** Offsets of things seen but not checkable (dynamic classes, spreads, interpolations). */
  readonly unchecked: readonly { readonly offset: number; readonly reason: string }[];
}
