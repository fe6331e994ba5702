import { z } from 'zod';
import { AUTOMATION_STATUSES } from './rule-types.js';

/**
 * The fields of a rule that are not its detector's, as zod: with the detectors' check objects they
 * make rules.schema.json (scripts/rules-schema.ts) and the Rule type (rule-types.ts, types only).
 * Contracts are validated by the compiled schema, never by these: loading a project needs no zod.
 */

// With an id, each is one entry of the schema's $defs, which every check object refers to.
export const nonEmptyString = z.string().min(1).meta({ id: 'nonEmptyString' });
export const stringList = z.array(nonEmptyString).min(1).meta({ id: 'stringList' });

/** What the rule is; listed first in a rule. */
export const ruleIdentity = {
  id: z.string().regex(/^[A-Z][A-Z0-9_]+$/).describe('Stable rule id, SCREAMING_SNAKE_CASE.'),
  category: nonEmptyString.describe('Grouping such as color, spacing, typography, accessibility, composition.'),
  severity: z.enum(['error', 'warn']),
  description: nonEmptyString,
};

/** What the Tailwind class detectors match; which detector reads which is its `meta.patterns`. */
export const patternFields = {
  pattern: z.string().min(1).optional().describe('A regular expression matched against class bases.'),
  matchPatterns: stringList.optional().describe('Exact class bases (or base segments).'),
  prefixPatterns: stringList.optional().describe('Class-base prefixes.'),
};

/** How findings and tools treat the rule; listed after the check objects. */
export const ruleHandling = {
  alternative: nonEmptyString.optional().describe('What to write instead; shown with every finding.'),
  contractLint: z.enum(['enforce', 'warn', 'skip']).optional().describe('How component-contract linting treats this rule.'),
  requiresContext: z.boolean().optional().describe('True when the rule can only be judged with context a static checker does not have.'),
  automationStatus: z.enum(AUTOMATION_STATUSES),
};
