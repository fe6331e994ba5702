import type { AgentResult, AgentTask } from '../agents/driver.js';
import type { Escalation } from '../governance/escalation.js';
import type { RunLevel, RunStatus } from '../governance/run-record.js';
import type { Policy } from '../project/policy-schema.js';
import type { Project } from '../project/project.js';

/** The seed playbook's table of a workflow, as data: `dsctl workflows` prints it, the playbook's generated table shows it. */
export interface WorkflowInfo {
  /** Stable id, W1…W5: says nothing about the level. */
  readonly id: string;
  /** The name runs are recorded under, e.g. `ui-self-repair`. */
  readonly name: string;
  readonly level: RunLevel;
  readonly classification: string;
  readonly trigger: string;
  readonly substrate: string;
  readonly context: string;
  readonly action: string;
  readonly verify: string;
  readonly stop: string;
  readonly humanGate: string;
  readonly escalationPayload: string;
  readonly memory: string;
  /** One example command, for the README and `dsctl workflows`. */
  readonly example: string;
  /** Set when the workflow cannot run yet, with the reason; such a workflow has no `run`. */
  readonly unavailable?: string;
}

/**
 * Flags of `dsctl run <workflow>`, as given (strings); each workflow checks the ones it needs. `cwd` is
 * the working directory the flags' paths are relative to.
 */
export type RawParams = Readonly<Record<string, string | undefined>>;

/** An escalation before the runner adds `workflow` and `run_id`. */
export type EscalationDraft = Omit<Escalation, 'workflow' | 'run_id'>;

export interface WorkflowOutcome {
  readonly status: RunStatus;
  /** One line for the terminal and the report. */
  readonly summary: string;
  /** Repair attempts (model loops) or stages run (pipelines). */
  readonly attempts: number;
  readonly changedPaths: readonly string[];
  /** Required unless passed. */
  readonly escalation?: EscalationDraft;
  /** Workflow-specific details: the JSON output's `result`. */
  readonly result?: Readonly<Record<string, unknown>>;
}

/** What an agent stage asks for; the runner fills in cwd, limits, sequence and work folder. */
export type StageTask = Pick<AgentTask, 'role' | 'prompt' | 'allowedTools' | 'readOnly'> & Partial<Pick<AgentTask, 'outputSchema' | 'resumeSession'>>;

export interface CommandOutcome {
  readonly command: string;
  readonly exitCode: number;
  /** The last lines of stdout and stderr together, for evidence. */
  readonly tail: string;
  readonly durationMs: number;
}

export interface RunContext {
  readonly runId: string;
  readonly root: string;
  readonly project: Project;
  readonly policy: Policy;
  /** `.dsctl/runs/<run_id>/`: the run's own files (state, prompts, transcripts, evidence). */
  readonly runDir: string;
  /** The CLI's command table, for playbook self-drift (`dsctl X` must be a real command). */
  readonly commands: ReadonlySet<string>;
  /**
   * A durable stage: the first time it runs `fn` and saves its JSON result; on `dsctl run resume` a
   * finished stage returns the saved result without running again. `command` is recorded in the run record.
   */
  step<T>(name: string, fn: () => T | Promise<T>, options?: { readonly command?: string }): Promise<T>;
  /**
   * An agent stage: durable like `step`, and guarded: protected files are hashed before it and restored
   * after it; any restored change ends the run as escalated with the paths as evidence.
   */
  agent(name: string, task: StageTask): Promise<AgentResult>;
  /** A shell command run in the project root (a pipeline stage): durable, recorded; stopped after `timeoutMs` (default 30 min). */
  shell(name: string, command: string, options?: { readonly timeoutMs?: number }): Promise<CommandOutcome>;
  /** A progress line for the terminal (quiet in JSON mode). */
  progress(text: string): void;
}

export interface Workflow<P = unknown> extends WorkflowInfo {
  /** Checks the flags before a run starts; a mistake is a UserError and no run is recorded. */
  parseParams(raw: RawParams, project: Project): P;
  run(ctx: RunContext, params: P): Promise<WorkflowOutcome>;
}

/**
 * Thrown inside a workflow (or by the runner's guard) to stop the run with an escalation. The runner
 * turns it into the outcome; a workflow that has more to say returns an outcome instead.
 */
export class RunStopped extends Error {
  override readonly name = 'RunStopped';
  constructor(
    readonly status: Exclude<RunStatus, 'passed'>,
    readonly escalation: EscalationDraft,
    readonly changedPaths: readonly string[] = [],
  ) {
    super(escalation.stuck_reason);
  }
}

/** Ctrl-C or a kill signal during a run: the state stays resumable and no record is written. */
export class RunInterrupted extends Error {
  override readonly name = 'RunInterrupted';
  constructor(readonly runId: string) {
    super(`run ${runId} interrupted`);
  }
}
