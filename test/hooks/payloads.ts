import { readFileSync } from 'node:fs';

/**
 * Hook input for the tests: payloads as the agents sent them (recorded in fixtures/), builders of the
 * same shape, and input no agent sends.
 */
export type Payload = Record<string, unknown> & { tool_name?: string; tool_input?: unknown };

/** A recorded payload: `claude-2.1.328-…` or `codex-0.169.0-…` (each dumped by a scratch hook under the real CLI). */
export const recorded = (name: string): Payload => JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8')) as Payload;

/** A PreToolUse payload with the fields Claude Code 2.1.328 sends and dsctl reads (Codex sends the same). */
export const preToolUse = (cwd: string, tool_name: string, tool_input?: unknown, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({ session_id: 's', cwd, hook_event_name: 'PreToolUse', tool_name, ...(tool_input === undefined ? {} : { tool_input }), ...extra });

/** A Cursor payload: the fields every Cursor hook gets (its hooks documentation), then the event's own. */
export const cursorPayload = (root: string, hook_event_name: string, fields: Record<string, unknown>): string =>
  JSON.stringify({ conversation_id: 'c1', generation_id: 'g1', model: 'default', hook_event_name, cursor_version: '2.0.0', workspace_roots: [root], user_email: null, ...fields });

/** Hook input that is not a JSON object, each way it comes: a blocking event must deny every one. */
export const MALFORMED: readonly (readonly [name: string, stdin: string])[] = [
  ['a JSON array', '[]'],
  ['a JSON string', '"Write"'],
  ['a JSON number', '42'],
  ['not JSON', '{"tool_name": "Write",'],
  ['nothing', ''],
];
