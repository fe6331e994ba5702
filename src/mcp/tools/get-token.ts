import { z } from 'zod';
import { nearestNames } from '../../diagnostics/did-you-mean.js';
import { cssVarName } from '../../views/generators/css-values.js';
import { fail, guarded, ok } from '../result.js';
import { READ_ONLY, type ToolModule } from './tool.js';

export const TOKEN_OUTPUT = {
  path: z.string(),
  type: z.string(),
  value: z.unknown(),
  resolved: z.unknown(),
  aliasChain: z.array(z.string()),
  description: z.string().optional(),
  deprecated: z.union([z.string(), z.boolean()]).optional(),
  cssVariable: z.string(),
};

export const tool: ToolModule<{ path: string }> = {
  name: 'get_token',
  title: 'Get a design token',
  description:
    'Use to resolve a token path (DTCG, e.g. "color.semantic.light.primary") to its value: follows aliases (aliasChain), gives the type, the resolved DTCG value, the CSS custom property, and deprecation with what to use instead. Never hard-code a value you can get from here.',
  inputSchema: { path: z.string().min(1).describe('Dotted token path, e.g. "spacing.4".') },
  outputSchema: TOKEN_OUTPUT,
  annotations: READ_ONLY,
  handler: (context) => async ({ path }) =>
    guarded(() => {
      const project = context.project();
      const token = project.tokens.tokens.get(path.trim());
      if (!token) {
        const hint = nearestNames(path, project.tokens.tokens.keys());
        return fail(`No token "${path}"${hint ? ` — ${hint}` : '.'} Use search_tokens to find one by meaning.`);
      }
      return ok({
        path: token.path,
        type: token.type,
        value: token.value,
        resolved: token.resolved,
        aliasChain: [...token.aliasChain],
        ...(token.description === undefined ? {} : { description: token.description }),
        ...(token.deprecated === undefined ? {} : { deprecated: token.deprecated }),
        cssVariable: cssVarName(token.path),
      });
    }),
};
