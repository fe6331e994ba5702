import { z } from 'zod';
import { importLine } from '../../contracts/components.js';
import { guarded, ok } from '../result.js';
import { READ_ONLY, type ToolModule } from './tool.js';

const TYPES = ['interactive', 'input', 'display', 'container'] as const;

export const tool: ToolModule<{ category?: string; type?: (typeof TYPES)[number] }> = {
  name: 'list_components',
  title: 'List components',
  description: 'Use to find which design-system component fits a need before building one: every component with its id, category, type and one-line description (and, for components scanned from the application code, its import line and an example). Filter by category or type; then call get_component.',
  inputSchema: {
    category: z.string().min(1).optional().describe('Only this category (e.g. "actions", "inputs").'),
    type: z.enum(TYPES).optional().describe('Only this type.'),
  },
  outputSchema: {
    total: z.number(),
    components: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        category: z.string(),
        type: z.string(),
        status: z.string(),
        description: z.string(),
        // Only for contracts scanned from the app's code: the import line and the example to start from.
        import: z.string().optional(),
        example: z.string().optional(),
      }),
    ),
  },
  annotations: READ_ONLY,
  handler: (context) => async ({ category, type }) =>
    guarded(() => {
      const components = context
        .contracts()
        .components.components.map((c) => c.contract)
        .filter((c) => (category === undefined || c.category.toLowerCase() === category.toLowerCase()) && (type === undefined || c.type === type))
        .map((c) => {
          const line = importLine(c);
          return { id: c.id, name: c.name, category: c.category, type: c.type, status: c.status, description: c.description, ...(line === undefined ? {} : { import: line }), ...(c.example === undefined ? {} : { example: c.example }) };
        });
      return ok({ total: components.length, components });
    }),
};
