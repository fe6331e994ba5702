/**
 * CSS as a lint source: stylesheets (`.css` files, `<style>` blocks) and declaration lists (`style=""`).
 * Every declaration keeps the exact UTF-16 range of its value in the original text, computed from
 * postcss's node offsets and raws, so findings inside a value can point at one character.
 */
import postcss, { CssSyntaxError, type AtRule, type ChildNode, type Declaration, type Root } from 'postcss';
import type { Element } from 'domhandler';
import { ClassTable } from '../class-table.js';
import { splitClassList } from '../class-token.js';
import type { ClassOccurrence, CssDeclaration, LintDocument } from '../document.js';

export interface StylesheetParse {
  readonly declarations: CssDeclaration[];
  /** Class names after `@apply`, with their ranges. */
  readonly applies: ClassOccurrence[];
  /** The first syntax error, when the text is malformed. */
  readonly syntaxError?: {
    readonly offset: number;
    readonly message: string;
    /** Where reading stopped, when recovery had to cut the text; absent when closing open blocks was enough. */
    readonly skippedFrom?: number;
  };
}

/**
 * Parses per malformed stylesheet before giving up. Each parse is linear, so hostile input stays
 * cheap: the first try, one with open blocks closed, then cuts at successive errors.
 */
const MAX_RECOVERY_ATTEMPTS = 4;

/**
 * Every declaration of a stylesheet, including those inside at-rules (`@media`, `@supports`) and
 * nested rules. Never throws: see parseStylesheetDetailed() for how malformed CSS is recovered.
 */
export function parseStylesheet(css: string, baseOffset: number): CssDeclaration[] {
  return parseStylesheetDetailed(css, baseOffset).declarations;
}

/**
 * Parses a stylesheet with recovery. Blocks left open are closed by appending `}`; on any other syntax
 * error the text is cut at the error (a prefix, so every offset stays valid) and parsed again, a few
 * times at most. What follows the error is not read (all of it, if recovery fails), and the first
 * error is returned so the caller can say so.
 */
export function parseStylesheetDetailed(text: string, baseOffset: number, element?: Element): StylesheetParse {
  // postcss drops a leading byte-order mark, which would shift every offset by one: blank it instead.
  const css = text.charCodeAt(0) === 0xfeff || text.charCodeAt(0) === 0xfffe ? ` ${text.slice(1)}` : text;
  const { root, syntaxError: error } = parseWithRecovery(css);
  const syntaxError = error
    ? { offset: baseOffset + error.offset, message: error.message, ...(error.skippedFrom === undefined ? {} : { skippedFrom: baseOffset + error.skippedFrom }) }
    : undefined;
  const declarations: CssDeclaration[] = [];
  const applies: ClassOccurrence[] = [];
  // Iterative, in document order: postcss's walk() recurses, and hostile nesting must not overflow the stack.
  const stack: ChildNode[] = root ? [...root.nodes].reverse() : [];
  while (stack.length > 0) {
    const node = stack.pop() as ChildNode;
    if (node.type === 'decl') {
      const declaration = toDeclaration(node, css, baseOffset, element);
      if (declaration) declarations.push(declaration);
    } else if (node.type === 'atrule' && node.name.toLowerCase() === 'apply') {
      applies.push(...applyClasses(node, css, baseOffset));
    }
    if ('nodes' in node && node.nodes) for (let i = node.nodes.length - 1; i >= 0; i--) stack.push(node.nodes[i] as ChildNode);
  }
  return { declarations, applies, ...(syntaxError ? { syntaxError } : {}) };
}

/**
 * A declaration list, as in a style attribute (`color: red; margin: 0 !important`). `value` must be
 * the attribute's source text (not entity-decoded) for the ranges to be exact.
 */
export function parseStyleAttribute(value: string, baseOffset: number, element?: Element): CssDeclaration[] {
  return parseStylesheetDetailed(value, baseOffset, element).declarations;
}

/**
 * A `.css` file. Declarations come from parseStylesheet(); Tailwind `@apply` classes become class
 * occurrences (without an element), so class rules apply to CSS too. A syntax error is noted in
 * `unchecked`, at the point from which nothing was read.
 */
export function parseCssSource(text: string, filename?: string): LintDocument {
  const parsed = parseStylesheetDetailed(text, 0);
  return {
    sourceType: 'css',
    text,
    ...(filename === undefined ? {} : { filename }),
    elements: new WeakMap(),
    dynamicAttributes: false,
    classes: ClassTable.from(parsed.applies),
    declarations: parsed.declarations,
    unchecked: parsed.syntaxError ? [syntaxErrorNote(parsed.syntaxError)] : [],
    views: new Map(),
  };
}

