import type * as t from '@babel/types';
import { staticKey, unwrapTs } from './babel-nodes.js';
import type { ClassSyntax } from './class-attributes.js';
import { collectClasses, collectClassValue } from './class-expressions.js';
import type { ClassSink } from './class-sink.js';

const REASON_RENDER_CLASS = 'dynamic class in a render function not checked';

/**
 * `h('div', { class: … })`, the render functions of Vue (and Preact): the props' class text, read
 * as `:class` is. The vnode is not made an element: only its classes are checked.
 */
export function readRenderCall(sink: ClassSink, call: t.Node, syntax: ClassSyntax): void {
  if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== 'h') return;
  const props = call.arguments[1] && unwrapTs(call.arguments[1]);
  if (props?.type !== 'ObjectExpression') return;
  const scope = { reason: REASON_RENDER_CLASS, classFunctions: syntax.classFunctions };
  for (const property of props.properties) {
    if (property.type !== 'ObjectProperty') continue;
    const key = staticKey(property) ?? '';
    if (key === 'class' || key === 'className') collectClasses(sink, property.value, scope, true);
    else {
      const kind = syntax.classAttributes.kindOfProp(key);
      if (kind) collectClassValue(sink, property.value, scope, kind, true);
    }
  }
}
