import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';
import type { AgentChoice } from '../agents/choice.js';
import type { AgentDriver, AgentResult } from '../agents/driver.js';
import { createDriver } from '../agents/select.js';
import { UserError } from '../diagnostics/user-error.js';
import { appendRun, tailLog } from '../governance/audit-log.js';
import { renderEscalationMarkdown, writeEscalation, type Escalation } from '../governance/escalation.js';
import { newRunId } from '../governance/run-id.js';
import { RUN_SCHEMA, type AgentUsage, type RunEntry, type RunRecord, type RunStatus, type RunTrigger } from '../governance/run-record.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { runProcess, tailLines } from '../io/process.js';
import type { Project } from '../project/project.js';
import { readState, RUNS_DIR, runDir, saveState, statePath, type RunState, type StepState } from './run-state.js';
import { RunInterrupted, RunStopped, type CommandOutcome, type RawParams, type RunContext, type StageTask, type Workflow, type WorkflowOutcome } from './workflow.js';
import { packageRoot } from '../project/package-root.js';
import { detectSandbox, openSandbox, type SandboxAvailability } from '../sandbox/sandbox.js';
import { onlyGeneratedRegionsChanged } from '../views/two-layered.js';
import { createWorkspaceGuard, type GuardChange } from '../governance/workspace-guard.js';

export interface RunOptions {
  /** Default: `ci` when the CI environment variable is `true`, else `manual`. */
  readonly trigger?: RunTrigger | undefined;
  /** The agent for model loops (see agents/select.ts); pipelines ignore it. */
  readonly agent?: AgentChoice | undefined;
  /** Ctrl-C: the current stage is stopped, the state stays resumable, no record is written. */
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((line: string) => void) | undefined;
  /** The CLI's command table (playbook self-drift checks `dsctl X` against it). */
  readonly commands?: ReadonlySet<string> | undefined;
  /** The running dsctl's entry script: agents get its MCP server (`dsctl mcp`). */
  readonly dsctlBin?: string | undefined;
  /** Replaces the driver the choice would build (tests, the demo). */
  readonly driver?: AgentDriver | undefined;
  /** A person's choice: run agent stages without the OS sandbox when none is installed (recorded). */
  readonly allowUnsandboxed?: boolean | undefined;
  /** What this machine offers (default: detected); tests pass a missing one to exercise the guard alone. */
  readonly sandboxAvailability?: SandboxAvailability | undefined;
}

export interface RunReport {
  readonly runId: string;
  readonly workflow: string;
  readonly status: RunStatus;
  readonly summary: string;
  readonly record: RunRecord;
  readonly result?: Readonly<Record<string, unknown>>;
  /** Project-relative files the run left: state, escalation (JSON and Markdown). */
  readonly files: { readonly log: string; readonly state: string; readonly escalation?: string; readonly escalationMarkdown?: string };
  readonly escalation: Escalation | null;
  readonly resumed: boolean;
}

/** Starts a run of `workflow`: checks its flags (a mistake records nothing), then runs it to its end. */
export async function startRun<P>(project: Project, workflow: Workflow<P>, raw: RawParams, options: RunOptions = {}): Promise<RunReport> {
  const params = workflow.parseParams(raw, project);
  // No model loop starts without its sandbox, unless a person said so: a missing bubblewrap records nothing.
  const unsandboxed = workflow.level === 'model-loop' && sandboxChoice(project, options.allowUnsandboxed, options.sandboxAvailability) === 'none';
  // A driver that cannot be built (a bad script, a bad template) is a usage error: no run starts.
  const driver = options.driver ?? (workflow.level === 'model-loop' && options.agent ? await createDriver(project, options.agent, options.dsctlBin) : undefined);
  const now = new Date();
  const runId = newRunId(workflow.name, now);
  const state: RunState = {
    schema: 'dsctl.run-state/v1',
    run_id: runId,
    workflow: workflow.name,
    params,
    trigger: options.trigger ?? (process.env.CI === 'true' ? 'ci' : 'manual'),
    ...(workflow.level === 'model-loop' && options.agent ? { agent: options.agent } : {}),
    ...(unsandboxed ? { unsandboxed } : {}),
    started_at: now.toISOString(),
    status: 'running',
    steps: [],
  };
  mkdirSync(runDir(project.root, runId), { recursive: true });
  saveState(project.root, state);
  options.onProgress?.(`run ${runId} started (state: ${RUNS_DIR}/${runId}/state.json)`);
  return execute(project, workflow, state, { ...options, driver }, false);
}

