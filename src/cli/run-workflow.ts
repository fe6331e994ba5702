import { resolve } from 'node:path';
import { chooseAgent } from '../agents/select.js';
import { UserError } from '../diagnostics/user-error.js';
import { RUN_TRIGGERS, type RunTrigger } from '../governance/run-record.js';
import { readText } from '../io/read-text.js';
import { findWorkflow, WORKFLOWS } from '../loops/registry.js';
import { resumeRun, startRun, type RunOptions, type RunReport } from '../loops/runner.js';
import { RunInterrupted } from '../loops/workflow.js';
import { RunPaused } from '../loops/workflows/component-add/paused.js';
import { loadValidProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface RunWorkflowOptions {
  readonly target?: string;
  readonly prompt?: string;
  readonly promptFile?: string;
  readonly agent?: string;
  readonly script?: string;
  readonly agentCommand?: string;
  readonly trigger?: string;
  readonly allowUnsandboxed?: boolean;
  readonly json?: boolean;
}

/** `dsctl run <workflow>`: one run, one audit record. Exit 0 passed, 1 escalated or failed, 2 bad usage. */
export async function runWorkflow(ctx: CommandContext, name: string, options: RunWorkflowOptions): Promise<number> {
  const { io } = ctx;
  const workflow = findWorkflow(name);
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  if (options.prompt !== undefined && options.promptFile !== undefined) throw new UserError('usage/prompt', 'give --prompt or --prompt-file, not both');
  const prompt = options.promptFile === undefined ? options.prompt : readText(resolve(io.cwd, options.promptFile), options.promptFile, 'prompt file');
  const agent = workflow.level === 'model-loop' ? chooseAgent(project, { driver: options.agent, script: options.script, command: options.agentCommand }, io.cwd) : undefined;
  const raw = { cwd: io.cwd, target: options.target, prompt, dsctlBin: process.argv[1] };
  return withInterrupt(ctx, options, (runOptions) => startRun(project, workflow, raw, { ...runOptions, trigger: trigger(options.trigger), agent, allowUnsandboxed: options.allowUnsandboxed === true }));
}

/** `dsctl run resume <run-id>`: continue a run after a crash or Ctrl-C. */
export async function runResume(ctx: CommandContext, runId: string, options: Pick<RunWorkflowOptions, 'json'>): Promise<number> {
  const project = loadValidProject({ cwd: ctx.io.cwd, configPath: ctx.configPath });
  return withInterrupt(ctx, options, (runOptions) => resumeRun(project, WORKFLOWS, runId, runOptions));
}

/** `dsctl drift --heal`: W2 drift-repair. */
export function runHeal(ctx: CommandContext, options: Pick<RunWorkflowOptions, 'json' | 'trigger'>): Promise<number> {
  return runWorkflow(ctx, 'drift-repair', options);
}

function trigger(given: string | undefined): RunTrigger | undefined {
  if (given === undefined) return undefined;
  if (!(RUN_TRIGGERS as readonly string[]).includes(given)) throw new UserError('usage/trigger', `--trigger must be one of ${RUN_TRIGGERS.join(', ')}, got "${given}"`);
  return given as RunTrigger;
}

/** Ctrl-C stops the current stage and leaves the run resumable (exit 130), instead of killing it mid-write. A paused run (a human checkpoint, a usage stop) exits 1 and says what it waits for. */
export async function withInterrupt(ctx: CommandContext, options: Pick<RunWorkflowOptions, 'json'>, run: (o: RunOptions) => Promise<RunReport>): Promise<number> {
  const { io } = ctx;
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const c = io.err;
  try {
    const report = await run({
      signal: controller.signal,
      commands: ctx.commands,
      dsctlBin: process.argv[1],
      onProgress: options.json ? undefined : (line) => io.stderr(`${c.dim('·')} ${line}\n`),
    });
    printReport(ctx, report, options.json === true);
    return report.status === 'passed' ? 0 : 1;
  } catch (error) {
    if (error instanceof RunPaused) {
      printPaused(ctx, error, options.json === true);
      return 1;
    }
    if (error instanceof RunInterrupted) {
      io.stderr(`${c.yellow('interrupted')}: nothing is recorded yet; continue with ${c.bold(`dsctl run resume ${error.runId}`)}\n`);
      return 130;
    }
    throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function printPaused(ctx: CommandContext, paused: RunPaused, json: boolean): void {
  const { io } = ctx;
  if (json) {
    printEnvelope(io, 'run', false, { run_id: paused.runId, status: 'paused', summary: paused.reason, next: paused.next, escalation: paused.escalation ?? null });
    return;
  }
  const c = io.err;
  io.stdout(`${paused.runId}\n`);
  io.stderr(`${c.yellow('⏸')} ${c.yellow('paused')}: ${paused.reason}\n`);
  if (paused.escalation) io.stderr(`  ${c.dim('escalation:')} ${paused.escalation.json} (Markdown: ${paused.escalation.markdown})\n`);
  for (const step of paused.next) io.stderr(`  ${c.dim('then:')} ${step}\n`);
}

function printReport(ctx: CommandContext, report: RunReport, json: boolean): void {
  const { io } = ctx;
  if (json) {
    printEnvelope(io, 'run', report.status === 'passed', {
      run_id: report.runId,
      workflow: report.workflow,
      status: report.status,
      summary: report.summary,
      resumed: report.resumed,
      record: report.record,
      escalation: report.escalation,
      result: report.result ?? null,
      files: report.files,
    });
    return;
  }
  const c = io.err;
  const mark = report.status === 'passed' ? c.green('✔') : report.status === 'escalated' ? c.yellow('▲') : c.red('✖');
  const status = report.status === 'passed' ? c.green(report.status) : report.status === 'escalated' ? c.yellow(report.status) : c.red(report.status);
  io.stdout(`${report.runId}\n`);
  io.stderr(`${mark} ${report.workflow} ${status}: ${report.summary}\n`);
  const label = report.result?.label;
  if (typeof label === 'string') io.stderr(`  ${c.bold(label)}: a person reviews brand, layout and product fit\n`);
  const notAutomated = report.result?.notAutomated;
  if (Array.isArray(notAutomated) && notAutomated.length) io.stderr(`  ${c.dim('not checked automatically:')} ${notAutomated.join(', ')}\n`);
  if (report.escalation) {
    io.stderr(`  ${c.yellow('question:')} ${report.escalation.human_question}\n`);
    for (const e of report.escalation.evidence.slice(0, 10)) io.stderr(`  ${c.dim('•')} ${e}\n`);
    if (report.escalation.evidence.length > 10) io.stderr(`  ${c.dim(`• … ${report.escalation.evidence.length - 10} more in ${report.files.escalation}`)}\n`);
    io.stderr(`  ${c.dim('escalation:')} ${report.files.escalation} (Markdown: ${report.files.escalationMarkdown})\n`);
  }
  io.stderr(`  ${c.dim('record:')} ${report.files.log} ${c.dim(`(${report.record.hash.slice(0, 12)}; dsctl audit tail)`)}  ${c.dim('state:')} ${report.files.state}\n`);
}
