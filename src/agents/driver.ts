/*
 * One interface for every agent (ARCHITECTURE.md §6): a task in, a result out. Drivers never decide what
 * a loop may do; the runner enforces limits (attempts, protected paths) around them. A driver only
 * reports what happened: a failed or over-budget session is a result with ok=false, never a throw.
 * Throwing is for setup problems the user must fix (a missing binary, a bad template), as UserError.
 */

import type { Sandbox } from '../sandbox/sandbox.js';

export type AgentRole = 'author' | 'reviewer';

export interface AgentTask {
  readonly role: AgentRole;
  /** The whole instruction for this stage, context included. */
  readonly prompt: string;
  /** The project root; the agent works here. */
  readonly cwd: string;
  /** Tool names the agent may use without asking (claude-code: `--allowedTools`). */
  readonly allowedTools: readonly string[];
  /** A reviewer that must not write (claude-code: only read tools; scripted: writes refused). */
  readonly readOnly: boolean;
  readonly maxTurns: number;
  readonly maxBudgetUsd: number;
  /** JSON Schema the final answer must satisfy; the driver returns it parsed as `structuredOutput`. */
  readonly outputSchema?: Readonly<Record<string, unknown>>;
  /** Continue this session instead of starting a new one (claude-code: `--resume`). */
  readonly resumeSession?: string;
  /**
   * 0-based count of agent stages before this one in the run. Deterministic across `dsctl run resume`,
   * so the scripted driver replays the same step for the same stage.
   */
  readonly sequence: number;
  /** The run this stage belongs to (for transcripts and the scripted driver's `{run_id}`). */
  readonly runId: string;
  /** Where the driver may keep files for this stage (prompt files, transcripts). Exists. */
  readonly workDir: string;
  /** Aborts the agent (Ctrl-C, run timeout). */
  readonly signal?: AbortSignal;
  /**
   * The OS sandbox every process of the stage runs in (the runner's; ARCHITECTURE.md §5). Undefined only
   * when a person chose `--allow-unsandboxed`, or outside the runner.
   */
  readonly sandbox?: Sandbox;
}

export interface AgentResult {
  /** The agent finished its turn without error (it may still have written bad UI: the runner checks). */
  readonly ok: boolean;
  /** `success`, or why not: `error_max_turns`, `error_max_budget_usd`, `error_during_execution`, `exit_<code>`, … */
  readonly subtype: string;
  readonly sessionId?: string;
  readonly costUsd?: number;
  readonly turns?: number;
  /** The final answer parsed against `outputSchema`, when one was asked for and given. */
  readonly structuredOutput?: unknown;
  /** The final text answer (may be empty). */
  readonly text: string;
  /** A one-line reason when ok is false. */
  readonly error?: string;
}

export interface AgentDriver {
  /** `claude-code`, `command` or `scripted`: recorded in the run record's `agent.driver`. */
  readonly id: string;
  run(task: AgentTask): Promise<AgentResult>;
}
