import { z } from 'zod';
import { TOKEN_TYPES } from '../../contracts/token-types.js';
import { searchContracts } from '../../contracts/search.js';
import { capToBudget, guarded, ok } from '../result.js';
import { tokenUsageIndex } from '../token-usage.js';
import { READ_ONLY, type ToolModule } from './tool.js';
import { TOKEN_DETAIL_OUTPUT, TOKEN_USAGE_OUTPUT } from './token-output.js';

const LIMIT = 50;

export const tool: ToolModule<{ query: string; type?: (typeof TOKEN_TYPES)[number] }> = {
  name: 'search_tokens',
  title: 'Search design tokens',
  description:
    'Use when you need a value for a purpose ("muted text", "card radius", "modal z-index") instead of inventing one: ranked tokens whose path, description or value match every word of the query, optionally of one DTCG type. Each leads with the utility class and the CSS variable to write (colour roles switch with the theme); write those, never the raw value or the one-theme tokenVariable.',
  inputSchema: {
    query: z.string().min(1).describe('Words describing the need, e.g. "danger background".'),
    type: z.enum(TOKEN_TYPES).optional().describe('Only tokens of this DTCG type.'),
  },
  outputSchema: {
    total: z.number(),
    truncated: z.boolean(),
    tokens: z.array(
      z.object({
        path: z.string(),
        type: z.string(),
        ...TOKEN_USAGE_OUTPUT,
        resolved: z.unknown(),
        description: z.string().optional(),
        deprecated: z.union([z.string(), z.boolean()]).optional(),
        ...TOKEN_DETAIL_OUTPUT,
      }),
    ),
  },
  annotations: READ_ONLY,
  handler: (context) => async ({ query, type }) =>
    guarded(() => {
      const project = context.contracts();
      const usage = tokenUsageIndex(project);
      const tokens = searchContracts(project, query, ['token'])
        .map((hit) => project.tokens.tokens.get(hit.id))
        .filter((t) => t !== undefined && (type === undefined || t.type === type))
        .map((t) => {
          const { tokenVariable, utilities: _utilities, ...lead } = usage(t!);
          return {
            path: t!.path,
            type: t!.type,
            ...lead,
            resolved: t!.resolved,
            ...(t!.description === undefined ? {} : { description: t!.description }),
            ...(t!.deprecated === undefined ? {} : { deprecated: t!.deprecated }),
            tokenVariable,
          };
        });
      const { items, truncated } = capToBudget(tokens, LIMIT);
      return ok({ total: tokens.length, truncated, tokens: items });
    }),
};
