import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentResult } from '../../../agents/driver.js';
import type { ComponentRun } from '../../../components/run-record.js';
import { writeSnapshot, type ComponentSnapshot } from '../../../components/sense.js';
import { writeFileAtomic } from '../../../io/atomic-write.js';
import { sourceTypeOf } from '../../../lint/engine.js';
import { CATALOG } from '../../catalog.js';
import { lintFilesForLoop, violationLine } from '../../lint-stage.js';
import type { CommandOutcome, RunContext, Workflow, WorkflowOutcome } from '../../workflow.js';
import { humanCheckpoint } from './checkpoint.js';
import { changeDiff, changedSince, prHandoff, workTreeState } from '../../../components/pr-handoff.js';
import { componentGate, parseComponentAddParams, reviewPath, type ComponentAddParams } from './params.js';
import { apiProposalPrompt, applyFindingsPrompt, componentFiles, gateFixPrompt, reviewerPrompt, scaffoldPrompt, selfReviewPrompt, visualFixPrompt, type ComponentFiles } from './prompts.js';
import { findingLines, findingsToApply, REVIEW_JSON_SCHEMA, ReviewSchema, type Review } from './review-schema.js';
import { agentStage, AgentStageFailed, newTally, writeComponentRun, type Tally } from './tally.js';
import { visualReviewStage } from './visual-stage.js';

export type { ComponentAddParams } from './params.js';

const AUTHOR_TOOLS = ['Read', 'Grep', 'Glob', 'Write', 'Edit', 'MultiEdit'];
// The reviewer's whole project is read-only in its sandbox; it gets only tools that read.
const REVIEWER_TOOLS = ['Read', 'Grep', 'Glob'];

/**
 * The verified component loop of ADR-007 as code: sense → scaffold → gate (fail-fast, bounded) →
 * risk-tiered review (full: a second agent with a fresh, read-only context; standard: the author on its
 * own diff) → the author applies high and medium findings → gate → visual review by a person → PR.
 * Sequential, at most two agents (author, reviewer), handoffs only through files in .dsctl/handoff/.
 */
