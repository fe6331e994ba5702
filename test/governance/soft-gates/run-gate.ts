import type { ChangeView } from '../../../src/governance/soft-gates/change-view.js';
import type { SoftGate } from '../../../src/governance/soft-gates/define.js';

/** The gate's findings on `view` with these policy options (defaults filled in), as `path: reason`. */
export function findings(gate: SoftGate, view: ChangeView, options: Record<string, unknown> = {}): string[] {
  return gate.detect(view, gate.meta.options.parse(options) as Parameters<SoftGate['detect']>[1]).map((f) => `${f.path}: ${f.reason}`);
}
