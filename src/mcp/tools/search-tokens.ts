import { z } from 'zod';
import { TOKEN_TYPES } from '../../contracts/token-types.js';
import { searchContracts } from '../../contracts/search.js';
import { cssVarName } from '../../views/generators/css-values.js';
import { capToBudget, guarded, ok } from '../result.js';
import { READ_ONLY, type ToolModule } from './tool.js';

const LIMIT = 50;

export const tool: ToolModule<{ query: string; type?: (typeof TOKEN_TYPES)[number] }> = {
  name: 'search_tokens',
  title: 'Search design tokens',
  description:
    'Use when you need a value for a purpose ("muted text", "card radius", "modal z-index") instead of inventing one: ranked tokens whose path, description or value match every word of the query, optionally of one DTCG type. Then use the token (or its utility class) rather than a raw value.',
  inputSchema: {
    query: z.string().min(1).describe('Words describing the need, e.g. "danger background".'),
    type: z.enum(TOKEN_TYPES).optional().describe('Only tokens of this DTCG type.'),
  },
  outputSchema: {
    total: z.number(),
    truncated: z.boolean(),
    tokens: z.array(z.object({ path: z.string(), type: z.string(), resolved: z.unknown(), description: z.string().optional(), deprecated: z.union([z.string(), z.boolean()]).optional(), cssVariable: z.string() })),
  },
  annotations: READ_ONLY,
  handler: (context) => async ({ query, type }) =>
    guarded(() => {
      const project = context.project();
      const tokens = searchContracts(project, query, ['token'])
        .map((hit) => project.tokens.tokens.get(hit.id))
        .filter((t) => t !== undefined && (type === undefined || t.type === type))
        .map((t) => ({
          path: t!.path,
          type: t!.type,
          resolved: t!.resolved,
          ...(t!.description === undefined ? {} : { description: t!.description }),
          ...(t!.deprecated === undefined ? {} : { deprecated: t!.deprecated }),
          cssVariable: cssVarName(t!.path),
        }));
      const { items, truncated } = capToBudget(tokens, LIMIT);
      return ok({ total: tokens.length, truncated, tokens: items });
    }),
};
