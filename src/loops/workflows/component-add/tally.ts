import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { AgentResult } from '../../../agents/driver.js';
import { ComponentRunSchema, HANDOFF_DIR, RUN_SUFFIX, type ComponentRun } from '../../../components/run-record.js';
import { writeFileAtomic } from '../../../io/atomic-write.js';
import type { RunContext, StageTask } from '../../workflow.js';
import { RunPaused } from './paused.js';

/** What a run of the component loop has done so far; rebuilt on resume, since finished stages return their saved results. */
export interface Tally {
  cost: number;
  gateRuns: number;
  passes: number;
  failures: number;
  reasons: string[];
  agents: Set<'author' | 'reviewer'>;
}

export function newTally(): Tally {
  return { cost: 0, gateRuns: 0, passes: 0, failures: 0, reasons: [], agents: new Set() };
}

/** An agent stage that ended without finishing its work for a reason other than a limit: the run ends. */
export class AgentStageFailed extends Error {
  override readonly name = 'AgentStageFailed';
  constructor(
    readonly stage: string,
    readonly result: AgentResult,
  ) {
    super(`the agent stage ${stage} ended with ${result.subtype}${result.error ? `: ${result.error}` : ''}`);
  }
}

/** A usage-limit, rate-limit, budget or turn stop: the work is not wrong, only cut short, so the run waits and resumes. */
export function limitStop(result: AgentResult): string | undefined {
  if (result.ok) return undefined;
  if (result.subtype === 'error_max_budget_usd') return 'the budget (loops.maxBudgetUsd) ran out';
  if (result.subtype === 'error_max_turns') return 'the turn limit (loops.maxTurns) was reached';
  if (/usage limit|rate limit|rate_limit|overloaded|\b429\b/i.test(`${result.subtype} ${result.error ?? ''} ${result.text}`)) return 'the agent hit its usage limit';
  return undefined;
}

/**
 * An agent stage of the loop: a limit stop records the run as `incomplete` (its .run.json) and pauses it;
 * `dsctl run resume` runs the stage again under a new name (`<stage>~2`), so the stopped attempt stays in the state.
 */
export async function agentStage(
  ctx: RunContext,
  tally: Tally,
  name: string,
  task: StageTask,
  recordIncomplete: (stoppedBy: string) => ComponentRun,
): Promise<AgentResult> {
  for (let attempt = 1; ; attempt++) {
    const stage = attempt === 1 ? name : `${name}~${attempt}`;
    const result = await ctx.agent(stage, task);
    tally.cost += result.costUsd ?? 0;
    tally.agents.add(task.role);
    if (result.ok) return result;
    const stop = limitStop(result);
    if (stop === undefined) throw new AgentStageFailed(stage, result);
    let fresh = false;
    await ctx.step(`${stage}:stopped`, () => {
      fresh = true;
      return { stoppedBy: stop, record: writeComponentRun(ctx.root, recordIncomplete(stop)) };
    });
    if (fresh) throw new RunPaused(ctx.runId, `${stop} in stage ${stage}; the run is recorded as incomplete`, [`dsctl run resume ${ctx.runId}   (once the usage window or the budget allows)`]);
  }
}

/**
 * Appends the run to `.dsctl/handoff/<Name>.run.json` (an array, oldest first; a file holding one run
 * becomes an array of two), so a run recorded `incomplete` and then finished leaves both records for
 * `dsctl ledger`. A file that is not a run record is replaced: it could not be folded anyway.
 */
export function writeComponentRun(root: string, run: ComponentRun): string {
  const valid = ComponentRunSchema.parse(run);
  const file = `${HANDOFF_DIR}/${valid.component}${RUN_SUFFIX}`;
  const path = join(root, file);
  let earlier: ComponentRun[] = [];
  if (existsSync(path)) {
    try {
      const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
      const parsed = z.array(ComponentRunSchema).safeParse(Array.isArray(value) ? value : [value]);
      if (parsed.success) earlier = parsed.data.filter((r) => r.component === valid.component && !(r.runId === valid.runId && r.ranAt === valid.ranAt));
    } catch {
      earlier = [];
    }
  }
  writeFileAtomic(path, `${JSON.stringify([...earlier, valid], null, 2)}\n`);
  return file;
}
