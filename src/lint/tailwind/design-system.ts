import type { ClassCache } from './cache.js';
import type { TailwindClass, TailwindModel } from './model.js';

/** The part of Tailwind v4's DesignSystem read here (tailwindcss/dist/lib.d.mts). */
export interface DesignSystem {
  readonly theme: { entries(): Iterable<[string, { readonly value: string }]> };
  parseCandidate(candidate: string): readonly Candidate[];
  candidatesToAst(classes: string[]): AstNode[][];
  printVariant(variant: unknown): string;
  resolveThemeValue(path: string, forceInline?: boolean): string | undefined;
}

interface Candidate {
  readonly kind: 'functional' | 'static' | 'arbitrary';
  readonly root?: string;
  readonly property?: string;
  readonly value?: { readonly kind: 'named' | 'arbitrary'; readonly value: string } | null;
  readonly modifier?: { readonly kind: 'named' | 'arbitrary'; readonly value: string } | null;
  readonly variants: readonly unknown[];
  readonly important?: boolean;
}

type AstNode =
  | { readonly kind: 'rule' | 'at-rule'; readonly name?: string; readonly nodes: readonly AstNode[] }
  | { readonly kind: 'declaration'; readonly property: string; readonly value: string | undefined }
  | { readonly kind: 'comment' | 'context' | 'at-root' };

// Markers Tailwind reads in selectors but generates nothing for (`group-hover:` needs `group`).
const MARKER = /^(?:group|peer|dark)(?:\/[\w-]+)?$/;
const NO_VARIANTS: readonly string[] = [];
const THEME_VAR = /var\((--[\w-]+)/g;

/** The model over a loaded design system: each name classified once, from the disk cache when it is there. */
export function buildModel(designSystem: DesignSystem, components: ReadonlySet<string>, cache: ClassCache, source: string): TailwindModel {
  const memo = new Map<string, TailwindClass>();
  const theme = new Map<string, string | undefined>();
  return {
    source,
    classify(name) {
      let found = memo.get(name);
      if (found === undefined) {
        found = cache.get(name);
        if (found === undefined) cache.set(name, (found = classify(designSystem, name)));
        memo.set(name, found);
      }
      return found;
    },
    isComponentClass: (name) => components.has(name),
    themeValue(variable) {
      if (!theme.has(variable)) theme.set(variable, safely(() => designSystem.resolveThemeValue(variable)));
      return theme.get(variable);
    },
  };
}

function classify(designSystem: DesignSystem, name: string): TailwindClass {
  if (MARKER.test(name)) return { known: true, variants: NO_VARIANTS, declarations: [] };
  const candidate = safely(() => designSystem.parseCandidate(name)[0]);
  const ast = safely(() => designSystem.candidatesToAst([name])[0]) ?? [];
  const declarations: [string, string][] = [];
  collect(ast, declarations);
  if (!candidate) return { known: ast.length > 0, variants: NO_VARIANTS, declarations };
  const value = candidate.value ?? undefined;
  const modifier = candidate.modifier ?? undefined;
  const root = candidate.root ?? candidate.property;
  const themeKeys = [...new Set(declarations.flatMap(([, v]) => [...v.matchAll(THEME_VAR)].map((m) => m[1] as string)))].filter(
    (key) => safely(() => designSystem.resolveThemeValue(key)) !== undefined,
  );
  return {
    known: ast.length > 0,
    ...(root === undefined ? {} : { root }),
    variants: candidate.variants.length === 0 ? NO_VARIANTS : candidate.variants.map((v) => designSystem.printVariant(v)),
    ...(value?.kind === 'arbitrary' ? { arbitrary: value.value } : value?.kind === 'named' ? { named: value.value } : {}),
    ...(modifier ? { modifier: modifier.kind === 'arbitrary' ? `[${modifier.value}]` : modifier.value } : {}),
    ...(candidate.important ? { important: true as const } : {}),
    ...(themeKeys.length ? { themeKeys } : {}),
    declarations,
  };
}

/** Declarations of the generated rules, through variant wrappers; `@property` rules and custom properties left out. */
function collect(nodes: readonly AstNode[], into: [string, string][]): void {
  for (const node of nodes) {
    if (node.kind === 'declaration') {
      if (!node.property.startsWith('--') && node.value !== undefined) into.push([node.property, node.value]);
    } else if ((node.kind === 'rule' || node.kind === 'at-rule') && !(node.kind === 'at-rule' && node.name === '@property')) {
      collect(node.nodes, into);
    }
  }
}

// Tailwind throws on a few malformed candidates; a name it cannot read is not one it generates.
function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
