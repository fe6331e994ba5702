import { Document, Element, Text, type ChildNode, type ParentNode } from 'domhandler';
import type * as t from '@babel/types';
import { splitClassList } from '../class-token.js';
import type { AttributeInfo, ClassOccurrence, CssDeclaration, ElementInfo, LintDocument, Range } from '../document.js';
import type { SourceType } from '../types.js';

/**
 * The text of an expression child (JSX `{label}`, Vue `{{ label }}`, `v-text`): present but unknown.
 * The composition detector reads it as "has text", so `<button>{label}<Icon /></button>` is not
 * taken for an icon-only button. An empty Text would read as "no text", which is the wrong answer.
 */
export const UNKNOWN_TEXT = '\u0000';

const REASON_PARTIAL_CLASS = 'class name built from an expression not checked';
const REASON_ESCAPED_CLASS = 'class name with escape sequences not checked';
const REASON_SPREAD = 'spread in a class list not checked';
const REASON_COMPUTED_KEY = 'computed class key not checked';
const REASON_DYNAMIC_STYLE = 'dynamic style not checked';
const REASON_DYNAMIC_STYLE_VALUE = 'dynamic style value not checked';

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
      classes: this.classes,
      declarations: this.declarations,
      unchecked: this.unchecked,
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
function maskWhitespaceEscapes(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return raw.replace(/\\(?:[ntrfv]|\r\n|[\r\n\u2028\u2029])|\\[^]/g, (m) => (/^\\(?:[ntrfv]|\s)/.test(m) ? ' '.repeat(m.length) : m));
}

// ---------------------------------------------------------------------------------------------
// Class expressions: JSX className={…} and Vue :class="…" follow the same rules.

export interface ClassScope {
  /** The element the classes apply to; undefined for a class-function call outside markup. */
  readonly element?: Element;
  /** The unchecked note for an expression that is not a class string (e.g. "dynamic className not checked"). */
  readonly reason: string;
  readonly classFunctions: ReadonlySet<string>;
}

// Keys of a cva()/tv() config object; an object argument with one of them is a config, not a class map.
const VARIANT_CONFIG_KEYS = new Set(['base', 'variants', 'compoundVariants', 'defaultVariants', 'slots', 'compoundSlots']);

interface ClassItem {
  readonly node: t.Node;
  /** Arrays and class maps are allowed: inside a class function's arguments, or Vue's :class. */
  readonly composite: boolean;
}

/**
 * Reads class names out of an expression: strings, template literals (whole names only),
 * conditionals, `&&`/`||`/`??`, class-function calls (with arrays, `{ class: cond }` maps and cva
 * configs), and notes anything else as unchecked. Iterative, so hostile nesting cannot overflow.
 */
export function collectClasses(builder: DocumentBuilder, expression: t.Node, scope: ClassScope, composite: boolean): void {
  const stack: ClassItem[] = [{ node: expression, composite }];
  const push = (nodes: readonly (t.Node | null | undefined)[], composite: boolean) => {
    for (let i = nodes.length - 1; i >= 0; i--) {
      const node = nodes[i];
      if (node) stack.push({ node, composite });
    }
  };
  for (let item = stack.pop(); item; item = stack.pop()) {
    const node = unwrapTs(item.node);
    switch (node.type) {
      case 'StringLiteral':
        builder.classString(startOf(node) + 1, endOf(node) - 1, scope.element, true);
        break;
      case 'TemplateLiteral':
        push(templateClasses(builder, node, scope), false);
        break;
      case 'ConditionalExpression':
        push([node.consequent, node.alternate], item.composite);
        break;
      case 'LogicalExpression':
        // `cond && 'x'`: the left side is a condition; `a || 'x'`, `a ?? 'x'`: either side may apply.
        push(node.operator === '&&' ? [node.right] : [node.left, node.right], item.composite);
        break;
      case 'CallExpression':
      case 'TaggedTemplateExpression':
        if (!isClassFunctionCall(node, scope.classFunctions)) {
          builder.note(startOf(node), scope.reason);
          break;
        }
        builder.visited.add(node);
        push(node.type === 'CallExpression' ? node.arguments : [node.quasi], true);
        break;
      case 'ArrayExpression':
        if (item.composite) push(node.elements, true);
        else builder.note(startOf(node), scope.reason);
        break;
      case 'ObjectExpression':
        if (!item.composite) builder.note(startOf(node), scope.reason);
        else if (isVariantConfig(node)) push(variantConfigValues(builder, node), true);
        else push(classMapKeys(builder, node, scope), false);
        break;
      case 'SpreadElement':
        builder.note(startOf(node), REASON_SPREAD);
        break;
      // Falsy values add no class.
      case 'NullLiteral':
      case 'BooleanLiteral':
      case 'NumericLiteral':
        break;
      case 'Identifier':
        if (node.name !== 'undefined') builder.note(startOf(node), scope.reason);
        break;
      default:
        builder.note(startOf(node), scope.reason);
    }
  }
}

