import type { ComponentProp, VariantAxis } from '../../contracts/component-types.js';

/** What the code shows of a component's accessibility: its root element, role, ARIA and keys. */
export interface ScannedAccessibility {
  /** The intrinsic element it renders at its root (`button`), when the code names one. */
  readonly element?: string;
  /** An explicit `role="…"` on the root. */
  readonly role?: string;
  readonly ariaAttributes: readonly string[];
  /** Keys its key handlers compare against (`event.key === 'Enter'`, `@keydown.enter`). */
  readonly keys: readonly string[];
}

/** One exported component, as found in its source file. */
export interface ScannedComponent {
  readonly name: string;
  /** Project-relative, `/`-separated. */
  readonly source: string;
  readonly sourceHash: string;
  readonly framework: 'react' | 'vue';
  /** The export's name, or `default`. */
  readonly exportName: string;
  readonly importPath?: string;
  readonly props: readonly ComponentProp[];
  readonly extendsProps: readonly string[];
  readonly variants: Readonly<Record<string, VariantAxis>>;
  /** The classes every variant shares (cva's first argument, tv's `base`). */
  readonly baseClasses?: string;
  /** Literal classes on its root element (`className="…"`, `cn("…", className)`, a template's `class`). */
  readonly rootClasses?: string;
  /** Whether it renders what it is given (`children`, a `<slot>`). */
  readonly takesChildren: boolean;
  readonly accessibility: ScannedAccessibility;
}
