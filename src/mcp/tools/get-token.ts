import { z } from 'zod';
import { nearestNames } from '../../diagnostics/did-you-mean.js';
import { fail, guarded, ok } from '../result.js';
import { tokenUsageIndex } from '../token-usage.js';
import { READ_ONLY, type ToolModule } from './tool.js';
import { TOKEN_DETAIL_OUTPUT, TOKEN_USAGE_OUTPUT } from './token-output.js';

export const TOKEN_OUTPUT = {
  path: z.string(),
  type: z.string(),
  ...TOKEN_USAGE_OUTPUT,
  utilities: z.array(z.string()).describe('Every utility class of the token, the one to prefer first.'),
  value: z.unknown(),
  resolved: z.unknown(),
  aliasChain: z.array(z.string()),
  description: z.string().optional(),
  deprecated: z.union([z.string(), z.boolean()]).optional(),
  ...TOKEN_DETAIL_OUTPUT,
};

export const tool: ToolModule<{ path: string }> = {
  name: 'get_token',
  title: 'Get a design token',
  description:
    'Use to resolve a token path (DTCG, e.g. "color.semantic.light.fg-muted") to how UI uses it: first the utility class (text-fg-muted) and the CSS variable that switches with the theme (--color-fg-muted), then the type, value, aliasChain, resolved DTCG value, deprecation with what to use instead, and the token\'s own one-theme variable. Never hard-code a value you can get from here.',
  inputSchema: { path: z.string().min(1).describe('Dotted token path, e.g. "spacing.4".') },
  outputSchema: TOKEN_OUTPUT,
  annotations: READ_ONLY,
  handler: (context) => async ({ path }) =>
    guarded(() => {
      const project = context.contracts();
      const token = project.tokens.tokens.get(path.trim());
      if (!token) {
        const hint = nearestNames(path, project.tokens.tokens.keys());
        return fail(`No token "${path}"${hint ? ` — ${hint}` : '.'} Use search_tokens to find one by meaning.`);
      }
      const { tokenVariable, utilities, ...lead } = tokenUsageIndex(project)(token);
      return ok({
        path: token.path,
        type: token.type,
        ...lead,
        utilities: [...utilities],
        value: token.value,
        resolved: token.resolved,
        aliasChain: [...token.aliasChain],
        ...(token.description === undefined ? {} : { description: token.description }),
        ...(token.deprecated === undefined ? {} : { deprecated: token.deprecated }),
        tokenVariable,
      });
    }),
};
