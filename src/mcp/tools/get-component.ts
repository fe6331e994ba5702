import { z } from 'zod';
import { importLine } from '../../contracts/components.js';
import { nearestNames } from '../../diagnostics/did-you-mean.js';
import { fail, guarded, ok } from '../result.js';
import { READ_ONLY, type ToolModule } from './tool.js';

export const tool: ToolModule<{ id: string }> = {
  name: 'get_component',
  title: 'Get a component contract',
  description:
    'Use before writing markup for a component: returns its full contract — variants and sizes with their exact classes, states, tokens, accessibility (role, ARIA, keyboard), composition, usage and anti-patterns, and a canonical htmlSample to start from; for a component scanned from the application code, also how to import it (`import`), its props with their types and an `example` in its own syntax. `id` is the component id or name, case-insensitive (e.g. "button", "IconButton").',
  inputSchema: { id: z.string().min(1).describe('Component id or name, e.g. "button" or "Tabs".') },
  outputSchema: {
    file: z.string(),
    component: z.record(z.string(), z.unknown()),
    // Only for a contract scanned from the app's code (dsctl components scan): how the app imports it.
    import: z.string().optional(),
  },
  annotations: READ_ONLY,
  handler: (context) => async ({ id }) =>
    guarded(() => {
      const { components } = context.contracts().components;
      const wanted = id.trim().toLowerCase();
      const entry = components.find((c) => c.contract.id.toLowerCase() === wanted || c.contract.name.toLowerCase() === wanted);
      if (!entry) {
        const names = components.flatMap((c) => [c.contract.id, c.contract.name]);
        const hint = nearestNames(id, names);
        return fail(`No component "${id}"${hint ? ` — ${hint}` : '.'} Known components: ${components.map((c) => c.contract.id).join(', ')}.`);
      }
      const line = importLine(entry.contract);
      return ok({ file: entry.file, component: entry.contract as unknown as Record<string, unknown>, ...(line === undefined ? {} : { import: line }) });
    }),
};
