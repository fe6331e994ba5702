import { runProcess } from '../io/process.js';
import { SANDBOX_ENV, type Sandbox } from '../sandbox/sandbox.js';
import type { AgentTask } from './driver.js';

/**
 * Runs one agent process for a driver: no shell, stdin fed once, stdout streamed to the caller, the
 * tail of stderr kept for the one-line error, and an abort that cannot hang (SIGTERM, then SIGKILL).
 */

export interface AgentProcessOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Written to stdin, which is then closed; stdin is closed at once when absent. */
  readonly input?: string;
  readonly signal?: AbortSignal;
  /** Each stdout chunk as it arrives (UTF-8, may end mid-line). */
  readonly onStdout?: (chunk: string) => void;
  /** How long a process has to exit after SIGTERM before SIGKILL. */
  readonly graceMs?: number;
  /** Run inside this OS sandbox (the stage's). */
  readonly sandbox?: Sandbox | undefined;
}

export interface AgentProcessExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stderr: string;
  /** True when `signal` aborted the process. */
  readonly aborted: boolean;
}

/** Resolves when the process has exited; rejects only when it cannot start (e.g. ENOENT). */
export async function runAgentProcess(command: string, args: readonly string[], options: AgentProcessOptions): Promise<AgentProcessExit> {
  const wrapped = options.sandbox ? options.sandbox.wrap(command, args, { cwd: options.cwd, terminal: false }) : { command, args: [...args] };
  const env = options.sandbox ? { ...options.env, [SANDBOX_ENV]: '1' } : options.env;
  // Its own process group, so an abort also stops what the agent started (shells, tools), and a
  // Ctrl-C meant for dsctl reaches the agent only through the abort, once. In the sandbox the PID
  // namespace takes everything with it anyway.
  const exit = await runProcess(wrapped.command, wrapped.args, {
    cwd: options.cwd,
    env,
    group: true,
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onStdout ? { onStdout: options.onStdout } : {}),
    ...(options.graceMs === undefined ? {} : { graceMs: options.graceMs }),
  });
  if (exit.error) throw exit.error;
  return { code: exit.code, signal: exit.signal, stderr: exit.stderr, aborted: exit.aborted };
}

/** `exit_<code>` or `signal_<name>`: the subtype of a process that ended without a result of its own. */
export function exitSubtype(exit: AgentProcessExit): string {
  return exit.signal !== null ? `signal_${exit.signal}` : `exit_${exit.code ?? 'unknown'}`;
}

/** The last non-empty line of a text, for one-line errors. */
export function lastLine(text: string): string | undefined {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .at(-1);
}

/** The variable that tells hooks a stage of `dsctl run` drives the session (they then defer to the runner, and never ask). */
export const RUN_ID_ENV = 'DSCTL_RUN_ID';

/** The environment of an agent: dsctl's own, plus what the config adds, plus the run it belongs to. */
export function agentEnv(extra: Readonly<Record<string, string>> | undefined, task?: Pick<AgentTask, 'runId'>): Record<string, string | undefined> {
  return { ...process.env, ...extra, ...(task ? { [RUN_ID_ENV]: task.runId } : {}) };
}
