import type ts from 'typescript';
import type { VariantAxis } from '../../contracts/component-types.js';
import type { TypeScript } from './typescript.js';

/** What a `cva(base, { variants, defaultVariants })` or `tv({ base, variants, defaultVariants })` call declares. */
export interface VariantRecipe {
  readonly axes: Readonly<Record<string, VariantAxis>>;
  readonly base?: string;
}

const RECIPE_FUNCTIONS = new Set(['cva', 'tv']);

/** The recipe a call builds, when it is a cva/tv call with a literal config; undefined otherwise. */
export function recipeOfCall(typescript: TypeScript, node: ts.Node): VariantRecipe | undefined {
  if (!typescript.isCallExpression(node)) return undefined;
  const callee = node.expression;
  const name = typescript.isIdentifier(callee) ? callee.text : typescript.isPropertyAccessExpression(callee) ? callee.name.text : '';
  if (!RECIPE_FUNCTIONS.has(name)) return undefined;
  const [first, second] = node.arguments;
  // cva(base, config); tv(config) with `base` inside.
  const config = name === 'cva' ? second : first;
  const base = name === 'cva' ? (first ? classText(typescript, first) : undefined) : undefined;
  if (!config || !typescript.isObjectLiteralExpression(config)) return base === undefined ? { axes: {} } : { axes: {}, base };
  const variants = property(typescript, config, 'variants');
  const defaults = property(typescript, config, 'defaultVariants');
  const tvBase = name === 'tv' ? property(typescript, config, 'base') : undefined;
  const baseText = base ?? (tvBase ? classText(typescript, tvBase) : undefined);
  const axes: Record<string, VariantAxis> = {};
  if (variants && typescript.isObjectLiteralExpression(variants)) {
    for (const member of variants.properties) {
      if (!typescript.isPropertyAssignment(member) || !typescript.isObjectLiteralExpression(member.initializer)) continue;
      const axis = keyText(typescript, member.name);
      if (axis === undefined) continue;
      const options: string[] = [];
      const classes: Record<string, string> = {};
      for (const option of member.initializer.properties) {
        if (!typescript.isPropertyAssignment(option)) continue;
        const value = keyText(typescript, option.name);
        if (value === undefined || options.includes(value)) continue;
        options.push(value);
        const text = classText(typescript, option.initializer);
        if (text !== undefined) classes[value] = text;
      }
      if (options.length === 0) continue;
      const declared = defaults && typescript.isObjectLiteralExpression(defaults) ? literalText(typescript, property(typescript, defaults, axis)) : undefined;
      // The schema needs a default; with none declared, the first option stands in (cva then applies no class).
      const fallback = options.includes('default') ? 'default' : (options[0] as string);
      axes[axis] = { options, default: declared !== undefined && options.includes(declared) ? declared : fallback, ...(Object.keys(classes).length ? { classes } : {}) };
    }
  }
  return baseText === undefined ? { axes } : { axes, base: baseText };
}

function property(typescript: TypeScript, object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const member of object.properties) {
    if (typescript.isPropertyAssignment(member) && keyText(typescript, member.name) === name) return member.initializer;
  }
  return undefined;
}

function keyText(typescript: TypeScript, name: ts.PropertyName): string | undefined {
  if (typescript.isIdentifier(name) || typescript.isStringLiteral(name) || typescript.isNumericLiteral(name) || typescript.isNoSubstitutionTemplateLiteral(name)) return name.text;
  return undefined;
}

function literalText(typescript: TypeScript, node: ts.Expression | undefined): string | undefined {
  if (!node) return undefined;
  if (typescript.isStringLiteral(node) || typescript.isNoSubstitutionTemplateLiteral(node) || typescript.isNumericLiteral(node)) return node.text;
  if (node.kind === typescript.SyntaxKind.TrueKeyword) return 'true';
  if (node.kind === typescript.SyntaxKind.FalseKeyword) return 'false';
  return undefined;
}

/** A class list written as a string, a template without substitutions, or an array of those. */
function classText(typescript: TypeScript, node: ts.Expression): string | undefined {
  if (typescript.isStringLiteral(node) || typescript.isNoSubstitutionTemplateLiteral(node)) return node.text.trim().replace(/\s+/g, ' ');
  if (typescript.isArrayLiteralExpression(node)) {
    const parts = node.elements.map((e) => classText(typescript, e));
    return parts.every((p) => p !== undefined) ? parts.join(' ').trim() : undefined;
  }
  return undefined;
}
