import type { Element } from 'domhandler';
import type * as t from '@babel/types';
import type { Range } from '../document.js';
import { endOf, staticKey, startOf, unwrapTs } from './babel-nodes.js';
import type { DocumentBuilder } from './element-builder.js';

/** Style objects: JSX style={{…}} and Vue :style="{…}" become CSS declarations. */

const REASON_DYNAMIC_STYLE = 'dynamic style not checked';
const REASON_DYNAMIC_STYLE_VALUE = 'dynamic style value not checked';

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