/** Continues a run after a crash or Ctrl-C: finished stages are not run again; an interrupted agent stage is checked by the guard first. */
export async function resumeRun(project: Project, workflows: readonly Workflow<unknown>[], runId: string, options: RunOptions = {}): Promise<RunReport> {
  const state = readState(project.root, runId);
  if (state.status === 'finished') {
    throw new UserError('run/finished', `run ${runId} already ended (${state.entry?.status ?? 'finished'}); its record is in ${project.policy.runLog}`);
  }
  const workflow = workflows.find((w) => w.name === state.workflow);
  if (workflow === undefined) throw new UserError('run/workflow', `run ${runId} belongs to workflow "${state.workflow}", which this dsctl does not know`);
  if (workflow.level === 'model-loop' && state.unsandboxed !== true) sandboxChoice(project, false);
  return execute(project, workflow, state, options, true);
}

async function execute<P>(project: Project, workflow: Workflow<P>, state: RunState, options: RunOptions, resumed: boolean): Promise<RunReport> {
  const root = project.root;
  const dir = runDir(root, state.run_id);
  let release: () => Promise<void>;
  try {
    // A run killed with SIGKILL leaves its lock behind; it counts as stale two seconds later.
    release = await lockfile.lock(statePath(root, state.run_id), { realpath: false, lockfilePath: join(dir, 'lock'), stale: 2000, retries: { retries: 30, minTimeout: 100, maxTimeout: 200 } });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new UserError('run/locked', `run ${state.run_id} is being run by another process`);
    throw error;
  }
  try {
    if (state.status === 'running') {
      const outcome = await runWorkflow(project, workflow, state, options, dir);
      decide(state, workflow, outcome);
      saveState(root, state);
    }
    return await finish(project, state, resumed);
  } finally {
    await release().catch(() => undefined);
  }
}

