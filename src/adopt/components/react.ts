import { createHash } from 'node:crypto';
import { basename } from 'node:path';
import type ts from 'typescript';
import type { ComponentProp, VariantAxis } from '../../contracts/component-types.js';
import { collectProps, type PropsContext } from './props.js';
import { reactAccessibility } from './react-accessibility.js';
import type { ScannedComponent } from './types.js';
import type { TypeScript } from './typescript.js';
import { recipeOfCall, type VariantRecipe } from './variants.js';

export interface ReactFile {
  readonly sourceFile: ts.SourceFile;
  readonly source: string;
  readonly importPath: string | undefined;
}

type ComponentFunction = ts.FunctionLikeDeclaration;

const COMPONENT_NAME = /^[A-Z][A-Za-z0-9]*$/;
const WRAPPERS = new Set(['forwardRef', 'memo', 'observer']);
const FC_TYPES = new Set(['FC', 'FunctionComponent', 'ComponentType', 'VFC']);

/** The exported components of one .tsx/.jsx file: functions (or forwardRef/memo of one) that return JSX, named in PascalCase. */
export function scanReactFile(typescript: TypeScript, program: ts.Program, file: ReactFile): ScannedComponent[] {
  const checker = program.getTypeChecker();
  const { sourceFile } = file;
  const moduleSymbol = checker.getSymbolAtLocation(sourceFile);
  if (!moduleSymbol) return [];
  const recipes = new Map<ts.Node, VariantRecipe | undefined>();
  const recipeDeclarations = new Map<VariantRecipe, ts.Node>();
  const context: PropsContext = {
    typescript,
    checker,
    isProjectFile: (sf) => !sf.isDeclarationFile && !program.isSourceFileFromExternalLibrary(sf) && !/[\\/]node_modules[\\/]/.test(sf.fileName),
    recipeOf: (expression) => {
      let symbol = checker.getSymbolAtLocation(expression);
      if (symbol && symbol.flags & typescript.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
      const declaration = symbol?.valueDeclaration;
      if (!declaration || !typescript.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
      if (!recipes.has(declaration)) {
        const recipe = recipeOfCall(typescript, declaration.initializer);
        recipes.set(declaration, recipe);
        if (recipe) recipeDeclarations.set(recipe, declaration);
      }
      return recipes.get(declaration);
    },
  };

  const found: ScannedComponent[] = [];
  // `export { Button }` and `export default Button` are one component: the named export is the one to import.
  const byFunction = new Map<ts.Node, number>();
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const symbol = exported.flags & typescript.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
    // Re-exports are scanned in the file that declares them.
    if (!declaration || declaration.getSourceFile() !== sourceFile) continue;
    const component = componentOf(typescript, declaration);
    if (!component) continue;
    const name = component.name ?? (exported.name === 'default' ? pascalCase(basename(file.source).replace(/\.[jt]sx$/, '')) : exported.name);
    if (!COMPONENT_NAME.test(name) || !containsJsx(typescript, component.fn)) continue;

    const twin = byFunction.get(component.fn);
    if (twin !== undefined && (exported.name === 'default' || found[twin]?.exportName !== 'default')) continue;
    const collected = collectProps(context, component.propsType);
    const defaults = destructuredDefaults(typescript, component.fn);
    const props: ComponentProp[] = collected.props.map((p) => {
      const value = defaults.get(p.name);
      return value === undefined ? p : { ...p, default: value };
    });
    // A recipe called in the body (`buttonVariants({ variant })`) is the component's too, even without VariantProps.
    const used = [...collected.recipes, ...recipesCalledIn(typescript, component.fn, context)];
    const variants: Record<string, VariantAxis> = {};
    for (const recipe of used) for (const [axis, value] of Object.entries(recipe.axes)) variants[axis] ??= value;
    for (const [axis, value] of Object.entries(variants)) {
      if (!props.some((p) => p.name === axis)) props.push({ name: axis, type: value.options.map((o) => JSON.stringify(o)).join(' | '), required: false });
    }
    // Without declared props, the destructured names are all the code shows (plain .jsx).
    if (!component.propsType) {
      for (const [prop, value] of defaults) if (!props.some((p) => p.name === prop)) props.push({ name: prop, type: 'unknown', required: false, ...(value === undefined ? {} : { default: value }) });
    }
    const { takesChildren, rootClasses, ...accessibility } = reactAccessibility(typescript, checker, component.fn.body ?? component.fn);
    const base = used.find((r) => r.base !== undefined)?.base;
    const scanned: ScannedComponent = {
      name,
      source: file.source,
      sourceHash: hashOfNodes([statementOf(typescript, declaration), ...collected.declarations, ...used.map((r) => recipeDeclarations.get(r)).filter((n): n is ts.Node => n !== undefined)]),
      framework: 'react',
      exportName: exported.name,
      ...(file.importPath === undefined ? {} : { importPath: file.importPath }),
      props,
      extendsProps: collected.extendsProps,
      variants,
      ...(base === undefined ? {} : { baseClasses: base }),
      ...(rootClasses === undefined ? {} : { rootClasses }),
      takesChildren: takesChildren || props.some((p) => p.name === 'children'),
      accessibility,
    };
    if (twin !== undefined) found[twin] = scanned;
    else byFunction.set(component.fn, found.push(scanned) - 1);
  }
  return found;
}

interface ComponentDeclaration {
  readonly name: string | undefined;
  readonly fn: ComponentFunction;
  readonly propsType: ts.TypeNode | undefined;
}

/** The function behind a declaration, through forwardRef/memo, with its props type wherever it is written. */
function componentOf(typescript: TypeScript, declaration: ts.Declaration): ComponentDeclaration | undefined {
  if (typescript.isFunctionDeclaration(declaration) && declaration.body) {
    return { name: declaration.name?.text, fn: declaration, propsType: declaration.parameters[0]?.type };
  }
  let expression: ts.Expression | undefined;
  let name: string | undefined;
  let annotated: ts.TypeNode | undefined;
  if (typescript.isVariableDeclaration(declaration) && typescript.isIdentifier(declaration.name)) {
    expression = declaration.initializer;
    name = declaration.name.text;
    const type = declaration.type;
    if (type && typescript.isTypeReferenceNode(type) && FC_TYPES.has(lastName(typescript, type.typeName))) annotated = type.typeArguments?.[0];
  } else if (typescript.isExportAssignment(declaration)) {
    expression = declaration.expression;
  }
  let wrapperProps: ts.TypeNode | undefined;
  while (expression) {
    if (typescript.isParenthesizedExpression(expression) || typescript.isAsExpression(expression) || typescript.isSatisfiesExpression(expression)) {
      expression = expression.expression;
    } else if (typescript.isCallExpression(expression) && WRAPPERS.has(calleeName(typescript, expression.expression))) {
      // forwardRef<Ref, Props>(…), memo<Props>(…)
      const args = expression.typeArguments;
      wrapperProps ??= calleeName(typescript, expression.expression) === 'forwardRef' ? args?.[1] : args?.[0];
      expression = expression.arguments[0];
    } else break;
  }
  if (!expression || !(typescript.isArrowFunction(expression) || typescript.isFunctionExpression(expression))) return undefined;
  return { name: name ?? (typescript.isFunctionExpression(expression) ? expression.name?.text : undefined), fn: expression, propsType: expression.parameters[0]?.type ?? wrapperProps ?? annotated };
}

/**
 * The hash of what the component is: its declaration, the project's prop types and the recipes it
 * uses — not the whole file, so editing CardTitle does not make Card drift.
 */
function hashOfNodes(nodes: readonly ts.Node[]): string {
  const hash = createHash('sha256');
  for (const node of new Set(nodes.map((n) => n.getText()))) hash.update(node.replace(/\r\n?/g, '\n')).update('\0');
  return `sha256:${hash.digest('hex')}`;
}

/** `const Button = …` hashes as its whole statement, so a changed `export` or `let` counts. */
function statementOf(typescript: TypeScript, declaration: ts.Node): ts.Node {
  return typescript.isVariableDeclaration(declaration) && typescript.isVariableStatement(declaration.parent.parent) ? declaration.parent.parent : declaration;
}

function calleeName(typescript: TypeScript, callee: ts.Expression): string {
  return typescript.isIdentifier(callee) ? callee.text : typescript.isPropertyAccessExpression(callee) ? callee.name.text : '';
}

function lastName(typescript: TypeScript, name: ts.EntityName): string {
  return typescript.isIdentifier(name) ? name.text : name.right.text;
}

function containsJsx(typescript: TypeScript, node: ts.Node): boolean {
  if (typescript.isJsxElement(node) || typescript.isJsxSelfClosingElement(node) || typescript.isJsxFragment(node)) return true;
  return typescript.forEachChild(node, (child) => (containsJsx(typescript, child) ? true : undefined)) === true;
}

/** `{ variant = 'default', size, ...props }`: each name, with its default as written (undefined for none). */
function destructuredDefaults(typescript: TypeScript, fn: ComponentFunction): Map<string, string | undefined> {
  const defaults = new Map<string, string | undefined>();
  const pattern = fn.parameters[0]?.name;
  if (!pattern || !typescript.isObjectBindingPattern(pattern)) return defaults;
  for (const element of pattern.elements) {
    if (element.dotDotDotToken) continue;
    const key = element.propertyName ?? element.name;
    if (!typescript.isIdentifier(key) && !typescript.isStringLiteral(key)) continue;
    defaults.set(key.text, element.initializer?.getText());
  }
  return defaults;
}

function recipesCalledIn(typescript: TypeScript, fn: ComponentFunction, context: PropsContext): VariantRecipe[] {
  const out: VariantRecipe[] = [];
  const visit = (node: ts.Node) => {
    if (typescript.isCallExpression(node) && typescript.isIdentifier(node.expression)) {
      const recipe = context.recipeOf(node.expression);
      if (recipe && !out.includes(recipe)) out.push(recipe);
    }
    typescript.forEachChild(node, visit);
  };
  if (fn.body) visit(fn.body);
  return out;
}

export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
}
