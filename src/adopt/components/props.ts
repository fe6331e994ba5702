import type ts from 'typescript';
import type { ComponentProp } from '../../contracts/component-types.js';
import type { TypeScript } from './typescript.js';
import type { VariantRecipe } from './variants.js';

export interface PropsContext {
  readonly typescript: TypeScript;
  readonly checker: ts.TypeChecker;
  /** Whether a declaration is the project's own (not node_modules, not a lib file). */
  readonly isProjectFile: (file: ts.SourceFile) => boolean;
  /** The cva/tv recipe an expression (`buttonVariants`) refers to. */
  readonly recipeOf: (expression: ts.Node) => VariantRecipe | undefined;
}

export interface CollectedProps {
  readonly props: ComponentProp[];
  readonly extendsProps: string[];
  readonly recipes: VariantRecipe[];
  /** The project's own interfaces and type aliases that were read: part of what the component is. */
  readonly declarations: ts.Node[];
}

const LONGEST_PRINTED_TYPE = 160;

/**
 * The props a props type declares, walked through intersections, the project's interfaces (with their
 * `extends`) and type aliases. Types from outside the project (`React.ComponentProps<'button'>`) are
 * named, not expanded: they would add hundreds of DOM props. `VariantProps<typeof x>` becomes one prop
 * per variant axis of x's recipe. Works without node_modules: an unresolved type is named as written.
 */
export function collectProps(context: PropsContext, typeNode: ts.TypeNode | undefined): CollectedProps {
  const out: CollectedProps = { props: [], extendsProps: [], recipes: [], declarations: [] };
  const seen = new Set<ts.Node>();
  const { typescript } = context;

  const addProp = (prop: ComponentProp) => {
    if (!out.props.some((p) => p.name === prop.name)) out.props.push(prop);
  };
  const external = (node: ts.Node) => {
    const text = node.getText().replace(/\s+/g, ' ').replace(/'/g, '"');
    if (!out.extendsProps.includes(text)) out.extendsProps.push(text);
  };

  const members = (list: readonly ts.TypeElement[]) => {
    for (const member of list) {
      if (!(typescript.isPropertySignature(member) || typescript.isMethodSignature(member)) || !member.name) continue;
      const name = typescript.isIdentifier(member.name) || typescript.isStringLiteral(member.name) ? member.name.text : undefined;
      if (name === undefined) continue;
      const symbol = context.checker.getSymbolAtLocation(member.name);
      const description = symbol ? typescript.displayPartsToString(symbol.getDocumentationComment(context.checker)).trim() : '';
      const type = typescript.isPropertySignature(member)
        ? member.type
          ? typeText(context, member.type)
          : 'any'
        : `(${member.parameters.map((p) => p.getText()).join(', ')}) => ${member.type?.getText() ?? 'void'}`.replace(/\s+/g, ' ');
      addProp({ name, type, required: member.questionToken === undefined, ...(description ? { description } : {}) });
    }
  };

  const reference = (node: ts.TypeReferenceNode | ts.ExpressionWithTypeArguments) => {
    const nameNode = typescript.isTypeReferenceNode(node) ? node.typeName : node.expression;
    const last = typescript.isIdentifier(nameNode) ? nameNode.text : typescript.isQualifiedName(nameNode) ? nameNode.right.text : typescript.isPropertyAccessExpression(nameNode) ? nameNode.name.text : '';
    const argument = node.typeArguments?.[0];
    if (last === 'VariantProps' && argument && typescript.isTypeQueryNode(argument)) {
      const recipe = context.recipeOf(argument.exprName);
      if (recipe) {
        out.recipes.push(recipe);
        for (const [axis, variant] of Object.entries(recipe.axes)) addProp({ name: axis, type: variant.options.map((o) => JSON.stringify(o)).join(' | '), required: false });
        return;
      }
    }
    let symbol = context.checker.getSymbolAtLocation(nameNode);
    if (symbol && symbol.flags & typescript.SymbolFlags.Alias) symbol = context.checker.getAliasedSymbol(symbol);
    const declaration = symbol?.declarations?.[0];
    if (!declaration || !context.isProjectFile(declaration.getSourceFile()) || node.typeArguments?.length) return external(node);
    if (!out.declarations.includes(declaration)) out.declarations.push(declaration);
    walk(declaration);
  };

  const walk = (node: ts.Node) => {
    if (seen.has(node)) return;
    seen.add(node);
    if (typescript.isParenthesizedTypeNode(node)) walk(node.type);
    else if (typescript.isIntersectionTypeNode(node)) node.types.forEach(walk);
    else if (typescript.isTypeLiteralNode(node)) members(node.members);
    else if (typescript.isTypeReferenceNode(node) || typescript.isExpressionWithTypeArguments(node)) reference(node);
    else if (typescript.isInterfaceDeclaration(node)) {
      for (const clause of node.heritageClauses ?? []) clause.types.forEach(walk);
      members(node.members);
    } else if (typescript.isTypeAliasDeclaration(node)) walk(node.type);
    else external(node);
  };

  if (typeNode) walk(typeNode);
  return out;
}

/** A type as the checker prints it; as written when it does not resolve (no node_modules) or prints too long. */
export function typeText(context: PropsContext, node: ts.TypeNode): string {
  return printed(context, context.checker.getTypeFromTypeNode(node), node);
}

function printed(context: PropsContext, type: ts.Type, node: ts.Node): string {
  const written = node.getText().replace(/\s+/g, ' ');
  const { typescript } = context;
  const unresolved = (type.flags & typescript.TypeFlags.Any) !== 0 && !/^any$/.test(written);
  if (unresolved) return written;
  const text = context.checker.typeToString(type, undefined, typescript.TypeFormatFlags.NoTruncation);
  return text.length > LONGEST_PRINTED_TYPE ? written : text;
}
