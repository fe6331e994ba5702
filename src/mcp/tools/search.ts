import { z } from 'zod';
import { searchContracts } from '../../contracts/search.js';
import { capToBudget, guarded, ok } from '../result.js';
import { READ_ONLY, type ToolModule } from './tool.js';

const LIMIT = 25;

export const tool: ToolModule<{ query: string }> = {
  name: 'search',
  title: 'Search the design system',
  description:
    'Use when you do not know where something lives: one ranked search over tokens, components and rules (ids, names, descriptions, values). Follow up with get_token, get_component or get_rules.',
  inputSchema: { query: z.string().min(1).describe('Words, e.g. "close dialog" or "spacing 16".') },
  outputSchema: {
    total: z.number(),
    truncated: z.boolean(),
    results: z.array(z.object({ kind: z.enum(['token', 'component', 'rule']), id: z.string(), title: z.string(), snippet: z.string(), score: z.number() })),
  },
  annotations: READ_ONLY,
  handler: (context) => async ({ query }) =>
    guarded(() => {
      const hits = searchContracts(context.contracts(), query);
      const { items, truncated } = capToBudget(hits, LIMIT);
      return ok({ total: hits.length, truncated, results: items });
    }),
};
