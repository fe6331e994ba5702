import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isUserError } from '../diagnostics/user-error.js';

/** Clients cut long tool results anyway; dsctl cuts them itself and says so. */
export const MAX_RESULT_CHARS = 50_000;

/** A tool's answer: structured content, and the same as JSON text for clients that only read text. */
export function ok(structured: Record<string, unknown>): CallToolResult {
  let text = JSON.stringify(structured, null, 2);
  if (text.length > MAX_RESULT_CHARS) {
    text = `${text.slice(0, MAX_RESULT_CHARS)}\n… [truncated by dsctl: ${text.length - MAX_RESULT_CHARS} more characters; narrow the query]`;
  }
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** A failure the model can read and act on (unknown id, bad filter), not a protocol error. */
export function fail(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** Runs a handler; a UserError (e.g. contracts invalid mid-edit) becomes an isError result, anything else a bug. */
export async function guarded(run: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await run();
  } catch (error) {
    if (isUserError(error)) return fail([error.message, ...error.details].join('\n'));
    throw error;
  }
}

/**
 * Keeps a list within the result budget: items are added in order until the JSON would pass
 * `MAX_RESULT_CHARS`, and `truncated` says whether any were left out.
 */
export function capToBudget<T>(items: readonly T[], limit: number): { items: T[]; truncated: boolean } {
  const out: T[] = [];
  let size = 0;
  for (const item of items) {
    if (out.length >= limit) break;
    const length = JSON.stringify(item).length + 1;
    if (size + length > MAX_RESULT_CHARS * 0.9) break;
    size += length;
    out.push(item);
  }
  return { items: out, truncated: out.length < items.length };
}
