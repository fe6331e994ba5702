import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { McpContext } from './context.js';

const json = (uri: string, value: unknown) => ({ contents: [{ uri, mimeType: 'application/json', text: `${JSON.stringify(value, null, 2)}\n` }] });

/** Read-only resources: the constitution, tokens, rules, components, and one resource per component. */
export function registerResources(server: McpServer, context: McpContext): void {
  server.registerResource(
    'design-constitution',
    'dsctl://design-constitution',
    { title: 'DESIGN.md', description: 'The design constitution: principles, quick reference, generated token front matter.', mimeType: 'text/markdown' },
    (uri) => {
      const project = context.project();
      return { contents: [{ uri: uri.href, mimeType: 'text/markdown', text: readFileSync(join(project.root, project.config.designMd), 'utf8') }] };
    },
  );
  server.registerResource('tokens', 'dsctl://tokens', { title: 'Design tokens', description: 'Every token: path, type, value, resolved value, aliases, deprecation.', mimeType: 'application/json' }, (uri) =>
    json(uri.href, { tokens: [...context.project().tokens.tokens.values()].map(({ line: _l, column: _c, pointer: _p, ...t }) => t) }),
  );
  server.registerResource('rules', 'dsctl://rules', { title: 'Rules', description: 'The rules of rules.json.', mimeType: 'application/json' }, (uri) =>
    json(uri.href, { rules: context.project().rules.rules }),
  );
  server.registerResource('components', 'dsctl://components', { title: 'Components', description: 'Every component contract.', mimeType: 'application/json' }, (uri) =>
    json(uri.href, { components: context.project().components.components.map((c) => c.contract) }),
  );
  server.registerResource(
    'component',
    new ResourceTemplate('dsctl://components/{id}', {
      list: () => ({
        resources: context.project().components.components.map((c) => ({ uri: `dsctl://components/${c.contract.id}`, name: c.contract.name, mimeType: 'application/json', description: c.contract.description })),
      }),
    }),
    { title: 'Component contract', description: 'One component contract by id.', mimeType: 'application/json' },
    (uri, { id }) => {
      const entry = context.project().components.byId.get(String(id));
      if (!entry) throw new Error(`No component "${String(id)}" (see dsctl://components).`);
      return json(uri.href, entry.contract);
    },
  );
}
