import { basename } from 'node:path';
import { parse } from '@vue/compiler-dom';
import type ts from 'typescript';
import type { ComponentProp, VariantAxis } from '../../contracts/component-types.js';
import { keyName, sortedUnique } from './keys.js';
import { pascalCase } from './react.js';
import type { ScannedComponent } from './types.js';
import type { TypeScript } from './typescript.js';
import { recipeOfCall } from './variants.js';

// @vue/compiler-dom's NodeTypes, as numbers: the enum is not exported as a value in every build.
const ELEMENT = 1;
const ATTRIBUTE = 6;
const DIRECTIVE = 7;

interface VueNode {
  type: number;
  tag?: string;
  props?: VueProp[];
  children?: VueNode[];
  content?: string;
  innerLoc?: { start: { offset: number }; end: { offset: number } };
}
interface VueProp {
  type: number;
  name: string;
  value?: { content: string };
  arg?: { content?: string };
  modifiers?: (string | { content: string })[];
}

const RUNTIME_TYPES: Readonly<Record<string, string>> = { String: 'string', Number: 'number', Boolean: 'boolean', Array: 'unknown[]', Object: 'object', Function: 'Function', Date: 'Date', Symbol: 'symbol' };

/**
 * A Vue SFC's component: props from `defineProps<…>()` / `defineProps({…})` (also inside `withDefaults`,
 * and an `export default { props }`), cva/tv recipes in its script, and its template's root element,
 * ARIA bindings, key handlers (`@keydown.enter`) and `<slot>`. Parsed, not type-checked: type-based
 * props are read as written.
 */
