import { z } from 'zod';
import { DETECTOR_IDS, isAutomated } from '../../contracts/rule-types.js';
import { capToBudget, fail, guarded, ok } from '../result.js';
import { READ_ONLY, type ToolModule } from './tool.js';

interface Args {
  category?: string;
  severity?: 'error' | 'warn';
  detector?: (typeof DETECTOR_IDS)[number];
  automated?: boolean;
}

export const tool: ToolModule<Args> = {
  name: 'get_rules',
  title: 'Get design-system rules',
  description:
    'Use before writing UI to learn what is forbidden and what to use instead: rules with id, severity, description, alternative and whether check_html checks them automatically (automated: false means a person or test must). Filter by category, severity, detector or automated.',
  inputSchema: {
    category: z.string().min(1).optional().describe('Only this category (unknown categories are an error listing the known ones).'),
    severity: z.enum(['error', 'warn']).optional(),
    detector: z.enum(DETECTOR_IDS).optional(),
    automated: z.boolean().optional().describe('true: only rules check_html runs; false: only rules it cannot check.'),
  },
  outputSchema: {
    total: z.number(),
    truncated: z.boolean(),
    rules: z.array(
      z.object({
        id: z.string(),
        category: z.string(),
        severity: z.enum(['error', 'warn']),
        description: z.string(),
        alternative: z.string().optional(),
        detector: z.string(),
        automated: z.boolean(),
        automationStatus: z.string(),
      }),
    ),
  },
  annotations: READ_ONLY,
  handler: (context) => async ({ category, severity, detector, automated }) =>
    guarded(() => {
      const { rules } = context.contracts().rules;
      const categories = [...new Set(rules.map((r) => r.category))].sort();
      if (category !== undefined && !categories.includes(category)) {
        return fail(`Unknown category "${category}". Known categories: ${categories.join(', ')}.`);
      }
      const list = rules
        .filter((r) => (category === undefined || r.category === category) && (severity === undefined || r.severity === severity) && (detector === undefined || r.detector === detector) && (automated === undefined || isAutomated(r) === automated))
        .map((r) => ({
          id: r.id,
          category: r.category,
          severity: r.severity,
          description: r.description,
          ...(r.alternative === undefined ? {} : { alternative: r.alternative }),
          detector: r.detector,
          automated: isAutomated(r),
          automationStatus: r.automationStatus,
        }));
      const { items, truncated } = capToBudget(list, 500);
      return ok({ total: list.length, truncated, rules: items });
    }),
};
