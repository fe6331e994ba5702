import type { ThemeIndex } from '../contracts/theme-index.js';
import { themeTokenOfUtility, utilityPrefixOf } from '../contracts/utility-prefixes.js';
import { parseClassToken } from '../lint/class-token.js';

/**
 * The tokens a class list uses through the theme (`hover:bg-primary` → `color.semantic.light.primary`),
 * each with the first class that names it. Arbitrary values name no token; opacity modifiers are dropped.
 */
export function tokensOfClasses(classes: string, theme: ThemeIndex): Map<string, string> {
  const used = new Map<string, string>();
  for (const raw of classes.split(/\s+/)) {
    if (raw === '') continue;
    const parsed = parseClassToken(raw);
    if (parsed.arbitraryValue !== undefined || parsed.unmodified.includes('[')) continue;
    const utility = parsed.negative ? parsed.unmodified.slice(1) : parsed.unmodified;
    const named = utilityPrefixOf(utility);
    const token = named && themeTokenOfUtility(named.entry, named.name, theme);
    if (token && !used.has(token.path)) used.set(token.path, raw);
  }
  return used;
}
