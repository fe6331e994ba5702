import { spawn } from 'node:child_process';

/**
 * The one way dsctl runs a child process whose output it reads: the loop runner's shell stages, the
 * release smoke checks and the agent drivers. No shell unless the caller runs one; stdin fed once;
 * output kept as a bounded tail (a runaway process can print megabytes; the end says why it stopped);
 * a timeout and an abort that cannot hang (SIGTERM, then SIGKILL after a grace period).
 */

export interface ProcessOptions {
  readonly cwd: string;
  /** The whole environment of the child (default: dsctl's own). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Written to stdin, which is then closed; stdin is closed at once when absent. */
  readonly input?: string;
  readonly signal?: AbortSignal | undefined;
  /** SIGKILL after this long; the exit then says `timedOut`. */
  readonly timeoutMs?: number;
  /** How long a process has to exit after an abort's SIGTERM before SIGKILL. */
  readonly graceMs?: number;
  /**
   * Its own process group (POSIX): an abort or a timeout also stops what it started, and whatever it
   * left running when it exits (a background job that would write later) goes with it.
   */
  readonly group?: boolean;
  /** Keep stdout whole (for a command whose output is data, such as `npm pack --json`). */
  readonly keepStdout?: boolean;
  /** Each stdout chunk as it arrives (UTF-8, may end mid-line). */
  readonly onStdout?: (chunk: string) => void;
}

export interface ProcessExit {
  /** null when a signal ended it, or it never started. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  /** Whole stdout with `keepStdout`, else empty. */
  readonly stdout: string;
  /** The last part of stderr. */
  readonly stderr: string;
  /** The last part of stdout and stderr as they interleaved. */
  readonly output: string;
  readonly timedOut: boolean;
  /** True when `signal` aborted it. */
  readonly aborted: boolean;
  /** Set when the process could not start (ENOENT, EACCES); nothing ran. */
  readonly error?: Error;
}

const GRACE_MS = 5_000;
const TAIL_BYTES = 64 * 1024;

/** Resolves once the process has exited and its pipes are closed; never rejects. */
export function runProcess(command: string, args: readonly string[], options: ProcessOptions): Promise<ProcessExit> {
  return new Promise((resolve) => {
    const group = options.group === true && process.platform !== 'win32';
    const child = spawn(command, [...args], { cwd: options.cwd, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'], detached: group });
    let stdout = '';
    let stderr = '';
    let output = '';
    let timedOut = false;
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
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            kill('SIGKILL');
          }, options.timeoutMs);
    const done = () => {
      options.signal?.removeEventListener('abort', onAbort);
      if (killTimer) clearTimeout(killTimer);
      if (timer) clearTimeout(timer);
    };

    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (options.keepStdout) stdout += chunk;
      output = (output + chunk).slice(-TAIL_BYTES);
      options.onStdout?.(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-TAIL_BYTES);
      output = (output + chunk).slice(-TAIL_BYTES);
    });
    // A process that exits without reading its input makes the write fail with EPIPE: not our error.
    child.stdin.on('error', () => undefined);
    child.stdin.end(options.input ?? '');

    child.once('error', (error) => {
      done();
      resolve({ code: null, signal: null, stdout, stderr, output, timedOut, aborted, error });
    });
    child.once('exit', () => {
      if (group && child.pid !== undefined) kill('SIGKILL');
    });
    child.once('close', (code, signal) => {
      done();
      resolve({ code, signal, stdout, stderr, output, timedOut, aborted });
    });
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The last lines of a text, trailing blank space dropped: the evidence part of a long log. */
export function tailLines(text: string, lines: number): string {
  return text.replace(/\s+$/, '').split('\n').slice(-lines).join('\n');
}
