import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { isUserError } from '../diagnostics/user-error.js';

/**
 * The budget of one tool result on the wire, in UTF-8 bytes. Clients cut long results anyway (and
 * spend the model's context on them); dsctl keeps within it itself and says what it left out.
 */
export const MAX_RESULT_BYTES = 50_000;

/**
 * A result carries its data twice — structuredContent, and the same JSON as text for clients that
 * only read text (MCP says to), where every quote is escaped once more — so the data of one answer
 * may fill only 40% of the budget.
 */
const DATA_BUDGET_BYTES = Math.floor(MAX_RESULT_BYTES * 0.4);

const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** A tool's answer: structured content, and the same as compact JSON text; never over the budget. */
export function ok(structured: Record<string, unknown>): CallToolResult {
  const result: CallToolResult = { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
  const size = bytes(result);
  // Lists are capped before this; a single oversized value (a huge contract) is the only way here.
  if (size > MAX_RESULT_BYTES) return fail(`The answer is ${size} bytes, over dsctl's ${MAX_RESULT_BYTES}-byte result budget: narrow the query.`);
  return result;
}

/** A failure the model can read and act on (unknown id, bad filter, broken contracts), not a protocol error. */
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
 * Keeps a list within the result budget: items are added in order until their JSON, with `rest`
 * (the other fields of the answer), would pass the data's share of `MAX_RESULT_BYTES`; `truncated`
 * says whether any were left out.
 */
export function capToBudget<T>(items: readonly T[], limit: number, rest: Record<string, unknown> = {}): { items: T[]; truncated: boolean } {
  const budget = DATA_BUDGET_BYTES - bytes(rest);
  const out: T[] = [];
  let size = 0;
  for (const item of items) {
    if (out.length >= limit) break;
    const length = bytes(item) + 1;
    if (size + length > budget) break;
    size += length;
    out.push(item);
  }
  return { items: out, truncated: out.length < items.length };
}
