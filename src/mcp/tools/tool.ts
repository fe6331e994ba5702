import type { CallToolResult, ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { ZodRawShape } from 'zod';
import type { McpContext } from '../context.js';
import type { McpSession } from '../session.js';

/** One MCP tool: its public contract (name, schemas, annotations) and a handler over the core. */
export interface ToolModule<Args = Record<string, unknown>> {
  readonly name: string;
  readonly title: string;
  /** When to use it: the workflow lives here and in `next`, not in the server instructions. */
  readonly description: string;
  readonly inputSchema: ZodRawShape;
  readonly outputSchema: ZodRawShape;
  readonly annotations: ToolAnnotations;
  /** `session` is this client's state; most tools ignore it. */
  handler(context: McpContext, session: McpSession): (args: Args) => Promise<CallToolResult>;
}

export const READ_ONLY: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
