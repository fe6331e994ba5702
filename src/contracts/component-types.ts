/** A component contract (ARCHITECTURE.md §4); component.schema.json is the same shape as data. */

export type ComponentType = 'interactive' | 'input' | 'display' | 'container';

export interface VariantAxis {
  readonly options: readonly string[];
  readonly default: string;
  readonly classes?: Readonly<Record<string, string>>;
}

/** One prop of a scanned component (`dsctl components scan`). */
export interface ComponentProp {
  readonly name: string;
  /** The TypeScript type, as written or as the compiler prints it. */
  readonly type: string;
  readonly required: boolean;
  /** The default value, as source text. */
  readonly default?: string;
  readonly description?: string;
}

/** draft: owned by `dsctl components scan`; every other status is a person's (ready: a reviewed scan). */
export type ComponentStatus = 'experimental' | 'beta' | 'stable' | 'deprecated' | 'draft' | 'ready';

export interface ComponentContract {
  readonly id: string;
  readonly name: string;
  readonly category: string;
  readonly type: ComponentType;
  readonly status: ComponentStatus;
  readonly description: string;
  /** Project-relative file the contract was scanned from. */
  readonly source?: string;
  /** `sha256:<hex>` of the component's source when it was scanned: its declaration, prop types and recipes (a Vue SFC: the file). */
  readonly sourceHash?: string;
  /** The module specifier the app imports it with, e.g. `@/components/ui/button`. */
  readonly importPath?: string;
  /** The export that is the component: its name, or `default`. */
  readonly exportName?: string;
  readonly props?: readonly ComponentProp[];
  /** Prop types passed through from outside the project, as written (`React.ComponentProps<"button">`). */
  readonly extendsProps?: readonly string[];
  /** A usage example in the component's own syntax (JSX, or a Vue template). */
  readonly example?: string;
  readonly variants?: Readonly<Record<string, VariantAxis>>;
  readonly sizes?: VariantAxis;
  readonly states?: readonly string[];
  readonly tokens?: readonly string[];
  readonly accessibility: {
    readonly role: string;
    readonly ariaAttributes?: readonly string[];
    readonly keyboardInteractions?: readonly { readonly key: string; readonly action: string }[];
    readonly notes?: string;
  };
  readonly composition?: {
    readonly slots?: readonly string[];
    readonly allowedChildren?: readonly string[];
    readonly forbiddenChildren?: readonly string[];
    readonly notes?: string;
  };
  readonly rules: readonly string[];
  readonly usage: { readonly when: readonly string[]; readonly antiPatterns?: readonly string[] };
  readonly htmlSample: string;
}

/** A loaded contract and the file it came from. */
export interface ComponentEntry {
  readonly file: string;
  readonly contract: ComponentContract;
}

export interface ComponentSet {
  readonly dir: string;
  /** Sorted by id. */
  readonly components: readonly ComponentEntry[];
  readonly byId: ReadonlyMap<string, ComponentEntry>;
}

export const CONTRACT_SUFFIX = '.contract.json';
