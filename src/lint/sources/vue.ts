import { parseExpression } from '@babel/parser';
import type * as t from '@babel/types';
import {
  ElementTypes,
  NodeTypes,
  parse,
  type AttributeNode,
  type CompilerError,
  type DirectiveNode,
  type ElementNode,
  type RootNode,
  type TemplateChildNode,
} from '@vue/compiler-dom';
import type { Element, ParentNode } from 'domhandler';
import { SourceParseError } from '../detector.js';
import type { AttributeInfo, LintDocument, Range } from '../document.js';
import { parseStyleAttribute, parseStylesheetDetailed } from './css.js';
import { staticAttributeValue } from './babel-nodes.js';
import { classSyntaxOf, type ClassAttributeEntry, type ClassSyntax } from './class-attributes.js';
import { collectClasses, collectClassValue } from './class-expressions.js';
import { parseScript, walkProgram } from './jsx.js';
import { DocumentBuilder, UNKNOWN_TEXT } from './element-builder.js';
import { collectStyles } from './style-object.js';

export interface VueSourceOptions {
  readonly filename?: string;
  readonly classFunctions: readonly string[];
  /** `lint.classAttributes`; without it only `class`/`:class` are read. */
  readonly classAttributes?: readonly ClassAttributeEntry[];
}

// Directives whose value becomes the element's text: present, content unknown.
const TEXT_DIRECTIVES = new Set(['text', 'html']);

const REASON_CLASS = 'dynamic :class not checked';
const REASON_CLASS_PROP = 'dynamic class prop not checked';

/**
 * A Vue SFC (or a bare template) through @vue/compiler-dom into the shared LintDocument: the
 * top-level <template> becomes the domhandler tree, `:class`/`:style` expressions are read with the
 * JSX rules, <style> blocks give declarations, and <script> blocks are read as a JSX/TS file is (class
 * functions, render functions, JSX). Throws only SourceParseError.
 */
export function parseVueSource(text: string, options: VueSourceOptions): LintDocument {
  const errors: CompilerError[] = [];
  let ast: RootNode;
  try {
    // With onError the compiler recovers (an unclosed tag closes at its parent's end) instead of throwing.
    ast = parse(text, { comments: false, onError: (error) => errors.push(error) });
  } catch (error) {
    throw error instanceof RangeError ? new SourceParseError('too deeply nested', 0) : toSourceParseError(error);
  }
  const builder = new DocumentBuilder(text);
  const syntax = classSyntaxOf(options.classFunctions, options.classAttributes);
  const template = ast.children.find((c): c is ElementNode => c.type === NodeTypes.ELEMENT && c.tag === 'template');
  const lang = template && attributeValue(template, 'lang');
  let markup: TemplateChildNode[];
  if (lang !== undefined && lang !== 'html') {
    builder.note(template?.loc.start.offset ?? 0, `<template lang="${lang}"> not checked`);
    markup = [];
  } else {
    // A .vue file without <template>: its markup is the template.
    markup = template ? template.children : ast.children.filter((c) => !(c.type === NodeTypes.ELEMENT && (c.tag === 'script' || c.tag === 'style')));
  }
  const elementCount = walkTemplate(builder, markup, syntax);
  // Errors the compiler recovered from are noted; a template that yields nothing is not parseable.
  const first = errors[0];
  if (first && elementCount === 0) throw toSourceParseError(first);
  for (const error of errors) builder.note(error.loc?.start.offset ?? 0, `template error: ${error.message}`);
  for (const block of ast.children) {
    if (block.type !== NodeTypes.ELEMENT) continue;
    if (block.tag === 'style') readStyleBlock(builder, block);
    else if (block.tag === 'script') readScriptBlock(builder, block, syntax);
  }
  return builder.finish('vue', options.filename);
}

function toSourceParseError(error: unknown): SourceParseError {
  const offset = (error as Partial<CompilerError>).loc?.start.offset ?? 0;
  return new SourceParseError(error instanceof Error ? error.message : String(error), offset);
}

interface WalkItem {
  readonly node: TemplateChildNode;
  readonly parent: ParentNode;
}

