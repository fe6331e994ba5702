import { spawn } from 'node:child_process';
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

const GRACE_MS = 5_000;
// A runaway agent can print megabytes on stderr; the last part is the part that says why it stopped.
const STDERR_KEEP = 64 * 1024;

/** Resolves when the process has exited; rejects only when it cannot start (e.g. ENOENT). */
export function runAgentProcess(command: string, args: readonly string[], options: AgentProcessOptions): Promise<AgentProcessExit> {
  return new Promise((resolve, reject) => {
    // Its own process group (POSIX), so an abort also stops what the agent started (shells, tools),
    // and a Ctrl-C meant for dsctl reaches the agent only through the abort, once.
    const group = process.platform !== 'win32';
    const wrapped = options.sandbox ? options.sandbox.wrap(command, args, { cwd: options.cwd, terminal: false }) : { command, args: [...args] };
    const env = options.sandbox ? { ...options.env, [SANDBOX_ENV]: '1' } : options.env;
    const child = spawn(wrapped.command, wrapped.args, { cwd: options.cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: group });
    let stderr = '';
    let aborted = false;
    let killTimer: NodeJS.Timeout | undefined;

    const kill = (sig: NodeJS.Signals) => {
      try {
        if (group && child.pid !== undefined) process.kill(-child.pid, sig);
        else child.kill(sig);
      } catch {
        // already gone
      }
    };
    const onAbort = () => {
      aborted = true;
      kill('SIGTERM');
      killTimer = setTimeout(() => kill('SIGKILL'), options.graceMs ?? GRACE_MS);
      killTimer.unref();
    };
    const done = () => {
      options.signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
    };

    child.stdout.setEncoding('utf8').on('data', (chunk: string) => options.onStdout?.(chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEEP);
    });
    // A process that exits without reading its input makes the write fail with EPIPE: not our error.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');

    child.once('error', (error) => {
      done();
      reject(error);
    });
    // The stage is over when the agent exits: whatever it left running in its group (a background job
    // that would write later) goes with it. In the sandbox the PID namespace already took everything.
    child.once('exit', () => {
      if (group && child.pid !== undefined) kill('SIGKILL');
    });
    child.once('close', (code, signal) => {
      done();
      resolve({ code, signal, stderr, aborted });
    });
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
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
