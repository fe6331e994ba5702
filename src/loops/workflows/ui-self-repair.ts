import { relative, resolve } from 'node:path';
import { UserError } from '../../diagnostics/user-error.js';
import { createGateMatcher } from '../../governance/gates.js';
import { sourceTypeOf } from '../../lint/engine.js';
import { LINT_CLEAN_LABEL } from '../../lint/types.js';
import type { Project } from '../../project/project.js';
import { findingsSignature, lintFilesForLoop, violationLine, type FileLintSummary } from '../lint-stage.js';
import { CATALOG } from '../catalog.js';
import type { RunContext, Workflow, WorkflowOutcome } from '../workflow.js';
import { relativeInside } from '../../io/paths.js';

export interface UiSelfRepairParams {
  /** Project-relative, `/`-separated. */
  readonly target: string;
  readonly prompt: string;
}

/** What W1 hands a person: never "approved". */
export const DRAFT_LABEL = `${LINT_CLEAN_LABEL} / brand not approved`;

// dsctl's MCP tools (the runner gives claude-code sessions `dsctl mcp`): the contracts and the checker.
const AUTHOR_TOOLS = ['Read', 'Grep', 'Glob', 'Write', 'Edit', 'MultiEdit', 'mcp__dsctl__get_rules', 'mcp__dsctl__get_component', 'mcp__dsctl__list_components', 'mcp__dsctl__get_token', 'mcp__dsctl__search_tokens', 'mcp__dsctl__check_html'];

export const uiSelfRepair: Workflow<UiSelfRepairParams> = {
  ...CATALOG['ui-self-repair'],

  parseParams(raw, project) {
    if (!raw.target) throw new UserError('run/params', 'ui-self-repair needs --target FILE: the UI file the agent writes');
    if (!raw.prompt) throw new UserError('run/params', 'ui-self-repair needs --prompt TEXT (or --prompt-file FILE): what UI to write');
    const target = projectFile(project, raw.target, raw.cwd ?? project.root);
    if (sourceTypeOf(target) === undefined) {
      throw new UserError('run/params', `--target ${raw.target}: not a UI file dsctl can lint (html, jsx, tsx, vue, css)`);
    }
    const hit = createGateMatcher(project.root, project.policy).match(target);
    if (hit) throw new UserError('run/params', `--target ${raw.target} is protected by hard gate "${hit.gate.id}": ${hit.gate.reason}`);
    return { target, prompt: raw.prompt };
  },

  async run(ctx, params) {
    const { target } = params;
    const { maxRepairAttempts, stuckAfterRepeats } = ctx.policy.loops;
    const contracts = contractsFor(ctx.project, params);
    const lints: FileLintSummary[] = [];
    let session: string | undefined;

    for (let attempt = 0; attempt <= maxRepairAttempts; attempt++) {
      const previous = lints[lints.length - 1];
      const prompt = previous === undefined ? authorPrompt(ctx, params, contracts) : repairPrompt(params, previous, attempt, maxRepairAttempts);
      const result = await ctx.agent(attempt === 0 ? 'author' : `repair-${attempt}`, {
        role: 'author',
        prompt,
        allowedTools: AUTHOR_TOOLS,
        readOnly: false,
        ...(session ? { resumeSession: session } : {}),
      });
      session = result.sessionId ?? session;
      if (!result.ok) {
        return failed(params, attempt, `the agent session ended with ${result.subtype}${result.error ? `: ${result.error}` : ''}`, lints);
      }
      const [lint] = await ctx.step(`lint-${attempt}`, () => lintFilesForLoop(ctx.project, [target]), { command: `dsctl lint ${target}` });
      if (lint === undefined) throw new Error('lintFilesForLoop returned nothing');
      if (!lint.read) return failed(params, attempt, `the agent did not leave ${target}: ${lint.problem ?? 'unreadable'}`, lints);
      lints.push(lint);
      ctx.progress(`attempt ${attempt}: ${lint.errorCount} error(s), ${lint.warnCount} warning(s) in ${target}`);
      if (lint.errorCount === 0) return passed(params, attempt, lint, contracts);

      const recent = lints.slice(-stuckAfterRepeats).map((l) => findingsSignature(l.violations.filter((v) => v.severity === 'error')));
      if (stuckAfterRepeats > 1 && recent.length === stuckAfterRepeats && recent.every((s) => s === recent[0])) {
        return escalated(params, attempt, lints, `the same ${lint.errorCount} error(s) came back ${stuckAfterRepeats} times in a row: the agent is stuck`);
      }
    }
    const last = lints[lints.length - 1];
    return escalated(params, maxRepairAttempts, lints, `${last?.errorCount ?? 0} error(s) remain after ${maxRepairAttempts} repair attempt(s) (loops.maxRepairAttempts)`);
  },
};

