import { parse, type ParseResult, type ParserPlugin } from '@babel/parser';
import type * as t from '@babel/types';
import type { Element, ParentNode } from 'domhandler';
import { SourceParseError } from '../detector.js';
import type { LintDocument } from '../document.js';
import { endOf, isStaticString, staticAttributeValue, startOf, unwrapTs } from './babel-nodes.js';
import { classSyntaxOf, type ClassAttributeEntry, type ClassSyntax, type ClassValueKind } from './class-attributes.js';
import { collectClasses, collectClassValue, isClassFunctionCall, type ClassScope } from './class-expressions.js';
import { readComponentDecorator } from './angular.js';
import { DocumentBuilder, UNKNOWN_TEXT } from './element-builder.js';
import { readRenderCall } from './render-calls.js';
import { collectStyles } from './style-object.js';

export interface JsxSourceOptions {
  readonly sourceType: 'jsx' | 'tsx';
  readonly filename?: string;
  readonly classFunctions: readonly string[];
  /** `lint.classAttributes`; without it only the element's own class/className is read. */
  readonly classAttributes?: readonly ClassAttributeEntry[];
}

// React prop names whose DOM attribute differs (only by case, here); everything else, including
// `onClick`, `aria-*` and `data-*`, is kept as written. `onClick` is a listener, not an inline handler.
const DOM_NAMES: Readonly<Record<string, string>> = {
  className: 'class',
  htmlFor: 'for',
  tabIndex: 'tabindex',
  readOnly: 'readonly',
  autoComplete: 'autocomplete',
  autoFocus: 'autofocus',
  autoCapitalize: 'autocapitalize',
  maxLength: 'maxlength',
  minLength: 'minlength',
  colSpan: 'colspan',
  rowSpan: 'rowspan',
  srcSet: 'srcset',
  srcLang: 'srclang',
  crossOrigin: 'crossorigin',
  contentEditable: 'contenteditable',
  spellCheck: 'spellcheck',
  accessKey: 'accesskey',
  inputMode: 'inputmode',
  enterKeyHint: 'enterkeyhint',
  dateTime: 'datetime',
  encType: 'enctype',
  noValidate: 'novalidate',
  formAction: 'formaction',
  hrefLang: 'hreflang',
  useMap: 'usemap',
  referrerPolicy: 'referrerpolicy',
  fetchPriority: 'fetchpriority',
  allowFullScreen: 'allowfullscreen',
};

// `<Fragment>` and `<React.Fragment>` render nothing of their own, like `<>`.
const FRAGMENT_NAMES = new Set(['Fragment', 'React.Fragment']);

// AST keys that hold no code (positions, comments) or only types, where JSX cannot occur.
const SKIPPED_KEYS = new Set(['loc', 'extra', 'leadingComments', 'trailingComments', 'innerComments', 'typeAnnotation', 'typeParameters', 'returnType', 'typeArguments', 'superTypeParameters']);

const REASON_CLASS = 'dynamic className not checked';
const REASON_CLASS_ARGUMENT = 'dynamic class argument not checked';
const REASON_CLASS_PROP = 'dynamic class prop not checked';

/**
 * JSX/TSX, JS and TS through Babel into the shared LintDocument: every JSX element anywhere in the
 * file (returns, variables, props, arrays) becomes a domhandler element; fragments are transparent.
 * Class strings of class-function calls and `h()` render calls anywhere in the file count too, and
 * an Angular `@Component` decorator's inline template is read as HTML. Throws only SourceParseError.
 */
export function parseJsxSource(text: string, options: JsxSourceOptions): LintDocument {
  const program = parseProgram(text, options);
  const builder = new DocumentBuilder(text);
  walkProgram(program, builder, classSyntaxOf(options.classFunctions, options.classAttributes));
  return builder.finish(options.sourceType, options.filename);
}

