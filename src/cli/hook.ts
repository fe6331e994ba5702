import { isUserError } from '../diagnostics/user-error.js';
import { CLAUDE_EVENTS, claudeHook, type ClaudeEvent } from '../hooks/claude.js';
import { codexHook } from '../hooks/codex.js';
import { CURSOR_EVENTS, cursorHook, type CursorEvent } from '../hooks/cursor.js';
import type { HookOutcome } from '../hooks/outcome.js';
import type { CommandContext } from './context.js';
import { UserError } from '../diagnostics/user-error.js';

export const HOOK_AGENTS = ['claude', 'cursor', 'codex'] as const;

/**
 * `dsctl hook <agent> <event>`: JSON on stdin, the agent's own answer on stdout/stderr and in the exit
 * code. Outside a dsctl project it allows everything; a broken policy fails closed for writes.
 */
export async function runHook(ctx: CommandContext, agent: string, event: string): Promise<number> {
  const events: readonly string[] = agent === 'cursor' ? CURSOR_EVENTS : CLAUDE_EVENTS;
  if (!(HOOK_AGENTS as readonly string[]).includes(agent) || !events.includes(event)) {
    throw new UserError('usage/hook', `unknown hook "${agent} ${event}"; expected ${HOOK_AGENTS.map((a) => `${a} ${(a === 'cursor' ? CURSOR_EVENTS : CLAUDE_EVENTS).join('|')}`).join(', ')}`);
  }
  const stdin = await ctx.io.readStdin();
  let outcome: HookOutcome;
  try {
    outcome =
      agent === 'cursor'
        ? await cursorHook(event as CursorEvent, stdin, ctx.io.cwd)
        : agent === 'codex'
          ? await codexHook(event as ClaudeEvent, stdin, ctx.io.cwd)
          : await claudeHook(event as ClaudeEvent, stdin, ctx.io.cwd);
  } catch (error) {
    if (!isUserError(error)) throw error;
    if (error.code === 'config/not-found') return 0;
    const blocking = event === 'pre-tool-use' || event === 'before-shell-execution';
    ctx.io.stderr(`dsctl hook: ${error.message}${blocking ? ' — denying the tool call until the policy is fixed' : ''}\n`);
    if (agent === 'cursor' && blocking) ctx.io.stdout(`${JSON.stringify({ permission: 'deny', user_message: error.message, agent_message: error.message })}\n`);
    return blocking ? 2 : 0;
  }
  if (outcome.stdout) ctx.io.stdout(outcome.stdout);
  if (outcome.stderr) ctx.io.stderr(outcome.stderr);
  return outcome.exitCode;
}
