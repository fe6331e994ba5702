import { z } from 'zod';
import { toPointer } from '../diagnostics/pointer.js';
import { UserError } from '../diagnostics/user-error.js';
import { EscalationSchema, RunIdSchema } from './escalation.js';

export const RUN_SCHEMA = 'dsctl.run/v1';
export const RUN_LEVELS = ['pipeline', 'model-loop', 'observation'] as const;
export const RUN_STATUSES = ['passed', 'escalated', 'failed'] as const;
export const RUN_TRIGGERS = ['manual', 'ci', 'schedule'] as const;

const text = z.string().regex(/\S/, 'expected non-blank text');
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'expected a lower-case hex SHA-256 digest');
const timestamp = z.iso.datetime({ offset: true });

/** What an agent driver spent on the run. */
export const AgentUsageSchema = z.strictObject({
  driver: text.describe('Agent driver id: claude-code, command, scripted, …'),
  session_id: z.string().min(1).optional(),
  turns: z.number().int().min(0).optional(),
  cost_usd: z.number().min(0).optional(),
});

const entryShape = {
  schema: z.literal(RUN_SCHEMA),
  run_id: RunIdSchema,
  workflow: text,
  level: z.enum(RUN_LEVELS),
  status: z.enum(RUN_STATUSES),
  trigger: z.enum(RUN_TRIGGERS),
  commands: z.array(z.string()),
  changed_paths: z.array(z.string()),
  escalation: EscalationSchema.nullable(),
  started_at: timestamp,
  ended_at: timestamp,
  attempts: z.number().int().min(0),
  agent: AgentUsageSchema.optional(),
  sandbox: z
    .enum(['bubblewrap', 'seatbelt', 'none'])
    .optional()
    .describe("How the run's agent stages were confined; none: a person passed --allow-unsandboxed."),
  actor: z
    .strictObject({ name: text, email: z.string() })
    .optional()
    .describe("The person who acted (a gate approval): their git user.name and user.email."),
};

type EntryFields = { [K in keyof typeof entryShape]: z.output<(typeof entryShape)[K]> };

/** Facts that hold across fields: an escalated run carries its escalation, and it belongs to this run. */
function checkRun(run: Pick<EntryFields, 'run_id' | 'workflow' | 'status' | 'escalation' | 'started_at' | 'ended_at'>, ctx: z.RefinementCtx): void {
  if (run.status === 'escalated' && run.escalation === null) {
    ctx.addIssue({ code: 'custom', path: ['escalation'], message: 'an escalated run must carry its escalation payload' });
  }
  if (run.escalation !== null && run.escalation.run_id !== run.run_id) {
    ctx.addIssue({ code: 'custom', path: ['escalation', 'run_id'], message: `expected the run's own id "${run.run_id}"` });
  }
  if (run.escalation !== null && run.escalation.workflow !== run.workflow) {
    ctx.addIssue({ code: 'custom', path: ['escalation', 'workflow'], message: `expected the run's own workflow "${run.workflow}"` });
  }
  if (Date.parse(run.ended_at) < Date.parse(run.started_at)) {
    ctx.addIssue({ code: 'custom', path: ['ended_at'], message: 'expected a time at or after started_at' });
  }
}

/** What a workflow hands to `appendRun`: a run record before the log chains it. */
export const RunEntrySchema = z.strictObject(entryShape).superRefine(checkRun);

/** One line of `.dsctl/runs.jsonl` (schema `dsctl.run/v1`), chained to the line before it. */
export const RunRecordSchema = z
  .strictObject({
    ...entryShape,
    prev: sha256.nullable().describe('hash of the previous record; null for the first'),
    hash: sha256.describe('SHA-256 over the RFC 8785 canonical JSON of this record without `hash`'),
  })
  .superRefine(checkRun);

export type AgentUsage = z.output<typeof AgentUsageSchema>;
export type RunEntry = z.output<typeof RunEntrySchema>;
export type RunRecord = z.output<typeof RunRecordSchema>;
export type RunLevel = (typeof RUN_LEVELS)[number];
export type RunStatus = (typeof RUN_STATUSES)[number];
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

/** `/pointer: message` for each issue, for a UserError's details or a verify reason. */
export function issueLines(error: z.ZodError): string[] {
  return error.issues.map((i) => `${toPointer(i.path.map(String)) || '/'}: ${i.message}`);
}

/** Validates a run entry from outside (a workflow, stdin), or throws a UserError naming each bad field. */
export function parseRunEntry(value: unknown, source = 'run record'): RunEntry {
  const parsed = RunEntrySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new UserError('run/invalid', `${source} is not a valid ${RUN_SCHEMA} record`, { details: issueLines(parsed.error) });
}

/** The record of one thing a person did on purpose (approved a gate, resolved an escalation): no agent, one step. */
export function personActionEntry(input: { readonly runId: string; readonly workflow: string; readonly commands: readonly string[]; readonly changedPaths: readonly string[]; readonly actor: { readonly name: string; readonly email: string }; readonly at: Date }): RunEntry {
  const at = input.at.toISOString();
  return {
    schema: RUN_SCHEMA,
    run_id: input.runId,
    workflow: input.workflow,
    level: 'observation',
    status: 'passed',
    trigger: 'manual',
    commands: [...input.commands],
    changed_paths: [...input.changedPaths],
    escalation: null,
    started_at: at,
    ended_at: at,
    attempts: 1,
    actor: { name: input.actor.name, email: input.actor.email },
  };
}