// What TypeScript itself accepts beyond plain ES: decorators (TS 5's, before or after `export`; TS's
// legacy parameter decorators parse too, as a recovered error) and `accessor` fields.
const LANGUAGE_PLUGINS: ParserPlugin[] = ['decorators', 'decoratorAutoAccessors'];

// .ts/.mts/.cts are TypeScript without JSX, where `<T>value` is a cast; .tsx and .js files may hold JSX.
const TYPESCRIPT_WITHOUT_JSX = /\.[cm]?ts$/i;

/** Whether a file of this source type and name is read with JSX. */
function allowsJsx(sourceType: 'jsx' | 'tsx', filename: string | undefined): boolean {
  return sourceType === 'jsx' || !TYPESCRIPT_WITHOUT_JSX.test(filename ?? '');
}

function parseProgram(text: string, options: JsxSourceOptions): t.Program {
  return parseScript(text, { typescript: options.sourceType === 'tsx', jsx: allowsJsx(options.sourceType, options.filename) });
}

/**
 * A script through Babel (also a Vue <script> block: `startIndex` is where it starts in the file, so
 * that offsets are the file's). Throws only SourceParseError.
 */
export function parseScript(text: string, language: { readonly typescript: boolean; readonly jsx: boolean; readonly startIndex?: number }): t.Program {
  const plugins: ParserPlugin[] = [...LANGUAGE_PLUGINS];
  if (language.typescript) plugins.push('typescript');
  if (language.jsx) plugins.push('jsx');
  try {
    // errorRecovery keeps going past errors that leave the tree intact (a redeclared variable); an
    // error in the markup (`<div></span>`) would leave a wrong tree, so that one is fatal.
    const file: ParseResult<t.File> = parse(text, { sourceType: 'module', plugins, errorRecovery: true, allowReturnOutsideFunction: true, startIndex: language.startIndex ?? 0 });
    const markupError = file.errors?.find((e) => e.syntaxPlugin === 'jsx');
    if (markupError) throw markupError;
    return file.program;
  } catch (error) {
    throw toSourceParseError(error);
  }
}

function toSourceParseError(error: unknown): SourceParseError {
  if (error instanceof SourceParseError) return error;
  // Babel's parser recurses; beyond some thousands of nested elements the stack runs out.
  if (error instanceof RangeError) return new SourceParseError('too deeply nested', 0);
  const pos = (error as { pos?: unknown }).pos;
  const message = error instanceof Error ? error.message : String(error);
  // Babel appends "(line:column)"; the engine reports the position itself.
  return new SourceParseError(message.replace(/\s*\(\d+:\d+\)$/, ''), typeof pos === 'number' ? pos : 0);
}

interface WalkItem {
  readonly node: t.Node;
  /** Where JSX met here attaches: the enclosing JSX element, or the document. */
  readonly parent: ParentNode;
}

/**
 * One pre-order pass over the whole AST with an explicit stack (a 5,000-deep tree must not
 * overflow). Pre-order visits in source order, so appending each node to its parent as it is met
 * keeps every element's children in document order.
 */
