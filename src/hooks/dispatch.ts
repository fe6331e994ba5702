import { isUserError, UserError } from '../diagnostics/user-error.js';
import type { CommandIo } from '../io/command-io.js';
import type { AgentHookEvent } from '../project/agent-hooks.js';
import type { HookAdapter } from './adapter.js';
import type { HookOutcome } from './outcome.js';
import { HOOK_ADAPTERS } from './registry.js';

/**
 * `dsctl hook <agent> <event>`: JSON on stdin, the agent's own answer on stdout/stderr and in the exit
 * code. Outside a dsctl project it allows everything. It fails closed: a broken policy, a bug, any
 * throw at all on a blocking event is a deny with a one-line reason (Claude Code runs the tool on any
 * exit code but 2). `adapters` is for tests.
 */
export async function runHook(ctx: { readonly io: CommandIo }, agent: string, event: string, adapters: readonly HookAdapter[] = HOOK_ADAPTERS): Promise<number> {
  const adapter = adapters.find((a) => a.id === agent);
  if (adapter === undefined || eventOf(adapter, event) === undefined) {
    throw new UserError('usage/hook', `unknown hook "${agent} ${event}"; expected ${adapters.map((a) => `${a.id} ${Object.keys(a.meta.events).join('|')}`).join(', ')}`);
  }
  let outcome: HookOutcome;
  try {
    const stdin = await ctx.io.readStdin();
    outcome = await adapter.handle(event, stdin, ctx.io.cwd, { env: ctx.io.env });
  } catch (error) {
    if (isUserError(error) && error.code === 'config/not-found') return 0;
    return answerFailure(ctx.io, adapter, event, error);
  }
  return answer(ctx.io, outcome);
}

/** A hook that could not finish: on a blocking event the agent's own deny; otherwise a note. */
export function failure(io: CommandIo, agent: string, event: string, error: unknown): number {
  return answerFailure(io, HOOK_ADAPTERS.find((a) => a.id === agent), event, error);
}

/** Whether the event decides if the agent's tool call runs (an unknown hook does not). */
export function isBlocking(agent: string, event: string): boolean {
  return eventOf(HOOK_ADAPTERS.find((a) => a.id === agent), event)?.blocking === true;
}

// Own keys only: `dsctl hook claude constructor` is not an event.
function eventOf(adapter: HookAdapter | undefined, event: string): AgentHookEvent | undefined {
  return adapter !== undefined && Object.hasOwn(adapter.meta.events, event) ? adapter.meta.events[event] : undefined;
}

function answerFailure(io: CommandIo, adapter: HookAdapter | undefined, event: string, error: unknown): number {
  const why = isUserError(error) ? error.message : `internal error (${oneLine(error)})`;
  if (adapter === undefined || eventOf(adapter, event)?.blocking !== true) {
    io.stderr(`dsctl hook: ${why}\n`);
    return isUserError(error) ? 0 : 1;
  }
  return answer(io, adapter.deny(`dsctl hook: ${why} — this tool call is denied until it is fixed`, event));
}

function answer(io: CommandIo, outcome: HookOutcome): number {
  if (outcome.stdout) io.stdout(outcome.stdout);
  if (outcome.stderr) io.stderr(outcome.stderr);
  return outcome.exitCode;
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}
