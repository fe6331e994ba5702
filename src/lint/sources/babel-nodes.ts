import type * as t from '@babel/types';

/** Small questions about Babel nodes, shared by the JSX and Vue sources. */

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

export function staticKey(property: t.ObjectProperty | t.ObjectMethod): string | undefined {
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

export function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
}