export function walkProgram(program: t.Program, builder: DocumentBuilder, syntax: ClassSyntax): void {
  const { classFunctions } = syntax;
  const stack: WalkItem[] = [{ node: program, parent: builder.root }];
  const push = (nodes: readonly t.Node[], parent: ParentNode) => {
    for (let i = nodes.length - 1; i >= 0; i--) stack.push({ node: nodes[i] as t.Node, parent });
  };
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, parent } = item;
    switch (node.type) {
      case 'JSXElement': {
        const name = jsxName(node.openingElement.name);
        if (FRAGMENT_NAMES.has(name)) {
          push([...attributeExpressions(node.openingElement), ...node.children], parent);
          break;
        }
        const element = openElement(builder, node, name, parent, syntax);
        push([...attributeExpressions(node.openingElement), ...node.children], element);
        break;
      }
      case 'JSXFragment':
        push(node.children, parent);
        break;
      case 'JSXText':
        if (/\S/.test(node.value)) builder.textNode(parent, node.value);
        break;
      case 'JSXExpressionContainer': {
        // Only children arrive here: attribute containers are unwrapped by attributeExpressions.
        const expression = node.expression;
        if (expression.type === 'JSXEmptyExpression') break;
        const text = staticAttributeValue(expression, '');
        if (typeof text === 'string') {
          if (text !== '') builder.textNode(parent, text);
          break;
        }
        if (text === undefined && !rendersOnlyMarkup(expression)) builder.textNode(parent, UNKNOWN_TEXT);
        push([expression], parent);
        break;
      }
      case 'JSXSpreadChild':
        builder.textNode(parent, UNKNOWN_TEXT);
        push([node.expression], parent);
        break;
      default:
        if (isClassFunctionCall(node, classFunctions)) {
          if (!builder.visited.has(node)) collectClasses(builder, node, { reason: REASON_CLASS_ARGUMENT, classFunctions }, true);
        } else if (node.type === 'Decorator') readComponentDecorator(builder, node, syntax);
        else readRenderCall(builder, node, syntax);
        push(childNodes(node), parent);
    }
  }
}

function openElement(builder: DocumentBuilder, node: t.JSXElement, name: string, parent: ParentNode, syntax: ClassSyntax): Element {
  const opening = node.openingElement;
  const element = builder.element(parent, name, { start: startOf(opening), end: endOf(opening) });
  element.endIndex = endOf(node);
  for (const attribute of opening.attributes) {
    if (attribute.type === 'JSXSpreadAttribute') builder.spread(element, { start: startOf(attribute), end: endOf(attribute) }, 'spread props are not checked');
    else readAttribute(builder, element, attribute, syntax);
  }
  return element;
}

function readAttribute(builder: DocumentBuilder, element: Element, attribute: t.JSXAttribute, syntax: ClassSyntax): void {
  const { classFunctions } = syntax;
  const rawName = jsxName(attribute.name);
  const key = DOM_NAMES[rawName] ?? rawName;
  // Another class-bearing prop (`activeClassName`, `ui`): class text, not the element's classes.
  const classKind = key === 'class' ? undefined : syntax.classAttributes.kindOf(rawName);
  if (classKind && attribute.value) readClassProp(builder, attribute.value, classKind, classFunctions);
  const nameRange = { start: startOf(attribute.name), end: endOf(attribute.name) };
  const value = attribute.value;
  if (!value) {
    builder.attribute(element, key, { rawName, nameRange, dynamic: false }, '');
    return;
  }
  if (value.type === 'StringLiteral') {
    const valueRange = { start: startOf(value) + 1, end: endOf(value) - 1 };
    builder.attribute(element, key, { rawName, nameRange, valueRange, dynamic: false }, value.value);
    // A JSX attribute string has no JS escapes: a backslash is a backslash.
    if (key === 'class') builder.classString(valueRange.start, valueRange.end, element, false);
    return;
  }
  const expression = value.type === 'JSXExpressionContainer' ? value.expression : value;
  const valueRange = { start: startOf(expression), end: endOf(expression) };
  if (expression.type === 'JSXEmptyExpression') {
    builder.attribute(element, key, { rawName, nameRange, valueRange, dynamic: true }, '');
    return;
  }
  if (key === 'class') {
    const scope: ClassScope = { element, reason: REASON_CLASS, classFunctions };
    builder.attribute(element, key, { rawName, nameRange, valueRange, dynamic: !isStaticString(unwrapTs(expression)) }, '');
    collectClasses(builder, expression, scope, false);
    return;
  }
  if (key === 'style') {
    // Serialised so attribute selectors see the static declarations; the object stays dynamic.
    const pieces = collectStyles(builder, expression, element, 'px');
    builder.attribute(element, key, { rawName, nameRange, valueRange, dynamic: true }, pieces.join('; '));
    return;
  }
  const text = staticAttributeValue(expression, key);
  // `disabled={false}`, `title={undefined}`: React renders no attribute at all.
  if (text === null) return;
  builder.attribute(element, key, { rawName, nameRange, valueRange, dynamic: text === undefined }, text ?? '');
}