async function runWorkflow<P>(project: Project, workflow: Workflow<P>, state: RunState, options: RunOptions, dir: string): Promise<WorkflowOutcome> {
  const root = project.root;
  const byName = new Map<string, StepState>(state.steps.map((s) => [s.name, s]));
  const progress = options.onProgress ?? (() => undefined);
  let agents = 0;
  let driver: AgentDriver | undefined = options.driver;
  const save = () => saveState(root, state);
  const checkSignal = () => {
    if (options.signal?.aborted) throw new RunInterrupted(state.run_id);
  };
  const begin = (name: string, extra: Partial<StepState> = {}): StepState => {
    const existing = byName.get(name);
    const step: StepState = { ...(existing ?? {}), name, status: 'started', ...extra };
    if (existing) state.steps[state.steps.indexOf(existing)] = step;
    else state.steps.push(step);
    byName.set(name, step);
    save();
    return step;
  };
  const done = (step: StepState, value: unknown, extra: Partial<StepState> = {}): unknown => {
    const saved = value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
    const { guard: _checked, ...rest } = step;
    const finished: StepState = { ...rest, ...extra, status: 'done', value: saved };
    state.steps[state.steps.indexOf(step)] = finished;
    byName.set(step.name, finished);
    save();
    return saved;
  };

  const guardEscalation = (changes: readonly GuardChange[]): (RunStopped & { changes: readonly GuardChange[] }) | undefined => {
    const reverted = changes.filter((c) => c.outcome === 'reverted');
    if (reverted.length === 0) return undefined;
    const stop = new RunStopped(
      'escalated',
      {
        stuck_reason: `the agent changed ${reverted.length} hard-gated file(s); dsctl restored them`,
        severity: 'blocking',
        proposed_diff: reverted.map((c) => (c.kept ? `${c.path}: the agent's version is kept in ${c.kept}` : `${c.path}: deleted by the agent`)).join('\n'),
        evidence: reverted.map((c) => `${c.change} ${c.path} (hard gate "${c.gate}"): ${c.change === 'created' ? 'removed' : 'restored to the bytes saved before the stage'}`),
        human_question: 'The agent tried to change a source of truth. Should a person make this change (the agent\'s version is kept as evidence), or should the task be re-run with clearer instructions?',
      },
      reverted.map((c) => c.path),
    );
    return Object.assign(stop, { changes: reverted });
  };

  const ctx: RunContext = {
    runId: state.run_id,
    root,
    project,
    policy: project.policy,
    runDir: dir,
    commands: options.commands ?? new Set(),
    progress,
    async step<T>(name: string, fn: () => T | Promise<T>, stepOptions: { readonly command?: string } = {}): Promise<T> {
      checkSignal();
      const saved = byName.get(name);
      if (saved?.status === 'done') return saved.value as T;
      const step = begin(name, stepOptions.command === undefined ? {} : { command: stepOptions.command });
      const value = await fn();
      // A stage cut short by Ctrl-C stays `started`, so resume runs it again.
      checkSignal();
      return done(step, value) as T;
    },
    async agent(name: string, task: StageTask): Promise<AgentResult> {
      checkSignal();
      const sequence = agents++;
      const saved = byName.get(name);
      if (saved?.status === 'done') {
        // A stage the guard stopped stops the run again on resume (the kill may have come before the record).
        const stopped = guardEscalation(saved.reverted ?? []);
        if (stopped) throw stopped;
        return saved.value as AgentResult;
      }
      // Every process of the stage runs in the sandbox; a reviewer's sees the whole project read-only.
      const sandbox = state.unsandboxed === true ? undefined : openSandbox(project, { readOnlyProject: task.readOnly, dsctlPackage: packageRoot() });
      // The guard checks the gates, and what the sandbox could not bind of the files that decide enforcement.
      const residual = sandbox?.plan.residual.filter((g) => !project.policy.hardGates.some((h) => h.id === g.id)) ?? [];
      const guard = createWorkspaceGuard(root, { ...project.policy, hardGates: [...project.policy.hardGates, ...residual] }, join(dir, 'guard', 'saved'), { onlyGeneratedRegionsChanged });
      const evidence = join(dir, 'guard', name.replace(/[^\w.-]+/g, '_'));
      if (saved?.guard !== undefined) {
        // Interrupted mid-stage (a crash, a kill): whatever the agent did to protected files is undone first.
        progress(`checking protected files after the interrupted stage ${name}`);
        const stopped = guardEscalation(guard.restore(saved.guard, evidence));
        if (stopped) {
          done(saved, { ok: false, subtype: 'interrupted', text: '' }, { reverted: [...stopped.changes] });
          throw stopped;
        }
      }
      const before = guard.snapshot();
      const step = begin(name, { guard: before });
      driver ??= await createDriver(project, state.agent ?? { driver: 'claude-code' }, options.dsctlBin);
      const workDir = join(dir, 'agent');
      mkdirSync(workDir, { recursive: true });
      // What the agent was asked, kept with the run: the audit trail of a model loop includes its prompts.
      writeFileAtomic(join(workDir, `${name}.prompt.md`), `${task.prompt}\n`);
      const { loops } = project.policy;
      progress(`agent (${driver.id}) ${name}…`);
      const result = await driver.run({ ...task, cwd: root, maxTurns: loops.maxTurns, maxBudgetUsd: loops.maxBudgetUsd, sequence, runId: state.run_id, workDir, ...(options.signal ? { signal: options.signal } : {}), ...(sandbox ? { sandbox } : {}) });
      const changes = guard.restore(before, evidence);
      if (options.signal?.aborted && changes.every((c) => c.outcome !== 'reverted')) {
        // Leave the stage marked started (guard kept) so resume runs it again.
        throw new RunInterrupted(state.run_id);
      }
      const usage: StepState['agent'] = {
        driver: driver.id,
        ...(result.sessionId ? { session_id: result.sessionId } : {}),
        ...(result.turns === undefined ? {} : { turns: result.turns }),
        ...(result.costUsd === undefined ? {} : { cost_usd: result.costUsd }),
      };
      const reverted = changes.filter((c) => c.outcome === 'reverted');
      done(step, result, { agent: usage, ...(reverted.length ? { reverted } : {}) });
      const stopped = guardEscalation(changes);
      if (stopped) throw stopped;
      for (const c of changes) progress(`${c.path}: only generated regions changed (allowed)`);
      return result;
    },
    async shell(name: string, command: string, shellOptions: { readonly timeoutMs?: number } = {}): Promise<CommandOutcome> {
      return ctx.step(name, () => runShell(command, root, options.signal, shellOptions.timeoutMs ?? SHELL_TIMEOUT_MS), { command });
    },
  };

  try {
    return await workflow.run(ctx, state.params as P);
  } catch (error) {
    if (error instanceof RunStopped) {
      return { status: error.status, summary: error.message, attempts: agents, changedPaths: error.changedPaths, escalation: error.escalation };
    }
    if (error instanceof RunInterrupted || options.signal?.aborted) throw error instanceof RunInterrupted ? error : new RunInterrupted(state.run_id);
    // A run that started leaves a record, even when it breaks: then the error goes on to the surface.
    const message = error instanceof Error ? error.message : String(error);
    decide(state, workflow, {
      status: 'failed',
      summary: message,
      attempts: agents,
      changedPaths: [],
      escalation: {
        stuck_reason: message,
        severity: 'error',
        proposed_diff: '',
        evidence: [message, ...(error instanceof UserError ? error.details : [])],
        human_question: 'What has to be fixed before this workflow can run?',
      },
    });
    saveState(root, state);
    await finish(project, state, false);
    throw error;
  }
}

