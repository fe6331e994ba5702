import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { UserError } from '../diagnostics/user-error.js';
import { createMcpContext } from '../mcp/context.js';
import { createServer } from '../mcp/server.js';
import type { CommandContext } from './context.js';
import { VERSION } from './version.js';

export interface McpOptions {
  readonly http?: string;
}

/**
 * `dsctl mcp [--http PORT]`: the MCP server on stdio (stdout is the protocol; people read stderr), or
 * Streamable HTTP on 127.0.0.1 only, with DNS-rebinding protection. Resolves when the transport closes.
 */
export async function runMcp(ctx: CommandContext, options: McpOptions): Promise<number> {
  const settings = { cwd: ctx.io.cwd, configPath: ctx.configPath, version: VERSION };
  const context = createMcpContext(settings);
  // Fail before the first request when the project cannot be served at all.
  context.project();
  if (options.http === undefined) {
    const server = createServer(settings, context);
    const transport = new StdioServerTransport();
    // The SDK drops a line that is not JSON-RPC silently; JSON-RPC 2.0 says to answer it (id null).
    transport.onerror = (error) => {
      const parse = error instanceof SyntaxError;
      const code = parse ? -32700 : -32600;
      const message = parse ? `Parse error: ${error.message}` : 'Invalid Request: not a JSON-RPC 2.0 message';
      process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message } })}\n`);
    };
    const closed = new Promise<void>((resolve) => {
      transport.onclose = () => resolve();
      process.stdin.on('end', () => resolve());
    });
    await server.connect(transport);
    ctx.io.stderr(`dsctl mcp: serving ${context.project().config.name ?? 'the design system'} on stdio\n`);
    await closed;
    await server.close();
    return 0;
  }

  const port = Number(options.http);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UserError('usage/http', `--http expects a port number, got "${options.http}"`);
  const http = createHttpServer((req, res) => void handle(req, res));
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.url !== '/mcp') {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found: the MCP endpoint is /mcp' }));
      return;
    }
    const address = http.address();
    const bound = typeof address === 'object' && address ? address.port : port;
    // Stateless: a server and transport per request, as the SDK recommends for simple servers.
    const server = createServer(settings, context);
    const transport = new StreamableHTTPServerTransport({
      // undefined: stateless (the SDK's own type says so, but exactOptionalPropertyTypes does not).
      sessionIdGenerator: undefined as unknown as () => string,
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${bound}`, `localhost:${bound}`],
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(req, res);
  };
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(port, '127.0.0.1', () => resolve());
  });
  const address = http.address();
  ctx.io.stderr(`dsctl mcp: serving on http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/mcp\n`);
  await new Promise<void>((resolve) => {
    const stop = () => http.close(() => resolve());
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
}