/** A path given on the command line, as a project-relative `/` path inside the project. */
export function projectFile(project: Project, given: string, cwd: string): string {
  const abs = resolve(cwd, given);
  const rel = relativeInside(project.root, abs);
  if (rel === undefined || rel === '') throw new UserError('run/params', `${given} is outside the project (${project.root})`);
  return rel;
}

/** The contracts the agent is pointed at: DESIGN.md, the rules, and the components the prompt names (all of them when none is named). */
function contractsFor(project: Project, params: UiSelfRepairParams): string[] {
  const text = params.prompt.toLowerCase();
  const named = project.components.components.filter(({ contract }) => text.includes(contract.id.toLowerCase()) || text.includes(contract.name.toLowerCase()));
  const components = (named.length > 0 ? named : project.components.components).map((c) => relative(project.root, c.file).split('\\').join('/'));
  return [project.config.designMd, project.config.contracts.rules, project.config.contracts.tokens, ...components];
}

function authorPrompt(ctx: RunContext, params: UiSelfRepairParams, contracts: readonly string[]): string {
  const name = ctx.project.config.name ?? 'this';
  return [
    `Write UI for the ${name} design system.`,
    '',
    `Task: ${params.prompt}`,
    '',
    `Write the result to ${params.target} and change no other file.`,
    'Use only what the design system defines. Read these first:',
    ...contracts.map((c) => `- ${c}`),
    '',
    'dsctl lints the file when you finish and sends back every error with its line and the alternative to use.',
    `Hard-gated files (${ctx.policy.hardGates.flatMap((g) => g.paths).join(', ')}) are read-only for you: a change to them is reverted and stops the run.`,
  ].join('\n');
}

function repairPrompt(params: UiSelfRepairParams, lint: FileLintSummary, attempt: number, max: number): string {
  const errors = lint.violations.filter((v) => v.severity === 'error');
  return [
    `dsctl lint found ${errors.length} error(s) in ${params.target} (repair attempt ${attempt} of ${max}).`,
    'Fix each one in place, using the alternative given; keep everything else as it is.',
    '',
    ...errors.map((v) => `- ${violationLine(params.target, v)}`),
    '',
    'Do not weaken or work around the rules; if a finding cannot be fixed, say why in your answer.',
  ].join('\n');
}

function summarise(lint: FileLintSummary | undefined) {
  return lint === undefined
    ? undefined
    : { errorCount: lint.errorCount, warnCount: lint.warnCount, violations: lint.violations.map((v) => violationLine(lint.file, v)) };
}

function history(lints: readonly FileLintSummary[]): string[] {
  return lints.map((l, i) => `${i === 0 ? 'first draft' : `repair ${i}`}: ${l.errorCount} error(s), ${l.warnCount} warning(s)`);
}

function passed(params: UiSelfRepairParams, attempt: number, lint: FileLintSummary, contracts: readonly string[]): WorkflowOutcome {
  return {
    status: 'passed',
    summary: `${params.target}: ${DRAFT_LABEL} after ${attempt} repair attempt(s)${lint.warnCount ? ` (${lint.warnCount} warning(s) left)` : ''}`,
    attempts: attempt,
    changedPaths: [params.target],
    result: {
      label: DRAFT_LABEL,
      target: params.target,
      contracts,
      lint: summarise(lint),
      notAutomated: lint.notAutomated.map((n) => `${n.ruleId} (${n.automationStatus})`),
    },
  };
}

function escalated(params: UiSelfRepairParams, attempt: number, lints: readonly FileLintSummary[], reason: string): WorkflowOutcome {
  const last = lints[lints.length - 1];
  const errors = last ? last.violations.filter((v) => v.severity === 'error').map((v) => violationLine(last.file, v)) : [];
  return {
    ...stopped('escalated', params, attempt, reason, {
      proposed_diff: `${params.target} (the agent's last version, left in place)`,
      evidence: [...errors, ...history(lints)],
      human_question: `Should the remaining findings in ${params.target} be fixed by hand, accepted as an exception (a baseline entry, which a person writes), or do the rules need to change?`,
    }),
    result: { target: params.target, lint: summarise(last) },
  };
}

function failed(params: UiSelfRepairParams, attempt: number, reason: string, lints: readonly FileLintSummary[]): WorkflowOutcome {
  return stopped('failed', params, attempt, reason, {
    proposed_diff: '',
    evidence: [reason, ...history(lints)],
    human_question: 'Is the agent set up correctly (driver, budget, turns), or should this UI be written by hand?',
  });
}

/** An outcome that hands the target to a person: the reason is the summary and the escalation's stuck reason. */
function stopped(status: 'escalated' | 'failed', params: UiSelfRepairParams, attempt: number, reason: string, escalation: { proposed_diff: string; evidence: string[]; human_question: string }): WorkflowOutcome {
  return { status, summary: reason, attempts: attempt, changedPaths: [params.target], escalation: { stuck_reason: reason, severity: 'error', ...escalation } };
}
