/**
 * `dsctl hook <agent> <event>` without the command-line parser: the agent hooks run on every tool
 * call, so they start from here. scripts/build.mjs bundles this module and what it imports into one
 * CommonJS file that the bin compiles through V8's code cache (src/cli/main.ts): one file, compiled
 * once, where the same code spread over a dozen ES module chunks costs a third of `node -e 0` more.
 * What it loads lazily (the linter, the Markdown parser, zod) stays in the main build's chunks.
 */
import { fstatSync, readFileSync, writeSync } from 'node:fs';
import { isUserError } from '../diagnostics/user-error.js';
import { analyzeShell } from '../governance/shell-writes.js';
import type { CommandIo } from '../io/command-io.js';
import { failure, isBlocking, runHook } from './dispatch.js';

export async function runHookFastPath(agent: string, event: string): Promise<number> {
  let io: CommandIo | undefined;
  try {
    io = hookIo();
    return await runHook({ io }, agent, event);
  } catch (error) {
    // The catch-all of the hook path: whatever went wrong, a blocking event is denied (exit 2).
    try {
      io ??= hookIo();
      if (isUserError(error) && error.code === 'usage/hook') {
        // As the CLI prints a user error (src/cli/output.ts), for one that has no place, no details, no colour.
        io.stderr(`error ${error.message} (${error.code})\n`);
        return 2;
      }
      return failure(io, agent, event, error);
    } catch {
      return isBlocking(agent, event) ? 2 : 1;
    }
  }
}

/**
 * Runs what the first hook call may not have (the Bash path after a Write, or the other way round),
 * before the code cache is written after it, so that the cache holds both compiled.
 */
export function warmUp(): void {
  analyzeShell(`cd a && FOO=1 rm -f 'b' "c" 2>&1 | tee d > e; touch f || mv g h < i`);
}

/**
 * The CLI's io, minus what a hook does not need and costs milliseconds to start: `process.stdout`
 * and `process.stdin` (streams, set up on first use), and colours (picocolors loads `tty`). A hook
 * writes one short answer to a pipe and exits; nothing it prints is for a terminal.
 */
function hookIo(): CommandIo {
  return {
    cwd: process.cwd(),
    env: process.env,
    stdout: (text) => writeAll(1, text),
    stderr: (text) => writeAll(2, text),
    // A terminal (a person trying the command) has no hook input; anything else is read at once.
    readStdin: async () => (isTerminal(0) ? '' : readFileSync(0, 'utf8')),
  };
}

function isTerminal(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return true; // closed: nothing to read
  }
}

function writeAll(fd: 1 | 2, text: string): void {
  let bytes = Buffer.from(text, 'utf8');
  try {
    while (bytes.length > 0) bytes = bytes.subarray(writeSync(fd, bytes));
  } catch {
    // A non-blocking pipe that is full (EAGAIN): the stream queues the rest until it drains.
    (fd === 1 ? process.stdout : process.stderr).write(bytes);
  }
}
