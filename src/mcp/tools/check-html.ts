import { z } from 'zod';
import { SOURCE_TYPES, type LintResult } from '../../lint/types.js';
import { capToBudget, fail, guarded, ok } from '../result.js';
import { READ_ONLY, type ToolModule } from './tool.js';

interface Args {
  source: string;
  sourceType?: (typeof SOURCE_TYPES)[number];
  filename?: string;
}

/** What the agent should do next: repair and re-check, or stop because the rest is a human's call. */
function nextStep(result: LintResult): string {
  if (!result.passed) {
    return `Fix the ${result.errorCount} error(s) using each violation's alternative, then call check_html again with the whole revised source. Do not relax rules or write to the baseline.`;
  }
  const manual = result.coverage.notAutomated.length;
  return `Lint-clean draft${result.warnCount ? ` with ${result.warnCount} warning(s) worth fixing` : ''}. Stop here: it is not brand-approved — ${manual} rule(s) need a person (see coverage.notAutomated), so report it as a draft for human review.`;
}

export const tool: ToolModule<Args> = {
  name: 'check_html',
  title: 'Check UI source against the design system',
  description:
    'Use on every piece of UI you write, before saving it: lints HTML, JSX/TSX, Vue or CSS source against every automated rule and returns violations with line:column and the alternative to use, the rules it could not check, and `next` — what to do now. passed: true only means "lint-clean draft", never brand-approved.',
  inputSchema: {
    source: z.string().describe('The complete source to check.'),
    sourceType: z.enum(SOURCE_TYPES).optional().describe('Defaults to the filename extension, else html.'),
    filename: z.string().min(1).optional().describe('Used for the source type and in the result.'),
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
      automated: z.array(z.string()),
      notAutomated: z.array(z.object({ ruleId: z.string(), automationStatus: z.string(), reason: z.string() })),
      unchecked: z.array(z.object({ line: z.number(), column: z.number(), reason: z.string() })),
      summary: z.string(),
    }),
    next: z.string(),
  },
  annotations: READ_ONLY,
  handler: (context) => async ({ source, sourceType, filename }) =>
    guarded(async () => {
      // One project load per call: it stats every contract file to notice edits.
      const project = context.project();
      const limit = project.config.lint.maxFileSize;
      if (source.length > limit) {
        return fail(`source is ${source.length} characters, over the ${limit} of lint.maxFileSize: check it in smaller parts (one component or page at a time).`);
      }
      const result = (await context.linter(project)).lint(source, { ...(sourceType === undefined ? {} : { sourceType }), ...(filename === undefined ? {} : { filename }) });
      const violations = result.violations.map(({ fingerprint: _fingerprint, ...v }) => v);
      const { items, truncated } = capToBudget(violations, 1000);
      return ok({
        passed: result.passed,
        label: result.label,
        errorCount: result.errorCount,
        warnCount: result.warnCount,
        truncated,
        violations: items,
        coverage: { ...result.coverage, automated: [...result.coverage.automated], notAutomated: [...result.coverage.notAutomated], unchecked: [...result.coverage.unchecked] },
        next: nextStep(result),
      });
    }),
};