/**
 * Whole class names of each quasi become occurrences; a name touching `${…}` without whitespace
 * (`text-${size}`) is only part of a name and is noted instead. Returns the expressions that stand
 * alone between spaces, which are read as class expressions in turn.
 */
function templateClasses(builder: DocumentBuilder, node: t.TemplateLiteral, scope: ClassScope): t.Node[] {
  const { text } = builder;
  const quasis = node.quasis.map((q) => ({ start: startOf(q), end: endOf(q), raw: maskWhitespaceEscapes(text.slice(startOf(q), endOf(q))) }));
  const last = quasis.length - 1;
  quasis.forEach((q, i) => {
    for (const c of splitClassList(q.raw, q.start)) {
      const partial = (i > 0 && c.start === q.start) || (i < last && c.end === q.end);
      if (partial) builder.note(c.start, REASON_PARTIAL_CLASS);
      else if (c.name.includes('\\')) builder.note(c.start, REASON_ESCAPED_CLASS);
      else builder.addClass(c.name, c.start, c.end, scope.element);
    }
  });
  const standalone: t.Node[] = [];
  node.expressions.forEach((expression, j) => {
    const before = quasis[j]?.raw ?? '';
    const after = quasis[j + 1]?.raw ?? '';
    // Glued to text on either side, or to a neighbouring `${…}` through an empty quasi.
    const gluedToText = (before !== '' && !isSpace(before.at(-1))) || (after !== '' && !isSpace(after[0]));
    const gluedToExpression = (before === '' && j > 0) || (after === '' && j + 1 < last);
    if (gluedToText) return; // the partial name is already noted at its text
    if (gluedToExpression) builder.note(startOf(expression), REASON_PARTIAL_CLASS);
    else standalone.push(expression);
  });
  return standalone;
}

/** `{ 'bg-blue-500': active, hidden: x }`: the keys are the classes, the values conditions. */
function classMapKeys(builder: DocumentBuilder, node: t.ObjectExpression, scope: ClassScope): t.Node[] {
  const computed: t.Node[] = [];
  for (const property of node.properties) {
    if (property.type === 'SpreadElement') {
      builder.note(startOf(property), REASON_SPREAD);
      continue;
    }
    const key = property.key;
    if (key.type === 'StringLiteral') builder.classString(startOf(key) + 1, endOf(key) - 1, scope.element, true);
    else if (key.type === 'Identifier' && !property.computed) builder.addClass(key.name, startOf(key), endOf(key), scope.element);
    else if (key.type === 'TemplateLiteral' && property.computed) computed.push(key);
    else builder.note(startOf(key), REASON_COMPUTED_KEY);
  }
  return computed;
}

function isVariantConfig(node: t.ObjectExpression): boolean {
  return node.properties.some((p) => p.type !== 'SpreadElement' && VARIANT_CONFIG_KEYS.has(staticKey(p) ?? ''));
}

/**
 * The class values of a cva()/tv() config: `base`, every option of every variant, every slot, and
 * the `class`/`className` of compound entries. `defaultVariants` and compound conditions name
 * variants, not classes, so they are skipped.
 */
