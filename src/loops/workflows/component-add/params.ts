import { UserError } from '../../../diagnostics/user-error.js';
import type { Policy } from '../../../project/policy-schema.js';
import type { Project } from '../../../project/project.js';
import { componentName } from '../../../components/sense.js';
import type { RawParams } from '../../workflow.js';

/** `--review` forces the full path, `--no-review` the standard one; `auto` decides by risk. */
export type ReviewChoice = 'auto' | 'full' | 'standard';

export interface ComponentAddParams {
  readonly name: string;
  readonly review: ReviewChoice;
  /** `--eval`: the ablation's arm (ADR-007): full path always, no human checkpoints, 5 gate runs, no commit. */
  readonly eval: boolean;
}

/** `--eval` always allows this many gate runs, whatever the policy says. */
export const EVAL_GATE_RUNS = 5;
const DEFAULT_GATE_RUNS = 3;

/** Flags of `dsctl component add` as `dsctl run component-add` passes them: name, review (full|standard|auto), eval (true). */
export function parseComponentAddParams(raw: RawParams, project: Project): ComponentAddParams {
  if (!raw.name) throw new UserError('run/params', 'component-add needs a component name: dsctl component add <Name> [--review | --no-review | --eval]');
  const review = raw.review ?? 'auto';
  if (review !== 'auto' && review !== 'full' && review !== 'standard') throw new UserError('run/params', `review must be auto, full or standard, got "${review}"`);
  const evalRun = raw.eval === 'true';
  if (evalRun && review === 'standard') throw new UserError('usage/component-add', '--eval always takes the full path (the reviewer is always on); it cannot be combined with --no-review');
  return { name: componentName(project, raw.name), review, eval: evalRun };
}

/** ADR-007 (2026-10-09): --eval and --review → full; --no-review → standard; otherwise interactive → full, display → standard. */
export function reviewPath(params: Pick<ComponentAddParams, 'review' | 'eval'>, risk: 'interactive' | 'display'): 'full' | 'standard' {
  if (params.eval) return 'full';
  if (params.review !== 'auto') return params.review;
  return risk === 'interactive' ? 'full' : 'standard';
}

/** The gate's commands and how many runs it gets (`componentGate` is a list, or {commands, maxRuns}). */
export function componentGate(policy: Policy, evalRun: boolean): { commands: readonly string[]; maxRuns: number } {
  const gate = policy.componentGate;
  const commands = Array.isArray(gate) ? gate : gate.commands;
  const maxRuns = Array.isArray(gate) ? DEFAULT_GATE_RUNS : gate.maxRuns;
  return { commands, maxRuns: evalRun ? EVAL_GATE_RUNS : maxRuns };
}
