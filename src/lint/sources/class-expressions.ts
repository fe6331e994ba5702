import type { Element } from 'domhandler';
import type * as t from '@babel/types';
import { splitClassList } from '../class-token.js';
import { endOf, isSpace, staticKey, startOf, unwrapTs } from './babel-nodes.js';
import type { ClassValueKind } from './class-attributes.js';
import { maskWhitespaceEscapes, readClassString, REASON_ESCAPED_CLASS, type ClassSink } from './class-sink.js';

/** Class expressions: JSX className={…} and Vue :class="…" follow the same rules. */

const REASON_PARTIAL_CLASS = 'class name built from an expression not checked';
const REASON_SPREAD = 'spread in a class list not checked';
const REASON_COMPUTED_KEY = 'computed class key not checked';

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
export function collectClasses(builder: ClassSink, expression: t.Node, scope: ClassScope, composite: boolean): void {
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
        readClassString(builder, startOf(node) + 1, endOf(node) - 1, scope.element, true);
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

const REASON_CLASS_OBJECT = 'class object not checked';

/**
 * The value of a class-bearing attribute other than the element's own class (`active-class`,
 * `ui`): a class expression (`composite`: with arrays and class maps, as in Vue), or for an object-valued prop (`:ui="{ body: 'p-4' }"`) an object whose
 * string leaf values are classes and whose keys (slot names) never are.
 */
export function collectClassValue(builder: ClassSink, expression: t.Node, scope: ClassScope, kind: ClassValueKind, composite: boolean): void {
  if (kind === 'list') {
    collectClasses(builder, expression, scope, composite);
    return;
  }
  const stack: t.Node[] = [expression];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const value = unwrapTs(node);
    if (value.type !== 'ObjectExpression') {
      if (value === unwrapTs(expression)) builder.note(startOf(value), REASON_CLASS_OBJECT);
      else collectClasses(builder, value, scope, composite);
      continue;
    }
    for (let i = value.properties.length - 1; i >= 0; i--) {
      const property = value.properties[i] as t.ObjectExpression['properties'][number];
      if (property.type === 'ObjectProperty') stack.push(property.value);
      else builder.note(startOf(property), REASON_CLASS_OBJECT);
    }
  }
}

/**
 * Whole class names of each quasi become occurrences; a name touching `${…}` without whitespace
 * (`text-${size}`) is only part of a name and is noted instead. Returns the expressions that stand
 * alone between spaces, which are read as class expressions in turn.
 */
function templateClasses(builder: ClassSink, node: t.TemplateLiteral, scope: ClassScope): t.Node[] {
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
function classMapKeys(builder: ClassSink, node: t.ObjectExpression, scope: ClassScope): t.Node[] {
  const computed: t.Node[] = [];
  for (const property of node.properties) {
    if (property.type === 'SpreadElement') {
      builder.note(startOf(property), REASON_SPREAD);
      continue;
    }
    const key = property.key;
    if (key.type === 'StringLiteral') readClassString(builder, startOf(key) + 1, endOf(key) - 1, scope.element, true);
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
function variantConfigValues(builder: ClassSink, config: t.ObjectExpression): t.Node[] {
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
  // tv() lets a variant option or a compound's class be an object of slot name → classes: the values
  // are classes there, the slot names never are.
  const pushSlotted = (node: t.Node) => {
    const value = unwrapTs(node);
    if (value.type === 'ObjectExpression') for (const slot of propertiesOf(value)) values.push(slot.value);
    else values.push(value);
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
          if (options.type === 'ObjectExpression') for (const option of propertiesOf(options)) pushSlotted(option.value);
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
            if (key === 'class' || key === 'className') pushSlotted(p.value);
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
