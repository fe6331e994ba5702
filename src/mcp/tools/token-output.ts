import { z } from 'zod';

/**
 * How to use a token, first in every token answer: the class and the variable that follows the
 * theme lead; the token's own (one-theme) variable comes after, as detail.
 */
export const TOKEN_USAGE_OUTPUT = {
  cssVariable: z.string().describe('The CSS variable to write: for a colour role it switches between light and dark (--color-fg-muted).'),
  utility: z.string().optional().describe('The utility class to write, e.g. text-fg-muted.'),
  switchesTheme: z.boolean(),
  usage: z.string(),
};

export const TOKEN_DETAIL_OUTPUT = {
  tokenVariable: z.string().describe("The token's own tokens.css property; for a colour role, one theme's value only."),
};
