import type * as t from '@babel/types';
import { endOf, isStaticString, startOf, staticKey, unwrapTs } from './babel-nodes.js';
import type { ClassSyntax } from './class-attributes.js';
import { maskWhitespaceEscapes, readClassString } from './class-sink.js';
import { parseStylesheetDetailed } from './css.js';
import type { DocumentBuilder } from './element-builder.js';
import { readHtmlClassAttribute } from './html-bindings.js';
import { parseHtmlSource } from './html.js';

const REASON_TEMPLATE = 'Angular template built from an expression not checked';
const REASON_STYLES = 'Angular styles built from an expression not checked';

/**
 * An Angular `@Component({ template, styles, host })` decorator: the inline template is HTML, linted
 * as an HTML file would be with its positions in the .ts file; `styles` are CSS; `host` class strings
 * and class bindings (`class: 'p-4'`, `'[class.z-50]': 'on'`, `'[ngClass]': '…'`) are class text.
 * `templateUrl`/`styleUrl` files are linted as files of their own.
 */
export function readComponentDecorator(builder: DocumentBuilder, decorator: t.Decorator, syntax: ClassSyntax): void {
  const call = decorator.expression;
  if (call.type !== 'CallExpression' || calleeName(call.callee) !== 'Component') return;
  const config = call.arguments[0] && unwrapTs(call.arguments[0]);
  if (config?.type !== 'ObjectExpression') return;
  for (const property of config.properties) {
    if (property.type !== 'ObjectProperty') continue;
    const key = staticKey(property);
    if (key === 'template') readTemplate(builder, unwrapTs(property.value), syntax);
    else if (key === 'host') readHost(builder, unwrapTs(property.value), syntax);
    else if (key === 'styles') readStyles(builder, unwrapTs(property.value));
  }
}

function calleeName(callee: t.Node): string | undefined {
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return undefined;
}

function readTemplate(builder: DocumentBuilder, value: t.Node, syntax: ClassSyntax): void {
  if (!isStaticString(value)) {
    builder.note(startOf(value), REASON_TEMPLATE);
    return;
  }
  const start = startOf(value) + 1;
  const end = endOf(value) - 1;
  // The template parsed in place: the rest of the file blanked, so every offset is the file's. JS
  // whitespace escapes (`\n`) read as the whitespace they stand for.
  const masked = ' '.repeat(start) + maskWhitespaceEscapes(builder.text.slice(start, end)) + ' '.repeat(builder.text.length - end);
  builder.adopt(parseHtmlSource(masked, { classFunctions: [...syntax.classFunctions], classAttributes: syntax.classAttributes.entryList }));
}

/** `styles: '…'` or `styles: ['…']`: inline CSS, read as a <style> block is. */
function readStyles(builder: DocumentBuilder, value: t.Node): void {
  for (const item of value.type === 'ArrayExpression' ? value.elements : [value]) {
    const css = item && unwrapTs(item);
    if (!css) continue;
    if (!isStaticString(css)) {
      builder.note(startOf(css), REASON_STYLES);
      continue;
    }
    const start = startOf(css) + 1;
    const parsed = parseStylesheetDetailed(maskWhitespaceEscapes(builder.text.slice(start, endOf(css) - 1)), start);
    for (const d of parsed.declarations) builder.declaration(d);
    for (const c of parsed.applies) builder.addClass(c.name, c.range.start, c.range.end, undefined);
    if (parsed.syntaxError) builder.note(parsed.syntaxError.offset, `CSS syntax error (${parsed.syntaxError.message}); the rest of the styles were not checked`);
  }
}

function readHost(builder: DocumentBuilder, value: t.Node, syntax: ClassSyntax): void {
  if (value.type !== 'ObjectExpression') return;
  for (const property of value.properties) {
    if (property.type !== 'ObjectProperty') continue;
    const key = staticKey(property);
    const entry = unwrapTs(property.value);
    if (key === undefined || entry.type !== 'StringLiteral') continue;
    const valueStart = startOf(entry) + 1;
    const valueEnd = endOf(entry) - 1;
    if (key === 'class') {
      readClassString(builder, valueStart, valueEnd, undefined, true);
      continue;
    }
    // A binding, as in a template: `'[class.z-50]': 'on'`, `'[ngClass]': 'classes'`.
    const nameStart = startOf(property.key) + (property.key.type === 'StringLiteral' ? 1 : 0);
    readHtmlClassAttribute(builder, syntax, { name: key.toLowerCase(), nameStart, value: entry.value, valueStart, valueEnd, quote: null });
  }
}
