import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterEach } from 'vitest';
import { createMcpContext, type McpContext } from '../../src/mcp/context.js';
import { createServer } from '../../src/mcp/server.js';
import { starterProject } from '../support/project.js';

export type ToolResult = { isError?: boolean; structuredContent?: Record<string, unknown>; content: { type: string; text?: string }[] };

export interface Connection {
  readonly client: Client;
  readonly dir: string;
  /** UTF-8 size of every JSON-RPC message the server sent, as it went over the transport. */
  readonly wire: number[];
}

const open: Client[] = [];
afterEach(async () => {
  for (const client of open.splice(0)) await client.close();
});

/** A real SDK client talking to a fresh server (one session) over the SDK's in-memory transport. */
export async function connect(dir = starterProject(), context?: McpContext): Promise<Connection> {
  const server = createServer({ cwd: dir, version: 'test' }, context ?? createMcpContext({ cwd: dir }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const wire: number[] = [];
  const send = serverSide.send.bind(serverSide);
  serverSide.send = (message, options) => {
    wire.push(Buffer.byteLength(JSON.stringify(message), 'utf8'));
    return send(message, options);
  };
  await server.connect(serverSide);
  const client = new Client({ name: 'test', version: '1' });
  await client.connect(clientSide);
  open.push(client);
  return { client, dir, wire };
}

export const call = async (client: Client, name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as ToolResult;
export const text = (r: ToolResult) => r.content.map((c) => c.text ?? '').join('');