function variantConfigValues(builder: DocumentBuilder, config: t.ObjectExpression): t.Node[] {
  const values: t.Node[] = [];
  const propertiesOf = (node: t.Node): t.ObjectProperty[] => {
    const object = unwrapTs(node);
    if (object.type !== 'ObjectExpression') {
      builder.note(startOf(object), 'variant config not checked');
      return [];
    }
    const properties: t.ObjectProperty[] = [];
    for (const p of object.properties) {
      if (p.type === 'ObjectProperty') properties.push(p);
      else builder.note(startOf(p), 'variant config not checked');
    }
    return properties;
  };
  for (const property of propertiesOf(config)) {
    switch (staticKey(property)) {
      case 'base':
        values.push(property.value);
        break;
      case 'slots':
        for (const slot of propertiesOf(property.value)) values.push(slot.value);
        break;
      case 'variants':
        for (const variant of propertiesOf(property.value)) {
          const options = unwrapTs(variant.value);
          if (options.type === 'ObjectExpression') for (const option of propertiesOf(options)) values.push(option.value);
          else values.push(options);
        }
        break;
      case 'compoundVariants':
      case 'compoundSlots': {
        const list = unwrapTs(property.value);
        if (list.type !== 'ArrayExpression') {
          builder.note(startOf(list), 'variant config not checked');
          break;
        }
        for (const entry of list.elements) {
          if (!entry) continue;
          for (const p of propertiesOf(entry)) {
            const key = staticKey(p);
            if (key === 'class' || key === 'className') values.push(p.value);
          }
        }
        break;
      }
    }
  }
  return values;
}

export function isClassFunctionCall(node: t.Node, classFunctions: ReadonlySet<string>): node is t.CallExpression | t.TaggedTemplateExpression {
  let callee: t.Node;
  if (node.type === 'CallExpression') callee = node.callee;
  else if (node.type === 'TaggedTemplateExpression') callee = node.tag;
  else return false;
  if (callee.type === 'Identifier') return classFunctions.has(callee.name);
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return classFunctions.has(callee.property.name);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Style objects: JSX style={{…}} and Vue :style="{…}".

// CSS properties React writes without `px` when given a number (React's isUnitlessNumber).
const UNITLESS = new Set([
  'animation-iteration-count', 'aspect-ratio', 'border-image-outset', 'border-image-slice', 'border-image-width',
  'column-count', 'columns', 'fill-opacity', 'flex', 'flex-grow', 'flex-shrink', 'flex-negative', 'flex-positive',
  'flex-order', 'flood-opacity', 'font-weight', 'grid-area', 'grid-column', 'grid-column-end', 'grid-column-start',
  'grid-row', 'grid-row-end', 'grid-row-start', 'line-clamp', 'line-height', 'opacity', 'order', 'orphans', 'scale',
  'stop-opacity', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-miterlimit', 'stroke-opacity', 'stroke-width',
  'tab-size', 'widows', 'z-index', 'zoom',
]);

/**
 * Declarations of a style object (or an array of them, as Vue allows). `numbers: 'px'` is React's
 * rule (non-zero numbers get `px` unless unitless); Vue writes numbers as they are.
 * Returns `property: value` pieces for `attribs.style`.
 */
export function collectStyles(builder: DocumentBuilder, expression: t.Node, element: Element, numbers: 'px' | 'raw'): string[] {
  const pieces: string[] = [];
  const stack: t.Node[] = [expression];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const object = unwrapTs(node);
    // Vue's :style takes arrays of style objects.
    if (object.type === 'ArrayExpression') {
      for (let i = object.elements.length - 1; i >= 0; i--) {
        const e = object.elements[i];
        if (e) stack.push(e);
      }
      continue;
    }
    if (object.type !== 'ObjectExpression') {
      if (object.type !== 'NullLiteral' && !(object.type === 'Identifier' && object.name === 'undefined')) builder.note(startOf(object), REASON_DYNAMIC_STYLE);
      continue;
    }
    for (const property of object.properties) {
      const key = property.type === 'ObjectProperty' ? staticKey(property) : undefined;
      if (property.type !== 'ObjectProperty' || key === undefined) {
        builder.note(startOf(property), REASON_DYNAMIC_STYLE);
        continue;
      }
      const name = cssPropertyName(key);
      const value = styleValue(unwrapTs(property.value), name, numbers);
      if (!value) {
        builder.note(startOf(property.value), REASON_DYNAMIC_STYLE_VALUE);
        continue;
      }
      builder.declaration({ property: name, value: value.text, valueRange: value.range, important: false, element });
      pieces.push(`${name}: ${value.text}`);
    }
  }
  return pieces;
}

