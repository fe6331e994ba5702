import { z } from 'zod';

/*
 * What a review of a component hands back (ADR-007 stage 4): the reviewer's findings as JSON, checked by
 * the runner against this schema and written by the runner (never the agent) to
 * `.dsctl/handoff/<Name>.review.json`. The same shape serves the in-session self-review of the standard path.
 */

export const SEVERITIES = ['high', 'medium', 'low'] as const;
const text = z.string().regex(/\S/, 'expected non-blank text');

const Finding = z.strictObject({
  severity: z.enum(SEVERITIES),
  file: text,
  issue: text,
  fix: text,
});

const A11yFinding = z.strictObject({
  severity: z.enum(SEVERITIES),
  issue: text.describe('What the a11y test or the component misses: a keyboard interaction, a state, focus movement, an ARIA attribute.'),
  fix: text,
  interaction: z.string().optional().describe("The contract's keyboard interaction or state it is about."),
});

export const ReviewSchema = z.strictObject({
  component: text,
  reviewedAt: z.iso.datetime({ offset: true }),
  path: z.enum(['full', 'standard']),
  lint: z.array(text).describe('Lint findings the reviewer saw or ran into (the runner adds dsctl lint results).'),
  codeReview: z.array(Finding),
  a11y: z.array(A11yFinding),
  verdict: z.enum(['clean', 'changes-required']),
});

export type Review = z.output<typeof ReviewSchema>;
export type ReviewFinding = z.output<typeof Finding> | (z.output<typeof A11yFinding> & { readonly file?: string });

/** The JSON Schema the agent's final answer must satisfy (the stage's outputSchema). */
// Draft-07 and no `$schema`: Claude Code's --json-schema validator knows no 2020-12 meta-schema.
export const REVIEW_JSON_SCHEMA: Readonly<Record<string, unknown>> = (() => {
  const { $schema: _meta, ...schema } = z.toJSONSchema(ReviewSchema, { target: 'draft-7' }) as Record<string, unknown>;
  return schema;
})();

/** The findings the author must apply: high and medium. */
export function findingsToApply(review: Review): string[] {
  return [
    ...review.codeReview.filter((f) => f.severity !== 'low').map((f) => `${f.severity}: ${f.file}: ${f.issue} (fix: ${f.fix})`),
    ...review.a11y.filter((f) => f.severity !== 'low').map((f) => `${f.severity}: a11y${f.interaction ? ` (${f.interaction})` : ''}: ${f.issue} (fix: ${f.fix})`),
  ];
}

/** Every finding as one line, for the ledger's `reviewerFindings`. */
export function findingLines(review: Review): string[] {
  return [
    ...review.codeReview.map((f) => `${f.severity}: ${f.file}: ${f.issue}`),
    ...review.a11y.map((f) => `${f.severity}: a11y${f.interaction ? ` (${f.interaction})` : ''}: ${f.issue}`),
  ];
}