function readClassProp(builder: DocumentBuilder, value: NonNullable<t.JSXAttribute['value']>, kind: ClassValueKind, classFunctions: ReadonlySet<string>): void {
  // A JSX attribute string has no JS escapes: a backslash is a backslash.
  if (value.type === 'StringLiteral') builder.classString(startOf(value) + 1, endOf(value) - 1, undefined, false);
  else if (value.type === 'JSXExpressionContainer' && value.expression.type !== 'JSXEmptyExpression') {
    collectClassValue(builder, value.expression, { reason: REASON_CLASS_PROP, classFunctions }, kind, false);
  }
}

/** The expressions of an element's attributes, so JSX and class-function calls inside them are seen. */
function attributeExpressions(opening: t.JSXOpeningElement): t.Node[] {
  const out: t.Node[] = [];
  for (const attribute of opening.attributes) {
    if (attribute.type === 'JSXSpreadAttribute') out.push(attribute.argument);
    else if (attribute.value?.type === 'JSXExpressionContainer') out.push(attribute.value.expression);
    else if (attribute.value && attribute.value.type !== 'StringLiteral') out.push(attribute.value);
  }
  return out;
}

/**
 * Whether a child expression renders only the JSX inside it (`cond && <Icon />`,
 * `items.map((i) => <li />)`, `a ? <X /> : null`): then its elements stand for its content and no
 * unknown text is added, so an icon-only button stays recognisable.
 */
function rendersOnlyMarkup(expression: t.Node): boolean {
  const stack: t.Node[] = [expression];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const n = unwrapTs(node);
    switch (n.type) {
      case 'JSXElement':
      case 'JSXFragment':
      case 'NullLiteral':
      case 'BooleanLiteral':
        break;
      case 'LogicalExpression':
        if (n.operator !== '&&') return false;
        stack.push(n.right);
        break;
      case 'ConditionalExpression':
        stack.push(n.consequent, n.alternate);
        break;
      case 'CallExpression': {
        const callback = n.arguments[0];
        const isMap = n.callee.type === 'MemberExpression' && n.callee.property.type === 'Identifier' && (n.callee.property.name === 'map' || n.callee.property.name === 'flatMap');
        if (!isMap || !callback || (callback.type !== 'ArrowFunctionExpression' && callback.type !== 'FunctionExpression')) return false;
        const body = callback.body;
        if (body.type !== 'BlockStatement') stack.push(body);
        else {
          const returned = body.body.at(-1);
          if (returned?.type !== 'ReturnStatement' || !returned.argument) return false;
          stack.push(returned.argument);
        }
        break;
      }
      default:
        return false;
    }
  }
  return true;
}

function jsxName(name: t.JSXIdentifier | t.JSXMemberExpression | t.JSXNamespacedName): string {
  if (name.type === 'JSXIdentifier') return name.name;
  if (name.type === 'JSXNamespacedName') return `${name.namespace.name}:${name.name.name}`;
  const parts: string[] = [];
  let current: t.JSXMemberExpression | t.JSXIdentifier = name;
  while (current.type === 'JSXMemberExpression') {
    parts.unshift(current.property.name);
    current = current.object;
  }
  parts.unshift(current.name);
  return parts.join('.');
}

/** The child nodes of any AST node, in source order. */
function childNodes(node: t.Node): t.Node[] {
  const out: t.Node[] = [];
  const record = node as unknown as Record<string, unknown>;
  for (const key in record) {
    if (SKIPPED_KEYS.has(key)) continue;
    const value = record[key];
    if (Array.isArray(value)) {
      for (const v of value) if (isNode(v)) out.push(v);
    } else if (isNode(value)) out.push(value);
  }
  return out.length > 1 ? out.sort((a, b) => startOf(a) - startOf(b)) : out;
}

function isNode(value: unknown): value is t.Node {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string';
}