function styleValue(node: t.Node, property: string, numbers: 'px' | 'raw'): { text: string; range: Range } | undefined {
  if (node.type === 'StringLiteral') return { text: node.value, range: { start: startOf(node) + 1, end: endOf(node) - 1 } };
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) {
    const quasi = node.quasis[0];
    if (!quasi) return undefined;
    return { text: quasi.value.cooked ?? quasi.value.raw, range: { start: startOf(quasi), end: endOf(quasi) } };
  }
  let n: number | undefined;
  if (node.type === 'NumericLiteral') n = node.value;
  else if (node.type === 'UnaryExpression' && node.operator === '-' && node.argument.type === 'NumericLiteral') n = -node.argument.value;
  if (n === undefined) return undefined;
  // React also keeps vendor-prefixed forms (`WebkitLineClamp`) unitless.
  const unitless = UNITLESS.has(property.replace(/^-(?:webkit|moz|ms|o)-/, '')) || property.startsWith('--');
  const px = numbers === 'px' && n !== 0 && !unitless;
  return { text: px ? `${n}px` : String(n), range: { start: startOf(node), end: endOf(node) } };
}

/** `marginTop` → `margin-top`, `WebkitX` → `-webkit-x`, `msX` → `-ms-x`; `--custom` as written. */
export function cssPropertyName(key: string): string {
  if (key.startsWith('--')) return key;
  const prefixed = /^ms[A-Z]/.test(key) ? `-${key}` : key;
  return prefixed.replace(/[A-Z]/g, (c) => `-${c}`).toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Attribute values.

/**
 * What an attribute expression means as a DOM attribute value: a string for literals the checker
 * can read (`{3}` is "3"), `null` when React/Vue would omit the attribute (`{false}` on a non-ARIA
 * attribute, `{null}`, `{undefined}`), `undefined` when it is dynamic.
 */
export function staticAttributeValue(node: t.Node, key: string): string | null | undefined {
  const value = unwrapTs(node);
  const stringified = key.startsWith('aria-') || key.startsWith('data-');
  switch (value.type) {
    case 'StringLiteral':
      return value.value;
    case 'NumericLiteral':
      return String(value.value);
    case 'TemplateLiteral':
      return value.expressions.length === 0 ? (value.quasis[0]?.value.cooked ?? undefined) : undefined;
    case 'BooleanLiteral':
      if (stringified) return String(value.value);
      return value.value ? '' : null;
    case 'NullLiteral':
      return null;
    case 'Identifier':
      return value.name === 'undefined' ? null : undefined;
    default:
      return undefined;
  }
}

export function isStaticString(node: t.Node): boolean {
  return node.type === 'StringLiteral' || (node.type === 'TemplateLiteral' && node.expressions.length === 0);
}

/** TypeScript wrappers (`x as string`, `x!`, `x satisfies T`) do not change the value. */
export function unwrapTs(node: t.Node): t.Node {
  let current = node;
  for (;;) {
    switch (current.type) {
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSNonNullExpression':
      case 'TSTypeAssertion':
      case 'ParenthesizedExpression':
        current = current.expression;
        break;
      default:
        return current;
    }
  }
}

function staticKey(property: t.ObjectProperty | t.ObjectMethod): string | undefined {
  const key = property.key;
  if (key.type === 'StringLiteral') return key.value;
  if (key.type === 'Identifier' && !property.computed) return key.name;
  return undefined;
}

export function startOf(node: t.Node): number {
  return node.start ?? 0;
}

export function endOf(node: t.Node): number {
  return node.end ?? 0;
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
}