/** Turns an outcome into the run record (not yet in the log): state becomes `finishing`. */
function decide<P>(state: RunState, workflow: Workflow<P>, outcome: WorkflowOutcome): void {
  const usage = agentUsage(state);
  const escalation =
    outcome.escalation === undefined ? null : { workflow: workflow.name, ...outcome.escalation, run_id: state.run_id };
  const entry: RunEntry = {
    schema: RUN_SCHEMA,
    run_id: state.run_id,
    workflow: workflow.name,
    level: workflow.level,
    status: outcome.status,
    trigger: state.trigger,
    commands: state.steps.flatMap((s) => (s.command === undefined ? [] : [s.command])),
    changed_paths: [...new Set(outcome.changedPaths)].sort(),
    escalation,
    started_at: state.started_at,
    ended_at: new Date().toISOString(),
    attempts: outcome.attempts,
    ...(usage ? { agent: usage, sandbox: stageSandbox(state) } : {}),
  };
  state.status = 'finishing';
  state.entry = entry;
  state.summary = outcome.summary;
  if (outcome.result) state.result = { ...outcome.result };
}

/** Agent usage over every agent stage: turns and cost summed, the last session id. */
function agentUsage(state: RunState): AgentUsage | undefined {
  const stages = state.steps.flatMap((s) => (s.agent ? [s.agent] : []));
  if (stages.length === 0) return undefined;
  const sum = (key: 'turns' | 'cost_usd') => (stages.some((s) => s[key] !== undefined) ? stages.reduce((n, s) => n + (s[key] ?? 0), 0) : undefined);
  const session = stages.map((s) => s.session_id).filter((s) => s !== undefined).pop();
  const turns = sum('turns');
  const cost = sum('cost_usd');
  return {
    driver: stages[stages.length - 1]?.driver ?? 'unknown',
    ...(session ? { session_id: session } : {}),
    ...(turns === undefined ? {} : { turns }),
    ...(cost === undefined ? {} : { cost_usd: Math.round(cost * 1e6) / 1e6 }),
  };
}

