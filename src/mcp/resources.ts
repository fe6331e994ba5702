import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, ReadResourceRequestSchema, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { isUserError } from '../diagnostics/user-error.js';
import type { McpContext } from './context.js';

/** MCP's "resource not found" (the spec's resources page); the SDK answers -32602 instead. */
export const RESOURCE_NOT_FOUND = -32002;

const COMPONENT_PREFIX = 'dsctl://components/';

/**
 * A JSON-RPC error the SDK sends as it is (it reads `code`, `message`, `data`). Not McpError: that
 * puts "MCP error <code>:" into the message, and the client adds it once more.
 */
class ResourceError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: { uri: string },
  ) {
    super(message);
  }
}

interface StaticResource {
  readonly name: string;
  readonly uri: string;
  readonly title: string;
  readonly description: string;
  readonly mimeType: string;
  read(context: McpContext): string;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** Read-only resources: the constitution, tokens, rules, components; one more per component (the template). */
const RESOURCES: readonly StaticResource[] = [
  {
    name: 'design-constitution',
    uri: 'dsctl://design-constitution',
    title: 'DESIGN.md',
    description: 'The design constitution: principles, quick reference, generated token front matter.',
    mimeType: 'text/markdown',
    // Only the config is needed: the constitution is readable while the contracts are broken.
    read: (context) => {
      const { root, config } = context.project();
      return readFileSync(join(root, config.designMd), 'utf8');
    },
  },
  {
    name: 'tokens',
    uri: 'dsctl://tokens',
    title: 'Design tokens',
    description: 'Every token: path, type, value, resolved value, aliases, deprecation.',
    mimeType: 'application/json',
    read: (context) => json({ tokens: [...context.contracts().tokens.tokens.values()].map(({ line: _l, column: _c, pointer: _p, ...t }) => t) }),
  },
  { name: 'rules', uri: 'dsctl://rules', title: 'Rules', description: 'The rules of rules.json.', mimeType: 'application/json', read: (context) => json({ rules: context.contracts().rules.rules }) },
  {
    name: 'components',
    uri: 'dsctl://components',
    title: 'Components',
    description: 'Every component contract.',
    mimeType: 'application/json',
    read: (context) => json({ components: context.contracts().components.components.map((c) => c.contract) }),
  },
];

function readComponent(context: McpContext, uri: string, id: string): ReadResourceResult {
  const entry = context.contracts().components.byId.get(id);
  if (!entry) throw notFound(uri, `No component "${id}" (see dsctl://components).`);
  return { contents: [{ uri, mimeType: 'application/json', text: json(entry.contract) }] };
}

/** A component id from the URI, or undefined when it cannot be one (empty, nested, bad escape). */
function decodeId(raw: string): string | undefined {
  if (raw === '' || /[/?#]/.test(raw)) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

function notFound(uri: string, why: string): ResourceError {
  return new ResourceError(RESOURCE_NOT_FOUND, `Resource not found: ${why}`, { uri });
}

/**
 * Answers resources/read. The SDK's own dispatcher calls an unknown URI invalid params (-32602) and
 * lets a template callback's error become -32603; MCP says -32002, so dsctl dispatches itself. Broken
 * contracts are a server fault (-32603) whose message locates the problems, as the tools' isError does.
 */
function readResource(context: McpContext, uri: string): ReadResourceResult {
  try {
    const known = RESOURCES.find((r) => r.uri === uri);
    if (known) return { contents: [{ uri, mimeType: known.mimeType, text: known.read(context) }] };
    if (uri.startsWith(COMPONENT_PREFIX)) {
      const id = uri.slice(COMPONENT_PREFIX.length);
      const decoded = decodeId(id);
      if (decoded !== undefined) return readComponent(context, uri, decoded);
    }
  } catch (error) {
    if (isUserError(error)) throw new ResourceError(ErrorCode.InternalError, [error.message, ...error.details].join('\n'));
    throw error;
  }
  throw notFound(uri, `dsctl serves ${[...RESOURCES.map((r) => r.uri), `${COMPONENT_PREFIX}{id}`].join(', ')}; not ${uri}.`);
}

/** One resource per component; none while the contracts are broken, so resources/list still answers. */
function listComponents(context: McpContext): { uri: string; name: string; mimeType: string; description: string }[] {
  const served = context.project();
  if (!served.loaded || served.errors.length > 0) return [];
  return served.loaded.components.components.map((c) => ({ uri: `${COMPONENT_PREFIX}${c.contract.id}`, name: c.contract.name, mimeType: 'application/json', description: c.contract.description }));
}

export function registerResources(server: McpServer, context: McpContext): void {
  // Registered with the SDK for resources/list and resources/templates/list; reads go through readResource.
  for (const resource of RESOURCES) {
    server.registerResource(resource.name, resource.uri, { title: resource.title, description: resource.description, mimeType: resource.mimeType }, (uri) => readResource(context, uri.href));
  }
  server.registerResource(
    'component',
    new ResourceTemplate(`${COMPONENT_PREFIX}{id}`, {
      list: () => ({ resources: listComponents(context) }),
    }),
    { title: 'Component contract', description: 'One component contract by id.', mimeType: 'application/json' },
    (uri) => readResource(context, uri.href),
  );
  server.server.setRequestHandler(ReadResourceRequestSchema, (request) => readResource(context, request.params.uri));
}