/** Where checking stopped (or the error, when nothing was skipped), and why. */
function syntaxErrorNote(error: NonNullable<StylesheetParse['syntaxError']>): { offset: number; reason: string } {
  if (error.skippedFrom === undefined) return { offset: error.offset, reason: `CSS syntax error (${error.message}): checked as if its open blocks were closed` };
  return { offset: error.skippedFrom, reason: `CSS syntax error (${error.message}): nothing from here to the end of the file was checked` };
}

function parseWithRecovery(css: string): { root?: Root; syntaxError?: { offset: number; message: string; skippedFrom?: number } } {
  let text = css;
  let first: { offset: number; message: string } | undefined;
  const withSkip = () => (first ? { syntaxError: { ...first, ...(text.length < css.length ? { skippedFrom: text.length } : {}) } } : {});
  for (let attempt = 0; attempt < MAX_RECOVERY_ATTEMPTS; attempt++) {
    // Blocks left open (by the author or by the cut) are closed at the end, which moves no offset.
    const closed = attempt === 0 ? text : text + '}'.repeat(openBlocks(text));
    try {
      const root = postcss.parse(closed);
      return { root, ...withSkip() };
    } catch (error) {
      if (!(error instanceof CssSyntaxError)) throw error;
      const offset = errorOffset(error, closed);
      first ??= { offset: Math.min(offset, css.length), message: error.reason };
      if (error.reason === 'Unclosed block' && attempt === 0) continue;
      if (offset >= text.length) break;
      text = text.slice(0, offset);
    }
  }
  if (first) text = '';
  return withSkip();
}

/** How many `{` are still open at the end of `text`, skipping strings and comments. */
function openBlocks(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 47 /* / */ && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) break;
      i = end + 1;
    } else if (c === 34 /* " */ || c === 39 /* ' */) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== c && text.charCodeAt(j) !== 10) j += text.charCodeAt(j) === 92 /* \ */ ? 2 : 1;
      i = j;
    } else if (c === 123 /* { */) depth++;
    else if (c === 125 /* } */ && depth > 0) depth--;
  }
  return depth;
}

function errorOffset(error: CssSyntaxError, text: string): number {
  const input = (error as CssSyntaxError & { input?: { offset?: number } }).input;
  if (typeof input?.offset === 'number') return input.offset;
  // Older postcss: line and column only.
  let offset = 0;
  for (let line = 1; line < (error.line ?? 1); line++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) break;
    offset = next + 1;
  }
  return offset + Math.max(0, (error.column ?? 1) - 1);
}

/**
 * The value starts after the property as written (postcss moves an IE hack `*`/`_` into raws.before,
 * while source.start still points at it) and raws.between. The value text is the source slice:
 * raws.value.raw when postcss cleaned comments out, minus trailing whitespace.
 */
function toDeclaration(node: Declaration, css: string, baseOffset: number, element: Element | undefined): CssDeclaration | undefined {
  const start = node.source?.start?.offset;
  if (start === undefined) return undefined;
  const before = node.raws.before ?? '';
  const hack = before.endsWith('*') || before.endsWith('_') ? 1 : 0;
  const valueStart = start + hack + node.prop.length + (node.raws.between ?? '').length;
  const raw = (node.raws.value?.raw ?? node.value).replace(/\s+$/, '');
  const valueEnd = Math.min(valueStart + raw.length, css.length);
  if (valueStart > css.length) return undefined;
  return {
    property: node.prop.toLowerCase(),
    value: css.slice(valueStart, valueEnd),
    valueRange: { start: baseOffset + valueStart, end: baseOffset + valueEnd },
    important: node.important === true,
    ...(element ? { element } : {}),
  };
}

/** `@apply bg-blue-500 p-4 !important;` → the two classes; `!important` is Tailwind v3 syntax, not a class. */
function applyClasses(node: AtRule, css: string, baseOffset: number): ClassOccurrence[] {
  const start = node.source?.start?.offset;
  if (start === undefined) return [];
  const paramsStart = start + 1 + node.name.length + (node.raws.afterName ?? '').length;
  const params = (node.raws.params?.raw ?? node.params).replace(/\s+$/, '');
  if (paramsStart + params.length > css.length) return [];
  // Comments are blanked out (same length) so that offsets survive the split.
  const text = css.slice(paramsStart, paramsStart + params.length).replace(/\/\*[\s\S]*?(?:\*\/|$)/g, (c) => ' '.repeat(c.length));
  return splitClassList(text, baseOffset + paramsStart)
    .filter((c) => c.name.toLowerCase() !== '!important')
    .map((c) => ({ name: c.name, range: { start: c.start, end: c.end } }));
}
