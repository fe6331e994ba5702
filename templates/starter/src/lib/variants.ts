/**
 * A small class-variance recipe, shaped like class-variance-authority's `cva`, so the library needs
 * no runtime dependency. `dsctl check` reads these calls to compare each component's variants,
 * defaults and tokens with its contract: keep the config a literal object.
 */
type Axes = Record<string, Record<string, string>>;

export type Selection<A extends Axes> = { [K in keyof A]?: keyof A[K] | undefined };

export interface Recipe<A extends Axes> {
  (selection?: Selection<A>): string;
  readonly axes: A;
}

/** The props a recipe adds to a component: one optional prop per axis. */
export type VariantProps<R> = R extends Recipe<infer A> ? Selection<A> : never;

export function cva<A extends Axes>(base: string, config: { variants: A; defaultVariants: { [K in keyof A]: keyof A[K] } }): Recipe<A> {
  const recipe = (selection: Selection<A> = {}) => {
    const parts = [base];
    for (const axis of Object.keys(config.variants) as (keyof A)[]) {
      const option = selection[axis] ?? config.defaultVariants[axis];
      parts.push(config.variants[axis]?.[option as string] ?? '');
    }
    return cx(...parts);
  };
  return Object.assign(recipe, { axes: config.variants });
}

/** Joins class lists, dropping empty and false values. */
export function cx(...classes: readonly (string | false | null | undefined)[]): string {
  return classes.filter((c): c is string => typeof c === 'string' && c.trim() !== '').join(' ').replace(/\s+/g, ' ').trim();
}
