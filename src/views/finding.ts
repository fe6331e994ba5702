import type { Problem } from '../diagnostics/problem.js';

/** One drift finding: dsctl's one finding shape, always saying whether `dsctl build` would repair it. */
export type DriftFinding = Problem & { readonly fixable: boolean };
