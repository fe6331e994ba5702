import type { Config } from '../../project/config-schema.js';

export type ClassAttributeEntry = Config['lint']['classAttributes'][number];

/** How a class-bearing attribute's value holds classes: a class list, or an object of slot → class list. */
export type ClassValueKind = 'list' | 'object';

/** The element's own class attribute: always read, whatever `lint.classAttributes` says. */
export const OWN_CLASS = new Set(['class', 'className']);

/**
 * `lint.classAttributes` as a question: is this attribute or prop name class-bearing, and how? Names
 * are matched as written, with `*` for any characters; a Vue prop also by its kebab-case form
 * (`activeClass` is `active-class`).
 */
export class ClassAttributes {
  private readonly exact = new Map<string, ClassValueKind>();
  private readonly patterns: { readonly pattern: RegExp; readonly kind: ClassValueKind }[] = [];

  private lowerCase: ClassAttributes | undefined;
  private readonly attributeKinds = new Map<string, ClassValueKind | 'none'>();

  constructor(private readonly entries: readonly ClassAttributeEntry[]) {
    for (const entry of entries) {
      const [name, kind]: [string, ClassValueKind] = typeof entry === 'string' ? [entry, 'list'] : [entry.name, 'object'];
      if (!name.includes('*')) this.exact.set(name, kind);
      else this.patterns.push({ pattern: new RegExp(`^${name.split('*').map(escapeRegExp).join('.*')}$`, 's'), kind });
    }
  }

  /** The entries it was made of, to hand on (an Angular template is parsed as HTML with them). */
  get entryList(): readonly ClassAttributeEntry[] {
    return this.entries;
  }

  kindOf(name: string): ClassValueKind | undefined {
    const exact = this.exact.get(name);
    if (exact !== undefined) return exact;
    for (const { pattern, kind } of this.patterns) if (pattern.test(name)) return kind;
    return undefined;
  }

  /** For HTML, whose attribute names are case-insensitive (htmlparser2 lower-cases them). */
  kindOfAttribute(lowerCaseName: string): ClassValueKind | undefined {
    // Asked for every attribute of every page, of a few dozen distinct names: remembered by name.
    const known = this.attributeKinds.get(lowerCaseName);
    if (known !== undefined) return known === 'none' ? undefined : known;
    this.lowerCase ??= new ClassAttributes(this.entries.map((e) => (typeof e === 'string' ? e.toLowerCase() : { ...e, name: e.name.toLowerCase() })));
    const kind = this.lowerCase.kindOf(lowerCaseName);
    if (this.attributeKinds.size < 10_000) this.attributeKinds.set(lowerCaseName, kind ?? 'none');
    return kind;
  }

  /** For Vue, where a prop is the same written camelCase or kebab-case. */
  kindOfProp(name: string): ClassValueKind | undefined {
    return this.kindOf(name) ?? this.kindOf(name.replace(/\B([A-Z])/g, '-$1').toLowerCase());
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const built = new WeakMap<readonly ClassAttributeEntry[], ClassAttributes>();

/** One matcher per config (the list is the project's, shared by every file). */
export function classAttributesOf(entries: readonly ClassAttributeEntry[]): ClassAttributes {
  let matcher = built.get(entries);
  if (matcher === undefined) built.set(entries, (matcher = new ClassAttributes(entries)));
  return matcher;
}

/** What marks class text in a file: the class functions and the class-bearing attributes. */
export interface ClassSyntax {
  readonly classFunctions: ReadonlySet<string>;
  readonly classAttributes: ClassAttributes;
}

const NONE: readonly ClassAttributeEntry[] = [];

export function classSyntaxOf(classFunctions: readonly string[], classAttributes: readonly ClassAttributeEntry[] = NONE): ClassSyntax {
  return { classFunctions: new Set(classFunctions), classAttributes: classAttributesOf(classAttributes) };
}
