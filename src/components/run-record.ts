import { z } from 'zod';

/** Where the component loop leaves one run's record: `.dsctl/handoff/<Name>.run.json` (project-relative). */
export const HANDOFF_DIR = '.dsctl/handoff';
export const RUN_SUFFIX = '.run.json';

const text = z.string().regex(/\S/, 'expected non-blank text');
const count = z.number().int().min(0);

/**
 * One run of the verified component loop (ADR-007): what the gate said, what the reviewer found beyond
 * it, what a person had to rescue, what it cost, and how it ended. `path` full = with the adversarial
 * reviewer, standard = the in-session path; `risk` is `componentRisk` at the time of the run.
 */
export const ComponentRunSchema = z.strictObject({
  component: z.string().regex(/^[A-Z][A-Za-z0-9]*$/, 'expected the component name in PascalCase'),
  ranAt: z.iso.datetime({ offset: true }),
  path: z.enum(['full', 'standard']),
  risk: z.enum(['interactive', 'display']),
  gate: z.strictObject({
    passes: count.describe('Gate runs that passed.'),
    failures: count.describe('Gate runs that failed and bounced back to the scaffold stage: the retries.'),
    reasons: z.array(text).describe('Why each failed run failed.'),
  }),
  reviewerFindings: z.array(text).describe("The reviewer's findings that the gate did not catch."),
  manualRescues: count.describe('Times a person had to step in.'),
  costUsd: z.number().min(0),
  outcome: z.enum(['clean', 'gate-failed', 'changes-required', 'incomplete']),
  // Optional, so records written before `dsctl component add` existed still fold.
  runId: z.string().min(1).optional().describe('The loop runner\'s run id (`dsctl run resume` takes it).'),
  agents: z.number().int().min(0).max(2).optional().describe('Agent sessions the run used: 1 (author) or 2 (author and reviewer).'),
  apiProposal: z.enum(['contract', 'approved', 'changes-requested', 'skipped-eval']).optional().describe('contract: the committed contract is the API; otherwise a person\'s answer to the proposal.'),
  visualReview: z.enum(['approved', 'changes-requested', 'skipped-eval', 'pending']).optional().describe("A person's answer at the visual review; skipped-eval in --eval runs."),
  visualNotes: z.array(text).optional().describe("The person's notes at each visual review that asked for changes."),
  stoppedBy: text.optional().describe('incomplete runs: what stopped the agent (usage limit, budget, turns).'),
});

export type ComponentRun = z.output<typeof ComponentRunSchema>;

/** The committed ledger: every folded run, append-only. */
export const RunLedgerSchema = z.strictObject({
  $schema: z.string().optional(),
  version: z.literal(1),
  entries: z.array(ComponentRunSchema),
});

export type RunLedger = z.output<typeof RunLedgerSchema>;

/** `Button@2026-11-30T08:25:42Z`: one run, the ledger's dedup key. */
export function runKey(run: Pick<ComponentRun, 'component' | 'ranAt'>): string {
  return `${run.component}@${run.ranAt}`;
}