export function scanVueFile(typescript: TypeScript, text: string, file: { source: string; sourceHash: string; importPath: string | undefined }): ScannedComponent[] {
  let root: VueNode;
  try {
    root = parse(text, { parseMode: 'sfc' }) as unknown as VueNode;
  } catch {
    return [];
  }
  const blocks = (root.children ?? []).filter((n) => n.type === ELEMENT);
  const scripts = blocks.filter((n) => n.tag === 'script');
  const template = blocks.find((n) => n.tag === 'template');
  const props: ComponentProp[] = [];
  const variants: Record<string, VariantAxis> = {};
  let base: string | undefined;
  for (const script of scripts) {
    const content = script.innerLoc ? text.slice(script.innerLoc.start.offset, script.innerLoc.end.offset) : '';
    const lang = script.props?.find((p) => p.type === ATTRIBUTE && p.name === 'lang')?.value?.content;
    const sourceFile = typescript.createSourceFile(`${file.source}.${lang === 'tsx' ? 'tsx' : 'ts'}`, content, typescript.ScriptTarget.Latest, true, lang === 'tsx' ? typescript.ScriptKind.TSX : typescript.ScriptKind.TS);
    for (const prop of scriptProps(typescript, sourceFile)) if (!props.some((p) => p.name === prop.name)) props.push(prop);
    const visit = (node: ts.Node) => {
      const recipe = recipeOfCall(typescript, node);
      if (recipe) {
        for (const [axis, value] of Object.entries(recipe.axes)) variants[axis] ??= value;
        base ??= recipe.base;
      } else typescript.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  const templateInfo = template ? templateAccessibility(template) : { ariaAttributes: [], keys: [], takesChildren: false };
  const { takesChildren, rootClasses, ...accessibility } = templateInfo;
  return [
    {
      name: pascalCase(basename(file.source, '.vue')),
      source: file.source,
      sourceHash: file.sourceHash,
      framework: 'vue',
      exportName: 'default',
      ...(file.importPath === undefined ? {} : { importPath: file.importPath }),
      props,
      extendsProps: [],
      variants,
      ...(base === undefined ? {} : { baseClasses: base }),
      ...(rootClasses === undefined ? {} : { rootClasses }),
      takesChildren,
      accessibility,
    },
  ];
}

function scriptProps(typescript: TypeScript, sourceFile: ts.SourceFile): ComponentProp[] {
  let props: ComponentProp[] = [];
  let defaults: ts.ObjectLiteralExpression | undefined;
  const localTypes = new Map<string, ts.Node>();
  for (const statement of sourceFile.statements) {
    if (typescript.isInterfaceDeclaration(statement) || typescript.isTypeAliasDeclaration(statement)) localTypes.set(statement.name.text, statement);
  }
  const visit = (node: ts.Node) => {
    if (typescript.isCallExpression(node) && typescript.isIdentifier(node.expression)) {
      const callee = node.expression.text;
      if (callee === 'withDefaults' && node.arguments[1] && typescript.isObjectLiteralExpression(node.arguments[1])) defaults = node.arguments[1];
      if (callee === 'defineProps') {
        const typeArgument = node.typeArguments?.[0];
        const runtime = node.arguments[0];
        if (typeArgument) props = typeProps(typescript, typeArgument, localTypes);
        else if (runtime) props = runtimeProps(typescript, runtime);
        return;
      }
    }
    if (typescript.isExportAssignment(node)) {
      const options = unwrapDefineComponent(typescript, node.expression);
      const runtime = options && typescript.isObjectLiteralExpression(options) ? propertyOf(typescript, options, 'props') : undefined;
      if (runtime && props.length === 0) props = runtimeProps(typescript, runtime);
    }
    typescript.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (defaults) {
    const given = defaults;
    props = props.map((p) => {
      const value = propertyOf(typescript, given, p.name);
      return value ? { ...p, default: value.getText() } : p;
    });
  }
  return props;
}

function typeProps(typescript: TypeScript, node: ts.Node, localTypes: ReadonlyMap<string, ts.Node>, seen = new Set<ts.Node>()): ComponentProp[] {
  if (seen.has(node)) return [];
  seen.add(node);
  if (typescript.isTypeLiteralNode(node) || typescript.isInterfaceDeclaration(node)) {
    const inherited = typescript.isInterfaceDeclaration(node) ? (node.heritageClauses ?? []).flatMap((c) => c.types.flatMap((t) => typeProps(typescript, t, localTypes, seen))) : [];
    const own = node.members.flatMap((member): ComponentProp[] => {
      if (!typescript.isPropertySignature(member) || !(typescript.isIdentifier(member.name) || typescript.isStringLiteral(member.name))) return [];
      return [{ name: member.name.text, type: member.type?.getText().replace(/\s+/g, ' ') ?? 'any', required: member.questionToken === undefined }];
    });
    return [...inherited, ...own];
  }
  if (typescript.isTypeAliasDeclaration(node)) return typeProps(typescript, node.type, localTypes, seen);
  if (typescript.isIntersectionTypeNode(node)) return node.types.flatMap((t) => typeProps(typescript, t, localTypes, seen));
  if (typescript.isTypeReferenceNode(node) && typescript.isIdentifier(node.typeName)) {
    const local = localTypes.get(node.typeName.text);
    return local ? typeProps(typescript, local, localTypes, seen) : [];
  }
  if (typescript.isExpressionWithTypeArguments(node) && typescript.isIdentifier(node.expression)) {
    const local = localTypes.get(node.expression.text);
    return local ? typeProps(typescript, local, localTypes, seen) : [];
  }
  return [];
}

/** `{ label: String, size: { type: String as PropType<'sm' | 'md'>, default: 'md' }, disabled: { type: Boolean, required: true } }`, or `['label']`. */
function runtimeProps(typescript: TypeScript, node: ts.Expression): ComponentProp[] {
  if (typescript.isArrayLiteralExpression(node)) {
    return node.elements.filter(typescript.isStringLiteralLike).map((e) => ({ name: e.text, type: 'unknown', required: false }));
  }
  if (!typescript.isObjectLiteralExpression(node)) return [];
  return node.properties.flatMap((member): ComponentProp[] => {
    if (!typescript.isPropertyAssignment(member) || !(typescript.isIdentifier(member.name) || typescript.isStringLiteral(member.name))) return [];
    const value = member.initializer;
    if (!typescript.isObjectLiteralExpression(value)) return [{ name: member.name.text, type: runtimeType(typescript, value), required: false }];
    const type = propertyOf(typescript, value, 'type');
    const required = propertyOf(typescript, value, 'required');
    const fallback = propertyOf(typescript, value, 'default');
    return [{ name: member.name.text, type: type ? runtimeType(typescript, type) : 'unknown', required: required?.kind === typescript.SyntaxKind.TrueKeyword, ...(fallback ? { default: fallback.getText() } : {}) }];
  });
}

function runtimeType(typescript: TypeScript, node: ts.Expression): string {
  if (typescript.isAsExpression(node) && typescript.isTypeReferenceNode(node.type) && node.type.typeArguments?.[0]) return node.type.typeArguments[0].getText().replace(/\s+/g, ' ');
  if (typescript.isIdentifier(node)) return RUNTIME_TYPES[node.text] ?? node.text;
  if (typescript.isArrayLiteralExpression(node)) return node.elements.map((e) => runtimeType(typescript, e)).join(' | ');
  return 'unknown';
}

function unwrapDefineComponent(typescript: TypeScript, node: ts.Expression): ts.Expression | undefined {
  if (typescript.isCallExpression(node) && typescript.isIdentifier(node.expression) && node.expression.text === 'defineComponent') return node.arguments[0];
  return node;
}

function propertyOf(typescript: TypeScript, object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const member of object.properties) {
    if (typescript.isPropertyAssignment(member) && (typescript.isIdentifier(member.name) || typescript.isStringLiteral(member.name)) && member.name.text === name) return member.initializer;
  }
  return undefined;
}

function templateAccessibility(template: VueNode): { element?: string; role?: string; rootClasses?: string; ariaAttributes: string[]; keys: string[]; takesChildren: boolean } {
  const root = (template.children ?? []).find((n) => n.type === ELEMENT);
  const aria = new Set<string>();
  const keys = new Set<string>();
  let slot = false;
  const visit = (node: VueNode) => {
    if (node.type !== ELEMENT) return;
    if (node.tag === 'slot') slot = true;
    for (const prop of node.props ?? []) {
      const name = prop.type === ATTRIBUTE ? prop.name : prop.name === 'bind' ? prop.arg?.content : undefined;
      if (name && /^aria-[a-z]+$/.test(name)) aria.add(name);
      if (prop.type === DIRECTIVE && prop.name === 'on' && /^key(?:down|up|press)$/.test(prop.arg?.content ?? '')) {
        for (const modifier of prop.modifiers ?? []) {
          const key = keyName(typeof modifier === 'string' ? modifier : modifier.content);
          if (key) keys.add(key);
        }
      }
    }
    (node.children ?? []).forEach(visit);
  };
  (template.children ?? []).forEach(visit);
  const role = root?.props?.find((p) => p.type === ATTRIBUTE && p.name === 'role')?.value?.content;
  const rootClasses = root?.props?.find((p) => p.type === ATTRIBUTE && p.name === 'class')?.value?.content.trim().replace(/\s+/g, ' ') || undefined;
  const element = root?.tag && /^[a-z][a-z0-9]*$/.test(root.tag) && root.tag !== 'slot' && root.tag !== 'template' ? root.tag : undefined;
  return { ...(element === undefined ? {} : { element }), ...(role === undefined ? {} : { role }), ...(rootClasses === undefined ? {} : { rootClasses }), ariaAttributes: sortedUnique(aria), keys: sortedUnique(keys), takesChildren: slot };
}
