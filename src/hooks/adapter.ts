import type { AgentHookEvent, AgentId, ToolKind } from '../project/agent-hooks.js';
import type { HookEnv } from './judge.js';
import type { HookOutcome } from './outcome.js';

export interface HookOptions {
  /** The hook's environment: CLAUDE_PROJECT_DIR, and what says whether a person is there to ask. */
  readonly env?: HookEnv;
}

/**
 * One agent's hooks (ESLint's `{ meta, create }`, as doctor's checks are): what it declares, read by
 * the dispatcher and the tests, and the two functions the dispatcher calls. Its events and tools are
 * the agent's row of src/project/agent-hooks.ts, which `hooks install` and doctor read too.
 */
export interface HookAdapter<E extends string = string> {
  readonly id: AgentId;
  readonly meta: {
    readonly docs: {
      readonly description: string;
      /** The agent's own documentation of its hooks. */
      readonly url: string;
      /** The agent version whose payloads were recorded and tested against, when there is one. */
      readonly verified?: string;
    };
    /** By dsctl's event name: `dsctl hook <id> <event>`. */
    readonly events: Readonly<Record<E, AgentHookEvent>>;
    /** The agent's tool names, by what they can do. */
    readonly tools: Readonly<Record<string, ToolKind>>;
  };
  /** Answers one hook call. A throw is the dispatcher's to answer: a deny on a blocking event. */
  handle(event: E, stdin: string, cwd: string, options: HookOptions): Promise<HookOutcome>;
  /** The agent's own deny (exit 2), for a call on a blocking event that could not be judged. */
  deny(reason: string, event: E): HookOutcome;
}

export function defineHookAdapter<E extends string>(adapter: HookAdapter<E>): HookAdapter<E> {
  return adapter;
}
