import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { UserError } from '../diagnostics/user-error.js';
import { packageVersion } from '../project/package-root.js';

/*
 * dsctl's own MCP server (`dsctl mcp`, a child process over stdio: exactly what an agent gets), reached
 * through the real MCP SDK client. The benchmark offers the model what `tools/list` returns and the
 * server's own instructions: nothing is written a second time. One server a trial, so nothing a session
 * remembers (coverage lists already sent) leaks into the next trial.
 */

export interface McpTool {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

export interface ToolCallResult {
  readonly text: string;
  readonly isError: boolean;
}

export interface McpTools {
  readonly tools: readonly McpTool[];
  /** The server's instructions (the `full` condition's). */
  readonly instructions: string;
  call(name: string, args: unknown): Promise<ToolCallResult>;
  close(): Promise<void>;
}

/** How to start the server: the running dsctl's entry script, for this project. */
export interface McpServerLaunch {
  readonly dsctlBin: string | undefined;
  readonly root: string;
  readonly configPath: string;
}

export async function openMcpTools(launch: McpServerLaunch): Promise<McpTools> {
  if (launch.dsctlBin === undefined) throw new UserError('bench/mcp', "the tool conditions need dsctl's MCP server, and the dsctl binary to start it is unknown");
  const transport = new StdioClientTransport({ command: process.execPath, args: [launch.dsctlBin, '--config', launch.configPath, 'mcp'], cwd: launch.root, stderr: 'ignore' });
  const client = new Client({ name: 'dsctl-bench', version: packageVersion() });
  await client.connect(transport);
  const listed = await client.listTools();
  const tools = listed.tools.map((t) => ({ name: t.name, description: t.description ?? '', inputSchema: t.inputSchema as Record<string, unknown> }));
  return {
    tools,
    instructions: client.getInstructions() ?? '',
    async call(name, args) {
      try {
        const result = (await client.callTool({ name, arguments: (args ?? {}) as Record<string, unknown> })) as { isError?: boolean; content?: { type: string; text?: string }[] };
        return { text: (result.content ?? []).map((c) => c.text ?? '').join(''), isError: result.isError === true };
      } catch (error) {
        // An unknown tool or bad arguments is a JSON-RPC error: the model sees it as a failed call.
        return { text: error instanceof Error ? error.message : String(error), isError: true };
      }
    },
    close: () => client.close(),
  };
}

export interface McpSignature {
  /** Sorted by name: names, descriptions and schemas all change what a model does. */
  readonly tools: readonly McpTool[];
  readonly instructions: string;
}

export async function mcpSignature(launch: McpServerLaunch): Promise<McpSignature> {
  const mcp = await openMcpTools(launch);
  try {
    return { tools: [...mcp.tools].sort((a, b) => a.name.localeCompare(b.name)), instructions: mcp.instructions };
  } finally {
    await mcp.close();
  }
}