/** Iterative pre-order walk: children are appended in document order; returns the element count. */
function walkTemplate(builder: DocumentBuilder, nodes: readonly TemplateChildNode[], syntax: ClassSyntax): number {
  let count = 0;
  const stack: WalkItem[] = [];
  const push = (children: readonly TemplateChildNode[], parent: ParentNode) => {
    for (let i = children.length - 1; i >= 0; i--) stack.push({ node: children[i] as TemplateChildNode, parent });
  };
  push(nodes, builder.root);
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, parent } = item;
    if (node.type === NodeTypes.ELEMENT) {
      count++;
      // A nested <template> (v-if, v-for, a slot) renders only its children.
      if (node.tag === 'template') push(node.children, parent);
      else push(node.children, openElement(builder, node, parent, syntax));
    } else if (node.type === NodeTypes.TEXT) {
      if (/\S/.test(node.content)) builder.textNode(parent, node.content);
    } else if (node.type === NodeTypes.INTERPOLATION) {
      builder.textNode(parent, UNKNOWN_TEXT);
    }
  }
  return count;
}

function openElement(builder: DocumentBuilder, node: ElementNode, parent: ParentNode, syntax: ClassSyntax): Element {
  // HTML tags are case-insensitive; a component keeps its name as written (`MyButton`, `my-button`).
  const native = node.tagType === ElementTypes.ELEMENT;
  const element = builder.element(parent, native ? node.tag.toLowerCase() : node.tag, { start: node.loc.start.offset, end: startTagEnd(builder.text, node) });
  element.endIndex = node.loc.end.offset;
  const keyOf = (name: string) => (native ? name.toLowerCase() : name);
  for (const prop of node.props) {
    if (prop.type === NodeTypes.ATTRIBUTE) readAttribute(builder, element, prop, keyOf(prop.name), syntax);
    else readDirective(builder, element, prop, keyOf, syntax);
  }
  return element;
}

function readAttribute(builder: DocumentBuilder, element: Element, prop: AttributeNode, key: string, syntax: ClassSyntax): void {
  const nameRange = { start: prop.nameLoc.start.offset, end: prop.nameLoc.end.offset };
  if (!prop.value) {
    builder.attribute(element, key, { rawName: prop.name, nameRange, dynamic: false }, '');
    return;
  }
  const valueRange = unquoted(builder.text, prop.value.loc.start.offset, prop.value.loc.end.offset);
  builder.attribute(element, key, { rawName: prop.name, nameRange, valueRange, dynamic: false }, prop.value.content);
  const raw = builder.text.slice(valueRange.start, valueRange.end);
  if (key === 'class') builder.classString(valueRange.start, valueRange.end, element, false);
  // Another class-bearing prop (`active-class`): class text, not the element's classes.
  else if (syntax.classAttributes.kindOfProp(prop.name)) builder.classString(valueRange.start, valueRange.end, undefined, false);
  else if (key === 'style') for (const d of parseStyleAttribute(raw, valueRange.start, element)) builder.declaration(d);
}

function readDirective(builder: DocumentBuilder, element: Element, prop: DirectiveNode, keyOf: (name: string) => string, syntax: ClassSyntax): void {
  const { classFunctions } = syntax;
  const rawName = prop.rawName ?? prop.loc.source.split('=')[0] ?? prop.name;
  const start = prop.loc.start.offset;
  const nameRange = { start, end: start + rawName.length };
  const exp = prop.exp;
  const valueRange: Range | undefined = exp ? { start: exp.loc.start.offset, end: exp.loc.end.offset } : undefined;
  const info: AttributeInfo = { rawName, nameRange, ...(valueRange ? { valueRange } : {}), dynamic: true };
  const arg = prop.arg?.type === NodeTypes.SIMPLE_EXPRESSION ? prop.arg : undefined;
  if (prop.name !== 'bind') {
    // `@click` is a listener, never an inline `onclick`: keyed `v-on:click` so HTML rules do not match it.
    builder.attribute(element, `v-${prop.name}${arg ? `:${arg.content}` : ''}`, info, '');
    if (TEXT_DIRECTIVES.has(prop.name)) builder.textNode(element, UNKNOWN_TEXT);
    return;
  }
  if (!arg) {
    builder.spread(element, { start, end: prop.loc.end.offset }, 'v-bind object is not checked');
    return;
  }
  if (!arg.isStatic) {
    builder.note(start, 'dynamic attribute name not checked');
    return;
  }
  const key = keyOf(arg.content);
  const expression = valueRange && parseBound(builder.text, valueRange);
  const classKind = key === 'class' ? undefined : syntax.classAttributes.kindOfProp(arg.content);
  if (classKind) {
    if (expression) collectClassValue(builder, expression, { reason: REASON_CLASS_PROP, classFunctions }, classKind, true);
    else builder.note(valueRange?.start ?? start, REASON_CLASS_PROP);
  }
  if (key === 'class') {
    builder.attribute(element, 'class', info, '');
    if (expression) collectClasses(builder, expression, { element, reason: REASON_CLASS, classFunctions }, true);
    else builder.note(valueRange?.start ?? start, REASON_CLASS);
  } else if (key === 'style') {
    const pieces = expression ? collectStyles(builder, expression, element, 'raw') : [];
    if (!expression) builder.note(valueRange?.start ?? start, 'dynamic :style not checked');
    builder.attribute(element, 'style', info, pieces.join('; '));
  } else {
    const text = expression ? staticAttributeValue(expression, key) : undefined;
    // `:disabled="false"`, `:title="null"`: Vue renders no attribute.
    if (text === null) return;
    builder.attribute(element, key, { ...info, dynamic: text === undefined }, text ?? '');
  }
}