export const componentAdd: Workflow<ComponentAddParams> = {
  ...CATALOG['component-add'],

  parseParams: parseComponentAddParams,

  async run(ctx, params) {
    const tally = newTally();
    const startedAt = await ctx.step('start', () => ({ at: new Date().toISOString(), tree: workTreeState(ctx.root) }));
    const sensed = await ctx.step('sense', () => writeSnapshot(ctx.project, params.name), { command: `dsctl component sense ${params.name}` });
    const snapshot = sensed.snapshot;
    const files = componentFiles(snapshot, sensed.file);
    const path = reviewPath(params, snapshot.risk.risk);
    const gate = componentGate(ctx.policy, params.eval);
    ctx.progress(`${snapshot.component}: ${snapshot.risk.risk}, ${path} path; gate: ${gate.commands.length} command(s), at most ${gate.maxRuns} run(s)`);
    const extra: Partial<ComponentRun> = {};
    const record = (outcome: ComponentRun['outcome'], fields: Partial<ComponentRun> = {}): ComponentRun => ({
      component: snapshot.component,
      ranAt: new Date().toISOString(),
      path,
      risk: snapshot.risk.risk,
      gate: { passes: tally.passes, failures: tally.failures, reasons: [...tally.reasons] },
      reviewerFindings: [],
      manualRescues: 0,
      costUsd: Math.round(tally.cost * 1e6) / 1e6,
      outcome,
      runId: ctx.runId,
      agents: tally.agents.size,
      ...extra,
      ...fields,
    });

    let session: string | undefined;
    const author = async (stage: string, prompt: string): Promise<AgentResult> => {
      const result = await agentStage(ctx, tally, stage, { role: 'author', prompt, allowedTools: AUTHOR_TOOLS, readOnly: false, ...(session ? { resumeSession: session } : {}) }, (stop) => record('incomplete', { stoppedBy: stop }));
      session = result.sessionId ?? session;
      return result;
    };

    try {
      // A greenfield component has no contract: a person approves its API before code is written.
      let apiNote: string | undefined;
      if (snapshot.contract) extra.apiProposal = 'contract';
      else if (params.eval) extra.apiProposal = 'skipped-eval';
      else {
        const proposal = `.dsctl/handoff/${snapshot.component}.api-proposal.md`;
        await author('propose-api', apiProposalPrompt(snapshot, proposal));
        const answer = await humanCheckpoint(ctx, 'api-proposal', () => ({
          escalation: {
            stuck_reason: `${snapshot.component} is a greenfield component: its API needs a person's approval before code is written`,
            severity: 'warn',
            proposed_diff: proposal,
            evidence: [`proposal: ${proposal}`, `snapshot: ${files.snapshot}`],
            human_question: `Is the proposed API of ${snapshot.component} right? Answer "approved" or "changes-requested: <what to change>".`,
          },
        }));
        extra.apiProposal = answer.answer;
        if (answer.answer === 'changes-requested') {
          apiNote = answer.note;
          extra.manualRescues = (extra.manualRescues ?? 0) + 1;
        }
      }

      await author('scaffold', scaffoldPrompt(snapshot, files, gate.commands, apiNote));
      if (!(await gateUntilGreen(ctx, tally, gate, author))) return gateFailed(ctx, snapshot, tally, gate.maxRuns, record);

      // Review: the reviewer's JSON (or the author's own, on the standard path), written by the runner.
      const written = await ctx.step('written', () => componentChanges(ctx, startedAt.tree, files));
      const lint = await ctx.step('review-lint', async () => (await lintFilesForLoop(ctx.project, written.filter((f) => sourceTypeOf(f) !== undefined))).flatMap((l) => l.violations.map((v) => violationLine(l.file, v))));
      const reviewed = await (path === 'full'
        ? agentStage(ctx, tally, 'review', { role: 'reviewer', prompt: reviewerPrompt(snapshot, files, written, lint), allowedTools: REVIEWER_TOOLS, readOnly: true, outputSchema: REVIEW_JSON_SCHEMA }, (stop) => record('incomplete', { stoppedBy: stop }))
        : author('self-review', selfReviewPrompt(snapshot, written, lint, await ctx.step('review-diff', () => changeDiff(ctx.root, written)))));
      const review = await ctx.step('review-record', () => writeReview(ctx, snapshot, path, reviewed, lint));
      if ('invalid' in review) return invalidReview(ctx, snapshot, review.invalid, record);
      const toApply = findingsToApply(review.review);
      extra.reviewerFindings = path === 'full' ? findingLines(review.review) : [];
      if (toApply.length) {
        ctx.progress(`review: ${toApply.length} high/medium finding(s) for the author`);
        await author('apply-review', applyFindingsPrompt(toApply, review.file));
        if (!(await gateUntilGreen(ctx, tally, gate, author))) return gateFailed(ctx, snapshot, tally, gate.maxRuns, record);
      }

      // A person looks at every variant and state, light and dark; --eval skips the checkpoint.
      let screenshots: string | undefined;
      if (params.eval) extra.visualReview = 'skipped-eval';
      else {
        const notes: string[] = [];
        for (let round = 1; ; round++) {
          const answer = await visualReviewStage(ctx, snapshot, files, round);
          screenshots = answer.markdown;
          extra.visualReview = answer.answer;
          if (answer.answer === 'approved') break;
          notes.push(answer.note);
          extra.visualNotes = [...notes];
          // A person had to step in: the ledger's manual rescues.
          extra.manualRescues = (extra.manualRescues ?? 0) + 1;
          await author(`visual-fix-${round}`, visualFixPrompt(answer.note, answer.shots));
          if (!(await gateUntilGreen(ctx, tally, gate, author))) return gateFailed(ctx, snapshot, tally, gate.maxRuns, record);
        }
      }

      const changed = await ctx.step('changed', () => componentChanges(ctx, startedAt.tree, files));
      const pr = params.eval ? undefined : await ctx.step('pr', () => prHandoff({ root: ctx.root, runId: ctx.runId, component: snapshot.component, files: changed, review: review.file, ...(screenshots ? { screenshots } : {}) }));
      const run = await ctx.step('record', () => {
        const r = record('clean');
        return { file: writeComponentRun(ctx.root, r), run: r };
      });
      return {
        status: 'passed',
        summary: `${snapshot.component}: clean after ${tally.gateRuns} gate run(s) on the ${path} path${params.eval ? ' (eval: nothing committed)' : pr ? `; ${pr.summary}` : ''}`,
        attempts: tally.gateRuns,
        changedPaths: changed,
        result: { component: snapshot.component, risk: snapshot.risk.risk, path, outcome: 'clean', agents: [...tally.agents], gateRuns: tally.gateRuns, review: review.file, run: run.file, snapshot: files.snapshot, ...(pr ? { pr } : {}), eval: params.eval },
      };
    } catch (error) {
      if (!(error instanceof AgentStageFailed)) throw error;
      const file = await ctx.step('record', () => writeComponentRun(ctx.root, record('incomplete', { stoppedBy: error.message })));
      return {
        status: 'failed',
        summary: error.message,
        attempts: tally.gateRuns,
        changedPaths: [],
        escalation: {
          stuck_reason: error.message,
          severity: 'error',
          proposed_diff: '',
          evidence: [error.message, `run record: ${file}`],
          human_question: 'Is the agent set up correctly (driver, budget, turns), or should this component be written by hand?',
        },
        result: { component: snapshot.component, outcome: 'incomplete', run: file },
      };
    }
  },
};

/** Runs the gate until it passes, bouncing each failure back to the author; false when the runs are used up. */
async function gateUntilGreen(ctx: RunContext, tally: Tally, gate: { commands: readonly string[]; maxRuns: number }, author: (stage: string, prompt: string) => Promise<AgentResult>): Promise<boolean> {
  for (;;) {
    if (tally.gateRuns >= gate.maxRuns) return false;
    tally.gateRuns += 1;
    const run = tally.gateRuns;
    const failure = await gateOnce(ctx, gate.commands, run);
    if (failure === undefined) {
      tally.passes += 1;
      ctx.progress(`gate run ${run}: passed`);
      return true;
    }
    tally.failures += 1;
    tally.reasons.push(`\`${failure.command}\` exited ${failure.exitCode}${firstLine(failure.tail)}`);
    ctx.progress(`gate run ${run}: ${failure.command} failed (exit ${failure.exitCode})`);
    if (tally.gateRuns >= gate.maxRuns) return false;
    await author(`gate-fix-${run}`, gateFixPrompt(failure, run, gate.maxRuns));
  }
}

