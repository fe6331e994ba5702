import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AgentChoiceSchema } from '../agents/choice.js';
import { UserError } from '../diagnostics/user-error.js';
import { RunIdSchema } from '../governance/escalation.js';
import { issueLines, RUN_TRIGGERS, RunEntrySchema } from '../governance/run-record.js';
import { writeFileAtomic } from '../io/atomic-write.js';

export const RUNS_DIR = '.dsctl/runs';
export const STATE_SCHEMA = 'dsctl.run-state/v1';

const StepSchema = z.strictObject({
  name: z.string().min(1),
  status: z.enum(['started', 'done']),
  value: z.unknown().optional(),
  command: z.string().optional(),
  /** Agent stages: protected files before the stage (path → sha256 or null), kept until the stage is checked. */
  guard: z.record(z.string(), z.string().nullable()).optional(),
  agent: z
    .strictObject({ driver: z.string(), session_id: z.string().optional(), turns: z.number().optional(), cost_usd: z.number().optional() })
    .optional(),
  /** Agent stages: protected files the guard put back after the stage (the run escalates on them, on resume too). */
  reverted: z
    .array(
      z.strictObject({
        path: z.string(),
        gate: z.string(),
        change: z.enum(['modified', 'created', 'deleted']),
        outcome: z.enum(['reverted', 'allowed']),
        kept: z.string().optional(),
      }),
    )
    .optional(),
});

/** `.dsctl/runs/<run_id>/state.json`: saved after every stage so `dsctl run resume` can continue. */
export const RunStateSchema = z.strictObject({
  schema: z.literal(STATE_SCHEMA),
  run_id: RunIdSchema,
  workflow: z.string(),
  params: z.unknown(),
  trigger: z.enum(RUN_TRIGGERS),
  agent: AgentChoiceSchema.optional(),
  /** A person passed --allow-unsandboxed: agent stages run without the OS sandbox (the guard still checks). Resume keeps the choice. */
  unsandboxed: z.boolean().optional(),
  started_at: z.string(),
  /** running → finishing (the record is decided, not yet in the log) → finished. */
  status: z.enum(['running', 'finishing', 'finished']),
  steps: z.array(StepSchema),
  /** The run record as it goes to the log, once the outcome is decided. */
  entry: RunEntrySchema.optional(),
  /** The workflow's summary and result, for the final report of a resumed run. */
  summary: z.string().optional(),
  result: z.record(z.string(), z.unknown()).optional(),
});

export type RunState = z.output<typeof RunStateSchema>;
export type StepState = z.output<typeof StepSchema>;

export function runDir(root: string, runId: string): string {
  return join(root, RUNS_DIR, runId);
}

export function statePath(root: string, runId: string): string {
  return join(runDir(root, runId), 'state.json');
}

export function saveState(root: string, state: RunState): void {
  writeFileAtomic(statePath(root, state.run_id), `${JSON.stringify(state, null, 2)}\n`);
}

/** Reads a run's state for `dsctl run resume`; an unknown id or a damaged file is a UserError. */
export function readState(root: string, runId: string): RunState {
  const id = RunIdSchema.safeParse(runId);
  if (!id.success) throw new UserError('run/id', `"${runId}" is not a run id (see \`dsctl audit tail\` or ${RUNS_DIR}/)`);
  const path = statePath(root, runId);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UserError('run/unknown', `no run ${runId}: ${RUNS_DIR}/${runId}/state.json does not exist`);
    throw new UserError('run/state', `${path}: ${(error as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UserError('run/state', `${RUNS_DIR}/${runId}/state.json is not JSON (${(error as Error).message}); the run cannot be resumed`);
  }
  const parsed = RunStateSchema.safeParse(value);
  if (!parsed.success) {
    throw new UserError('run/state', `${RUNS_DIR}/${runId}/state.json is not a ${STATE_SCHEMA} state; the run cannot be resumed`, { details: issueLines(parsed.error) });
  }
  return parsed.data;
}
