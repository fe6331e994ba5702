import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createMcpContext, type McpContext } from './context.js';
import { registerResources } from './resources.js';
import { createSession } from './session.js';
import { TOOLS } from './tools/index.js';

// Clients cut instructions at 2,048 characters; the workflow lives in tool descriptions and `next`.
export const INSTRUCTIONS =
  "dsctl serves this repository's design system: its tokens, component contracts and rules, and a checker. " +
  'Before writing UI, look up the component (get_component) and tokens (search_tokens, get_token); never invent values. ' +
  'Check every piece of UI with check_html and follow its `next`. A passing check means "lint-clean draft", not brand approval. ' +
  'Never edit the contracts, DESIGN.md body, AGENTS.md, the policy or the baseline: those are human decisions.';

/**
 * One server per client session. It serves even while the contracts are broken: tools list as
 * always and each answers isError with the located problems, until the files are fixed on disk.
 */
export function createServer(options: { cwd: string; configPath?: string | undefined; version: string }, context: McpContext = createMcpContext(options)): McpServer {
  const server = new McpServer({ name: 'dsctl', version: options.version }, { instructions: INSTRUCTIONS, capabilities: { tools: {}, resources: {} } });
  const session = createSession();
  for (const tool of TOOLS) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema, annotations: tool.annotations },
      tool.handler(context, session) as never,
    );
  }
  registerResources(server, context);
  return server;
}
