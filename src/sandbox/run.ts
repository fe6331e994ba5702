import { spawn, type StdioOptions } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LoadedPolicy } from '../project/policy.js';
import { createWorkspaceGuard, type GuardChange } from '../governance/workspace-guard.js';
import { SANDBOX_ENV, type Sandbox } from './sandbox.js';

export interface SandboxedRunOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The command's streams: dsctl's own (a person at a terminal, an agent CLI) by default. */
  readonly stdio?: 'inherit' | 'ignore';
  /** Where the agent's versions of what the guard undid are kept. */
  readonly evidenceDir: string;
}

export interface SandboxedRunResult {
  /** The command's exit code; 128 + n when a signal ended it (as a shell reports it). */
  readonly exitCode: number;
  /** False when the sandbox itself could not be set up (bubblewrap said why on stderr): nothing ran. */
  readonly started: boolean;
  /** What the guard found and undid after the command: what no mount could cover (or everything, unsandboxed). */
  readonly changes: readonly GuardChange[];
}

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const STATUS_FD = 3;

/**
 * Runs one command under the sandbox (or, when `sandbox` is undefined, a person's explicit choice,
 * with only the guard), passes its exit code through, and afterwards has the workspace guard check
 * what the OS layer could not bind. The guard looks only once the command and everything it
 * started are gone: bubblewrap's PID namespace ends with the command; unsandboxed, the process group
 * is killed first.
 */
export async function runSandboxed(loaded: LoadedPolicy, sandbox: Sandbox | undefined, argv: readonly string[], options: SandboxedRunOptions): Promise<SandboxedRunResult> {
  const [command, ...args] = argv;
  if (command === undefined) throw new Error('runSandboxed needs a command');
  const blobs = mkdtempSync(join(tmpdir(), 'dsctl-sandbox-'));
  try {
    const gates = sandbox === undefined ? loaded.policy.hardGates : sandbox.plan.residual;
    const guard = createWorkspaceGuard(loaded.root, { ...loaded.policy, hardGates: [...gates] }, blobs);
    const before = guard.snapshot();
    const terminal = options.stdio !== 'ignore' && process.stdin.isTTY === true;
    const status = sandbox?.kind === 'bubblewrap';
    // The saved bytes are outside the project; inside the sandbox they are read-only like the rest.
    const wrapped = sandbox === undefined ? { command, args } : sandbox.withReadOnly([{ path: blobs, why: "the guard's saved bytes" }]).wrap(command, args, { cwd: options.cwd, terminal, ...(status ? { statusFd: STATUS_FD } : {}) });
    const { exitCode, started } = await spawnAndWait(wrapped.command, wrapped.args, {
      cwd: options.cwd,
      env: { ...options.env, [SANDBOX_ENV]: sandbox === undefined ? undefined : '1' },
      stdio: options.stdio ?? 'inherit',
      status,
      group: sandbox?.kind !== 'bubblewrap',
    });
    return { exitCode, started, changes: guard.restore(before, options.evidenceDir) };
  } finally {
    rmSync(blobs, { recursive: true, force: true });
  }
}

interface SpawnOptions {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdio: 'inherit' | 'ignore';
  /** bubblewrap reports `{"exit-code": N}` on fd 3 when the command ran (its `child-pid` comes before its own set-up can still fail). */
  readonly status: boolean;
  /** Kill the process group afterwards (no PID namespace to do it). */
  readonly group: boolean;
}

function spawnAndWait(command: string, args: readonly string[], options: SpawnOptions): Promise<{ exitCode: number; started: boolean }> {
  return new Promise((resolvePromise, reject) => {
    const stdio: StdioOptions = [options.stdio, options.stdio, options.stdio, ...(options.status ? ['pipe' as const] : [])];
    const detached = options.group && process.platform !== 'win32';
    const child = spawn(command, [...args], { cwd: options.cwd, env: options.env, stdio, detached });
    let started = !options.status;
    if (options.status) {
      const fd = child.stdio[STATUS_FD];
      let text = '';
      fd?.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (text.includes('"exit-code"')) started = true;
      });
      fd?.on('error', () => undefined);
    }
    // The command gets the terminal's Ctrl-C itself; dsctl waits for it, as a shell does, and passes on the rest.
    const forward = (signal: NodeJS.Signals) => () => {
      if (signal === 'SIGINT' && options.stdio === 'inherit' && !detached) return;
      try {
        child.kill(signal);
      } catch {
        // already gone
      }
    };
    const handlers = SIGNALS.map((s) => [s, forward(s)] as const);
    for (const [s, h] of handlers) process.on(s, h);
    const cleanup = () => {
      for (const [s, h] of handlers) process.off(s, h);
    };
    child.once('error', (error) => {
      cleanup();
      reject(error);
    });
    child.once('exit', () => {
      // Unsandboxed, whatever the command left in its group must not write after the guard looked.
      if (detached && child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // the group is already empty
        }
      }
    });
    child.once('close', (code, signal) => {
      cleanup();
      const exitCode = code ?? (signal ? 128 + (signalNumber(signal) ?? 1) : 1);
      resolvePromise({ exitCode, started });
    });
  });
}

function signalNumber(signal: NodeJS.Signals): number | undefined {
  return (process.getBuiltinModule('node:os').constants.signals as Record<string, number>)[signal];
}
