import type { Config } from '../project/config-schema.js';
import type { Project } from '../project/project.js';
import type { RegionSyntax } from './regions.js';

export type ViewName = keyof Config['views'];

/** How a view's output is compared when it drifts: by key paths (yaml, json, css) or by lines (text). */
export type ViewFormat = 'yaml' | 'json' | 'css' | 'text';

/**
 * Where a key of the output came from: `colors.brand-600` → `color.brand.600`. Keys are dotted
 * paths for yaml/json and `<selector> <property>` for css (`:root --color-brand-600`).
 */
export type Origins = ReadonlyMap<string, string>;

/** What a view generates: a whole file, the front matter of a Markdown file, or regions inside one. */
export type ViewOutput =
  | { readonly kind: 'file'; readonly path: string; readonly text: string; readonly format: ViewFormat; readonly origins?: Origins }
  | { readonly kind: 'front-matter'; readonly path: string; readonly yaml: string; readonly origins?: Origins }
  | {
      readonly kind: 'regions';
      readonly path: string;
      readonly regions: readonly { readonly name: string; readonly text: string }[];
      /** How the file fences its regions: Markdown comments (default) or `#` comment lines. */
      readonly syntax?: RegionSyntax;
    };

/**
 * One generated view. `generate` is pure and deterministic: no timestamps, stable key order, so a
 * regeneration without source changes is byte-identical. Paths are project-relative.
 */
export interface ViewDefinition {
  readonly name: ViewName;
  readonly description: string;
  /** The project files this view is generated from (must exist), project-relative. */
  sources(project: Project): readonly string[];
  generate(project: Project): readonly ViewOutput[];
}
