import { isUserError, UserError } from '../diagnostics/user-error.js';
import { CLAUDE_EVENTS, claudeHook, type ClaudeEvent } from '../hooks/claude.js';
import { codexHook } from '../hooks/codex.js';
import { CURSOR_EVENTS, cursorHook, type CursorEvent } from '../hooks/cursor.js';
import type { HookOutcome } from '../hooks/outcome.js';
import type { CommandContext } from './context.js';

export const HOOK_AGENTS = ['claude', 'cursor', 'codex'] as const;

/** Events that decide whether a tool call runs: any failure there is a deny (exit 2), never a pass. */
export const BLOCKING_EVENTS: readonly string[] = ['pre-tool-use', 'before-shell-execution'];

/**
 * `dsctl hook <agent> <event>`: JSON on stdin, the agent's own answer on stdout/stderr and in the exit
 * code. Outside a dsctl project it allows everything. It fails closed: a broken policy, a bug, any
 * throw at all on a blocking event is a deny with a one-line reason (Claude Code runs the tool on any
 * exit code but 2).
 */
export async function runHook(ctx: CommandContext, agent: string, event: string): Promise<number> {
  const events: readonly string[] = agent === 'cursor' ? CURSOR_EVENTS : CLAUDE_EVENTS;
  if (!(HOOK_AGENTS as readonly string[]).includes(agent) || !events.includes(event)) {
    throw new UserError('usage/hook', `unknown hook "${agent} ${event}"; expected ${HOOK_AGENTS.map((a) => `${a} ${(a === 'cursor' ? CURSOR_EVENTS : CLAUDE_EVENTS).join('|')}`).join(', ')}`);
  }
  const blocking = BLOCKING_EVENTS.includes(event);
  let outcome: HookOutcome;
  try {
    const stdin = await ctx.io.readStdin();
    const options = { env: ctx.io.env };
    outcome =
      agent === 'cursor'
        ? await cursorHook(event as CursorEvent, stdin, ctx.io.cwd, options)
        : agent === 'codex'
          ? await codexHook(event as ClaudeEvent, stdin, ctx.io.cwd, options)
          : await claudeHook(event as ClaudeEvent, stdin, ctx.io.cwd, undefined, options);
  } catch (error) {
    if (isUserError(error) && error.code === 'config/not-found') return 0;
    return failure(ctx, agent, blocking, error);
  }
  if (outcome.stdout) ctx.io.stdout(outcome.stdout);
  if (outcome.stderr) ctx.io.stderr(outcome.stderr);
  return outcome.exitCode;
}

/** A hook that could not finish: on a blocking event a deny, as each agent reads one; otherwise a note. */
export function failure(ctx: Pick<CommandContext, 'io'>, agent: string, blocking: boolean, error: unknown): number {
  const why = isUserError(error) ? error.message : `internal error (${oneLine(error)})`;
  if (!blocking) {
    ctx.io.stderr(`dsctl hook: ${why}\n`);
    return isUserError(error) ? 0 : 1;
  }
  const reason = `dsctl hook: ${why} — this tool call is denied until it is fixed`;
  ctx.io.stderr(`${reason}\n`);
  if (agent === 'cursor') ctx.io.stdout(`${JSON.stringify({ permission: 'deny', user_message: reason, agent_message: reason })}\n`);
  else ctx.io.stdout(`${JSON.stringify({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } })}\n`);
  return 2;
}

function oneLine(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}
