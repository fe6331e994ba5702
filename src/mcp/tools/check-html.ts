import { z } from 'zod';
import { SOURCE_TYPES, type Coverage, type LintResult } from '../../lint/types.js';
import type { McpSession } from '../session.js';
import { capToBudget, fail, guarded, ok } from '../result.js';
import { READ_ONLY, type ToolModule } from './tool.js';

interface Args {
  source: string;
  sourceType?: (typeof SOURCE_TYPES)[number];
  filename?: string;
  coverage?: CoverageDetail;
}

const COVERAGE_DETAILS = ['summary', 'full'] as const;
type CoverageDetail = (typeof COVERAGE_DETAILS)[number];
const MAX_UNCHECKED = 50;

/**
 * Which rules were checked is the same for every call, so the lists (44 rules in the starter) come
 * once a session — on the first check — or when asked for; otherwise the counts and the summary.
 * What this source hid from the rules (`unchecked`) is about this call, so it always comes.
 */
function coverageOf(coverage: Coverage, wanted: CoverageDetail | undefined, session: McpSession): Record<string, unknown> {
  const detail = wanted ?? (session.coverageListed ? 'summary' : 'full');
  if (detail === 'full') session.coverageListed = true;
  const counts = {
    detail,
    summary: coverage.summary,
    automatedCount: coverage.automated.length,
    notAutomatedCount: coverage.notAutomated.length,
    uncheckedCount: coverage.unchecked.length,
    // A page of template expressions can hold thousands; the first ones show where to look.
    unchecked: coverage.unchecked.slice(0, MAX_UNCHECKED),
  };
  return detail === 'full' ? { ...counts, automated: [...coverage.automated], notAutomated: [...coverage.notAutomated] } : counts;
}

/** What the agent should do next: repair and re-check, or stop because the rest is a human's call. */
function nextStep(result: LintResult): string {
  if (!result.passed) {
    return `Fix the ${result.errorCount} error(s) using each violation's alternative, then call check_html again with the whole revised source. Do not relax rules or write to the baseline.`;
  }
  const manual = result.coverage.notAutomated.length;
  return `Lint-clean draft${result.warnCount ? ` with ${result.warnCount} warning(s) worth fixing` : ''}. Stop here: it is not brand-approved — ${manual} rule(s) need a person (coverage.notAutomated; pass coverage: "full" to list them again), so report it as a draft for human review.`;
}

export const tool: ToolModule<Args> = {
  name: 'check_html',
  title: 'Check UI source against the design system',
  description:
    'Use on every piece of UI you write, before saving it: lints HTML, JSX/TSX, Vue or CSS source against every automated rule and returns violations with line:column and the alternative to use, what it could not check, and `next` — what to do now. The rule coverage lists come with the first check of a session (coverage: "full" asks for them again, "summary" never). passed: true only means "lint-clean draft", never brand-approved.',
  inputSchema: {
    source: z.string().describe('The complete source to check.'),
    sourceType: z.enum(SOURCE_TYPES).optional().describe('Defaults to the filename extension, else html.'),
    filename: z.string().min(1).optional().describe('Used for the source type and in the result.'),
    coverage: z.enum(COVERAGE_DETAILS).optional().describe('full: list every rule checked and not checked; summary: counts only. Default: full on the first check of the session, then summary.'),
  },
  outputSchema: {
    passed: z.boolean(),
    label: z.string(),
    errorCount: z.number(),
    warnCount: z.number(),
    truncated: z.boolean(),
    violations: z.array(
      z.object({
        ruleId: z.string(),
        severity: z.enum(['error', 'warn']),
        message: z.string(),
        alternative: z.string().optional(),
        token: z.string(),
        line: z.number(),
        column: z.number(),
        endLine: z.number(),
        endColumn: z.number(),
      }),
    ),
    coverage: z.object({
      detail: z.enum(COVERAGE_DETAILS),
      summary: z.string(),
      automatedCount: z.number(),
      notAutomatedCount: z.number(),
      uncheckedCount: z.number(),
      unchecked: z.array(z.object({ line: z.number(), column: z.number(), reason: z.string() })),
      automated: z.array(z.string()).optional(),
      notAutomated: z.array(z.object({ ruleId: z.string(), automationStatus: z.string(), reason: z.string() })).optional(),
    }),
    next: z.string(),
  },
  annotations: READ_ONLY,
  handler: (context, session) => async ({ source, sourceType, filename, coverage }) =>
    guarded(async () => {
      // One project load per call: it stats every contract file to notice edits.
      const project = context.contracts();
      const limit = project.config.lint.maxFileSize;
      if (source.length > limit) {
        return fail(`source is ${source.length} characters, over the ${limit} of lint.maxFileSize: check it in smaller parts (one component or page at a time).`);
      }
      const result = (await context.linter(project)).lint(source, { ...(sourceType === undefined ? {} : { sourceType }), ...(filename === undefined ? {} : { filename }) });
      const violations = result.violations.map(({ fingerprint: _fingerprint, ...v }) => v);
      const covered = coverageOf(result.coverage, coverage, session);
      const next = nextStep(result);
      const { items, truncated } = capToBudget(violations, 1000, { covered, next });
      return ok({
        passed: result.passed,
        label: result.label,
        errorCount: result.errorCount,
        warnCount: result.warnCount,
        truncated,
        violations: items,
        coverage: covered,
        next,
      });
    }),
};