/** One gate run: the commands in order; the first failure stops it (fail-fast). */
async function gateOnce(ctx: RunContext, commands: readonly string[], run: number): Promise<CommandOutcome | undefined> {
  for (const [i, command] of commands.entries()) {
    const outcome = await ctx.shell(`gate-${run}.${i + 1}`, command);
    if (outcome.exitCode !== 0) return outcome;
  }
  return undefined;
}

function firstLine(tail: string): string {
  const line = tail.split(/\r?\n/).map((l) => l.trim()).find((l) => /error|fail|✖|×/i.test(l)) ?? tail.split(/\r?\n/).find((l) => l.trim() !== '');
  return line ? `: ${line.trim().slice(0, 200)}` : '';
}

/** Files the run changed (project-relative), .dsctl/ left out; the component's own files when there is no git. */
function componentChanges(ctx: RunContext, before: ReturnType<typeof workTreeState>, files: ComponentFiles): string[] {
  const changed = changedSince(ctx.root, before);
  if (changed !== undefined) return changed;
  return [files.target, files.a11yTest, files.preview].filter((f) => existsSync(join(ctx.root, f)));
}

type ReviewRecord = { file: string; review: Review } | { invalid: string[] };

/** Checks the review's JSON against the schema and writes `.dsctl/handoff/<Name>.review.json` (the runner, never the agent). */
function writeReview(ctx: RunContext, snapshot: ComponentSnapshot, path: 'full' | 'standard', result: AgentResult, lint: readonly string[]): ReviewRecord {
  let value = result.structuredOutput;
  if (value === undefined) {
    try {
      value = JSON.parse(result.text.replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      return { invalid: ['the review answer is not JSON'] };
    }
  }
  const parsed = ReviewSchema.safeParse(value);
  if (!parsed.success) return { invalid: parsed.error.issues.map((i) => `/${i.path.join('/')}: ${i.message}`) };
  if (parsed.data.component !== snapshot.component || parsed.data.path !== path) {
    return { invalid: [`the review is of ${parsed.data.component} on the ${parsed.data.path} path; expected ${snapshot.component} on the ${path} path`] };
  }
  const review: Review = { ...parsed.data, lint: [...new Set([...parsed.data.lint, ...lint])] };
  const file = `.dsctl/handoff/${snapshot.component}.review.json`;
  writeFileAtomic(join(ctx.root, file), `${JSON.stringify(review, null, 2)}\n`);
  return { file, review };
}

function gateFailed(ctx: RunContext, snapshot: ComponentSnapshot, tally: Tally, maxRuns: number, record: (o: ComponentRun['outcome']) => ComponentRun): Promise<WorkflowOutcome> {
  return ctx
    .step('record', () => {
      const r = record('gate-failed');
      return { file: writeComponentRun(ctx.root, r), run: r };
    })
    .then(({ file }) => ({
      status: 'escalated' as const,
      summary: `${snapshot.component}: the gate failed ${tally.failures} time(s) in ${tally.gateRuns} run(s) (at most ${maxRuns}): gate-failed`,
      attempts: tally.gateRuns,
      changedPaths: [],
      escalation: {
        stuck_reason: `the gate still fails after ${tally.gateRuns} run(s) (at most ${maxRuns})`,
        severity: 'error' as const,
        proposed_diff: `${snapshot.target} (the author's last version, left in place)`,
        evidence: [...tally.reasons, `run record: ${file}`],
        human_question: `Should a person finish ${snapshot.component} by hand, or does the contract (or the gate) need to change first?`,
      },
      result: { component: snapshot.component, outcome: 'gate-failed', gateRuns: tally.gateRuns, run: file },
    }));
}

function invalidReview(ctx: RunContext, snapshot: ComponentSnapshot, problems: readonly string[], record: (o: ComponentRun['outcome'], f?: Partial<ComponentRun>) => ComponentRun): Promise<WorkflowOutcome> {
  return ctx
    .step('record', () => writeComponentRun(ctx.root, record('incomplete', { stoppedBy: 'the review answer did not match the review schema' })))
    .then((file) => ({
      status: 'failed' as const,
      summary: `${snapshot.component}: the review answer did not match the review schema`,
      attempts: 0,
      changedPaths: [],
      escalation: {
        stuck_reason: 'the review answer did not match the review schema',
        severity: 'error' as const,
        proposed_diff: '',
        evidence: [...problems, `run record: ${file}`],
        human_question: 'Re-run the review (dsctl component add again), or review the component by hand?',
      },
      result: { component: snapshot.component, outcome: 'incomplete', run: file },
    }));
}
