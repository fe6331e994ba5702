/**
 * Tailwind's own class model, as the detectors read it: what a class name is to Tailwind (its
 * utility, value, modifier and variants) and which CSS declarations it generates. Built from the
 * project's Tailwind design system (see load.ts); every name is classified once per run, and the
 * classifications are kept on disk by the theme's hash (cache.ts).
 */

/** One class name, classified. Plain data: it is what the disk cache holds. */
export interface TailwindClass {
  /** Tailwind generates CSS for it. */
  readonly known: boolean;
  /** The utility: `bg` for `hover:bg-[#3b5998]/90`, `-mt` for `-mt-4`. */
  readonly root?: string;
  /** Printed variants, outermost first: `['dark', 'hover']`. */
  readonly variants: readonly string[];
  /** The arbitrary value, as Tailwind reads it (`#3b5998`, `7px`). */
  readonly arbitrary?: string;
  /** The named value: `slate-900` for `bg-slate-900`. */
  readonly named?: string;
  /** The modifier: `90` for `/90`, `[0.5]` for `/[0.5]`. */
  readonly modifier?: string;
  /** `!p-4` (v3) or `p-4!` (v4). */
  readonly important?: true;
  /** The theme variables its declarations read: `['--color-slate-900']` for `bg-slate-900`. */
  readonly themeKeys?: readonly string[];
  /** The declarations it generates (custom properties left out), theme variables as written: `['background-color', 'var(--color-slate-900)']`. */
  readonly declarations: readonly (readonly [property: string, value: string])[];
}

export interface TailwindModel {
  /** What the model was built from, for coverage notes: `Tailwind 4.3.5, src/app.css`. */
  readonly source: string;
  classify(name: string): TailwindClass;
  /** Defined by the project's CSS or component contracts (`btn`, `card`), not by Tailwind. */
  isComponentClass(name: string): boolean;
  /** A theme variable's value: `--color-slate-900` → `oklch(20.8% 0.042 265.755)`. */
  themeValue(variable: string): string | undefined;
}

/** Why no model was built, said once in the coverage summary. */
export interface TailwindLoad {
  readonly model?: TailwindModel;
  readonly note?: string;
}