/** A bound value as a JS expression, positioned in the whole file; undefined when it does not parse. */
function parseBound(text: string, range: Range): t.Expression | undefined {
  try {
    return parseExpression(text.slice(range.start, range.end), { startIndex: range.start, plugins: ['typescript'] });
  } catch {
    return undefined;
  }
}

/**
 * A <script> or <script setup> block, read as a JS/TS file is: class-function calls, `h()` render
 * calls, JSX. One that does not parse is noted; the template is still checked.
 */
function readScriptBlock(builder: DocumentBuilder, script: ElementNode, syntax: ClassSyntax): void {
  const content = script.children[0];
  if (!content) return;
  const start = content.loc.start.offset;
  const lang = attributeValue(script, 'lang') ?? 'js';
  try {
    const program = parseScript(builder.text.slice(start, content.loc.end.offset), { typescript: /^[cm]?tsx?$/.test(lang), jsx: lang === 'js' || lang.endsWith('x'), startIndex: start });
    walkProgram(program, builder, syntax);
  } catch (error) {
    if (!(error instanceof SourceParseError)) throw error;
    builder.note(error.offset, `<script> not checked: ${error.message}`);
  }
}

/** A <style> block's declarations, and `@apply` classes as class occurrences. */
function readStyleBlock(builder: DocumentBuilder, style: ElementNode): void {
  const content = style.children[0];
  if (!content) return;
  const { start, end } = { start: content.loc.start.offset, end: content.loc.end.offset };
  const lang = attributeValue(style, 'lang');
  const parsed = parseStylesheetDetailed(builder.text.slice(start, end), start);
  for (const d of parsed.declarations) builder.declaration(d);
  for (const c of parsed.applies) builder.addClass(c.name, c.range.start, c.range.end, undefined);
  if (parsed.syntaxError) {
    const what = lang && lang !== 'css' ? `<style lang="${lang}">` : 'CSS';
    builder.note(parsed.syntaxError.offset, `${what} syntax error (${parsed.syntaxError.message}); the rest of the block was not checked`);
  }
}

function attributeValue(node: ElementNode, name: string): string | undefined {
  for (const prop of node.props) {
    if (prop.type === NodeTypes.ATTRIBUTE && prop.name === name) return prop.value?.content ?? '';
  }
  return undefined;
}

/** The end of the start tag: the first `>` after the tag name and the last attribute. */
function startTagEnd(text: string, node: ElementNode): number {
  let from = node.loc.start.offset + 1 + node.tag.length;
  for (const prop of node.props) from = Math.max(from, prop.loc.end.offset);
  const gt = text.indexOf('>', from);
  return gt === -1 || gt >= node.loc.end.offset ? node.loc.end.offset : gt + 1;
}

/** A value's range without its quotes (the compiler's range includes them). */
function unquoted(text: string, start: number, end: number): Range {
  const quote = text[start];
  return (quote === '"' || quote === "'") && text[end - 1] === quote && end - start >= 2 ? { start: start + 1, end: end - 1 } : { start, end };
}
