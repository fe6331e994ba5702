/** A component contract (ARCHITECTURE.md §4); component.schema.json is the same shape as data. */

export type ComponentType = 'interactive' | 'input' | 'display' | 'container';

export interface VariantAxis {
  readonly options: readonly string[];
  readonly default: string;
  readonly classes?: Readonly<Record<string, string>>;
}

export interface ComponentContract {
  readonly id: string;
  readonly name: string;
  readonly category: string;
  readonly type: ComponentType;
  readonly status: 'experimental' | 'beta' | 'stable' | 'deprecated';
  readonly description: string;
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
