import axe from 'axe-core';

/**
 * axe rules that measure the rendered page (colours after the cascade, boxes, scrolling). jsdom has
 * no layout engine, so on jsdom they are not run and are reported as not checked, never as passed:
 * contrast and target size are checked in a real browser.
 */
export const LAYOUT_RULES = ['color-contrast', 'color-contrast-enhanced', 'link-in-text-block', 'target-size', 'scrollable-region-focusable'] as const;

/** The WCAG 2.x A and AA rules: what a component, rather than a whole page, can be held to. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

export interface AxeReport {
  readonly violations: readonly axe.Result[];
  /** Rules that ran and found nothing wrong. */
  readonly passed: readonly string[];
  /** Rules disabled on jsdom, and rules axe could not decide (its "incomplete"): not checked. */
  readonly notChecked: readonly string[];
}

const notCheckedSeen = new Set<string>();

/** Runs axe on `root` with the layout rules off; what was not checked is collected for the summary line. */
export async function runAxe(root: Element): Promise<AxeReport> {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: TAGS },
    rules: Object.fromEntries(LAYOUT_RULES.map((id) => [id, { enabled: false }])),
  });
  const notChecked = [...new Set([...LAYOUT_RULES, ...results.incomplete.map((r) => r.id)])].sort();
  for (const id of notChecked) notCheckedSeen.add(id);
  return { violations: results.violations, passed: results.passes.map((r) => r.id).filter((id) => !notChecked.includes(id)), notChecked };
}

/** Fails with every violation spelled out (rule, impact, the offending markup); returns the report. */
export async function expectNoAxeViolations(root: Element): Promise<AxeReport> {
  const report = await runAxe(root);
  if (report.violations.length > 0) {
    const lines = report.violations.flatMap((v) => [`${v.id} (${v.impact ?? 'n/a'}): ${v.help}`, ...v.nodes.map((n) => `  ${n.html}`)]);
    throw new Error(`axe found ${report.violations.length} violation(s):\n${lines.join('\n')}`);
  }
  return report;
}

/** The one line a test file prints: what axe did not check here, so nobody reads a pass into it. */
export function notCheckedSummary(): string | undefined {
  if (notCheckedSeen.size === 0) return undefined;
  return `axe on jsdom: not checked (needs a browser's layout): ${[...notCheckedSeen].sort().join(', ')}`;
}