/** Writes the escalation files and appends the record exactly once (a resumed `finishing` run checks the log first). */
async function finish(project: Project, state: RunState, resumed: boolean): Promise<RunReport> {
  const root = project.root;
  const entry = state.entry;
  if (entry === undefined) throw new Error(`run ${state.run_id} has no decided record`);
  const logPath = resolve(root, project.policy.runLog);
  let escalationFile: string | undefined;
  let escalationMarkdown: string | undefined;
  if (entry.escalation) {
    writeEscalation(root, entry.escalation);
    escalationFile = `.dsctl/escalations/${state.run_id}.json`;
    escalationMarkdown = `.dsctl/escalations/${state.run_id}.md`;
    writeFileAtomic(join(root, escalationMarkdown), renderEscalationMarkdown(entry.escalation));
  }
  let record = state.status === 'finishing' ? tailLog(logPath).records.find((r) => r.run_id === state.run_id) : undefined;
  if (state.status === 'finishing' && record === undefined) record = await appendRun(logPath, entry);
  record ??= tailLog(logPath).records.find((r) => r.run_id === state.run_id);
  if (record === undefined) throw new UserError('run/record', `run ${state.run_id} finished, but its record is not in ${project.policy.runLog}`);
  state.status = 'finished';
  saveState(root, state);
  return {
    runId: state.run_id,
    workflow: state.workflow,
    status: entry.status,
    summary: state.summary ?? '',
    record,
    ...(state.result ? { result: state.result } : {}),
    files: {
      log: project.policy.runLog,
      state: `.dsctl/runs/${state.run_id}/state.json`,
      ...(escalationFile ? { escalation: escalationFile } : {}),
      ...(escalationMarkdown ? { escalationMarkdown } : {}),
    },
    escalation: entry.escalation,
    resumed,
  };
}

function stageSandbox(state: RunState): 'bubblewrap' | 'seatbelt' | 'none' {
  const available = detectSandbox();
  return state.unsandboxed !== true && available.ok ? available.kind : 'none';
}

/** The sandbox agent stages get: its kind, or `none` when a person allowed running without; a UserError naming what to install otherwise. */
function sandboxChoice(project: Project, allowUnsandboxed: boolean | undefined, available: SandboxAvailability = detectSandbox()): 'bubblewrap' | 'seatbelt' | 'none' {
  if (available.ok) return available.kind;
  if (allowUnsandboxed === true) return 'none';
  throw new UserError('sandbox/unavailable', `agent stages run inside dsctl's OS sandbox, and ${available.reason}. A person may pass --allow-unsandboxed to run without it (recorded in ${project.policy.runLog}); the workspace guard still undoes gated changes.`);
}

const TAIL_LINES = 40;
/** A pipeline command that runs longer than this is stopped and reported as timed out (exit 124, like timeout(1)). */
const SHELL_TIMEOUT_MS = 30 * 60_000;

/** Runs a command with /bin/sh in `cwd`, keeping the last lines of its output as evidence. */
async function runShell(command: string, cwd: string, signal: AbortSignal | undefined, timeoutMs: number): Promise<CommandOutcome> {
  const started = Date.now();
  // A group of its own: a timeout or Ctrl-C stops what the stage's shell started, not the shell alone.
  const exit = await runProcess('/bin/sh', ['-c', command], { cwd, signal, timeoutMs, group: true });
  const durationMs = Date.now() - started;
  if (exit.error) throw exit.error;
  if (exit.aborted) return { command, exitCode: 130, tail: 'interrupted', durationMs };
  const tail = tailLines(exit.output, TAIL_LINES);
  if (exit.timedOut) return { command, exitCode: 124, tail: `${tail}\n[dsctl] stopped after ${Math.round(timeoutMs / 1000)} s`.trim(), durationMs };
  return { command, exitCode: exit.code ?? (exit.signal ? 128 : 1), tail, durationMs };
}
