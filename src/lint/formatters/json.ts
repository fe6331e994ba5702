import type { FormatInput } from './types.js';

/** The `data` of the `dsctl/lint` envelope. */
export function lintJsonData(input: FormatInput): Record<string, unknown> {
  return {
    errorCount: input.errorCount,
    warnCount: input.warnCount,
    fileProblemCount: input.fileProblemCount,
    coverage: input.coverage,
    ...(input.baseline ? { baseline: input.baseline } : {}),
    results: input.reports.map((r) => ({ file: r.file, ...(r.problem ? { problem: r.problem } : {}), ...(r.result ?? {}) })),
  };
}
