import type ts from 'typescript';
import { keyName, sortedUnique } from './keys.js';
import type { ScannedAccessibility } from './types.js';
import type { TypeScript } from './typescript.js';

const KEY_HANDLERS = /^on(?:KeyDown|KeyUp|KeyPress)(?:Capture)?$/;

/** What a React component's body shows: the root element, its role, the ARIA it sets, the keys it handles. */
export function reactAccessibility(typescript: TypeScript, checker: ts.TypeChecker, body: ts.Node): ScannedAccessibility & { takesChildren: boolean; rootClasses?: string } {
  const root = rootJsx(typescript, body);
  const aria = new Set<string>();
  const keys = new Set<string>();
  let keyHandler = false;
  let children = false;
  const visit = (node: ts.Node) => {
    if (typescript.isJsxAttribute(node)) {
      const name = node.name.getText();
      if (/^aria-[a-z]+$/.test(name)) aria.add(name);
      if (KEY_HANDLERS.test(name)) keyHandler = true;
    } else if (typescript.isIdentifier(node) && node.text === 'children') {
      children = true;
    } else if (typescript.isBinaryExpression(node) && [typescript.SyntaxKind.EqualsEqualsEqualsToken, typescript.SyntaxKind.EqualsEqualsToken].includes(node.operatorToken.kind)) {
      for (const [a, b] of [[node.left, node.right], [node.right, node.left]] as const) {
        if (isKeyAccess(typescript, a) && typescript.isStringLiteralLike(b)) addKey(keys, b.text);
      }
    } else if (typescript.isSwitchStatement(node) && isKeyAccess(typescript, node.expression)) {
      for (const clause of node.caseBlock.clauses) if (typescript.isCaseClause(clause) && typescript.isStringLiteralLike(clause.expression)) addKey(keys, clause.expression.text);
    }
    typescript.forEachChild(node, visit);
  };
  visit(body);

  const element = root ? elementOf(typescript, checker, root) : undefined;
  const attributes = root ? (typescript.isJsxElement(root) ? root.openingElement.attributes : root.attributes) : undefined;
  let role: string | undefined;
  let rootClasses: string | undefined;
  let spread = false;
  for (const attribute of attributes?.properties ?? []) {
    if (typescript.isJsxSpreadAttribute(attribute)) spread = true;
    else if (attribute.name.getText() === 'role' && attribute.initializer && typescript.isStringLiteral(attribute.initializer)) role = attribute.initializer.text;
    else if (attribute.name.getText() === 'className' && attribute.initializer) rootClasses = literalClasses(typescript, attribute.initializer);
  }
  return {
    ...(element === undefined ? {} : { element }),
    ...(role === undefined ? {} : { role }),
    ...(rootClasses ? { rootClasses } : {}),
    ariaAttributes: sortedUnique(aria),
    // Comparisons with `.key` count only where the component handles keys; elsewhere they are something else.
    keys: keyHandler ? sortedUnique(keys) : [],
    // A spread of the rest props onto the root passes `children` through as well.
    takesChildren: children || spread,
  };
}

/** `className="a b"`, or the literal arguments of `cn("a b", className)`: the classes the root always has. */
function literalClasses(typescript: TypeScript, node: ts.Node): string | undefined {
  if (typescript.isStringLiteral(node)) return node.text.trim().replace(/\s+/g, ' ');
  if (!typescript.isJsxExpression(node) || !node.expression) return undefined;
  const expression = node.expression;
  if (typescript.isStringLiteralLike(expression)) return expression.text.trim().replace(/\s+/g, ' ');
  // A recipe call (buttonVariants(…)) is not literal: its classes come from the recipe.
  if (!typescript.isCallExpression(expression) || !typescript.isIdentifier(expression.expression) || !CLASS_JOINERS.has(expression.expression.text)) return undefined;
  const parts = expression.arguments.filter(typescript.isStringLiteralLike).map((a) => a.text.trim());
  return parts.length ? parts.join(' ').replace(/\s+/g, ' ') : undefined;
}

const CLASS_JOINERS = new Set(['cn', 'clsx', 'cx', 'classnames', 'classNames', 'twMerge', 'twJoin']);

function addKey(keys: Set<string>, raw: string): void {
  const name = keyName(raw);
  if (name) keys.add(name);
}

function isKeyAccess(typescript: TypeScript, node: ts.Node): boolean {
  return typescript.isPropertyAccessExpression(node) && (node.name.text === 'key' || node.name.text === 'code');
}

type JsxRoot = ts.JsxElement | ts.JsxSelfClosingElement;

/** The element a component returns: its expression body, or the first `return` of its own body. */
function rootJsx(typescript: TypeScript, body: ts.Node): JsxRoot | undefined {
  const unwrap = (node: ts.Node | undefined): JsxRoot | undefined => {
    if (!node) return undefined;
    if (typescript.isParenthesizedExpression(node)) return unwrap(node.expression);
    if (typescript.isJsxElement(node) || typescript.isJsxSelfClosingElement(node)) return node;
    if (typescript.isJsxFragment(node)) return node.children.map(unwrap).find((n) => n !== undefined);
    if (typescript.isConditionalExpression(node)) return unwrap(node.whenFalse) ?? unwrap(node.whenTrue);
    if (typescript.isBinaryExpression(node)) return unwrap(node.right);
    return undefined;
  };
  if (!typescript.isBlock(body)) return unwrap(body);
  let found: JsxRoot | undefined;
  const visit = (node: ts.Node): void => {
    if (found || typescript.isFunctionLike(node)) return;
    if (typescript.isReturnStatement(node)) found = unwrap(node.expression);
    else typescript.forEachChild(node, visit);
  };
  typescript.forEachChild(body, visit);
  return found;
}

/** `<button>`, or the element behind `const Comp = asChild ? Slot : 'button'` (shadcn's pattern). */
function elementOf(typescript: TypeScript, checker: ts.TypeChecker, root: JsxRoot): string | undefined {
  const tag = typescript.isJsxElement(root) ? root.openingElement.tagName : root.tagName;
  if (typescript.isIdentifier(tag) && /^[a-z][a-z0-9-]*$/.test(tag.text)) return tag.text;
  if (!typescript.isIdentifier(tag)) return undefined;
  const declaration = checker.getSymbolAtLocation(tag)?.valueDeclaration;
  if (!declaration || !typescript.isVariableDeclaration(declaration) || !declaration.initializer) return undefined;
  let element: string | undefined;
  const visit = (node: ts.Node) => {
    if (element === undefined && typescript.isStringLiteralLike(node) && /^[a-z][a-z0-9]*$/.test(node.text)) element = node.text;
    else typescript.forEachChild(node, visit);
  };
  visit(declaration.initializer);
  return element;
}
