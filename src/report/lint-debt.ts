import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { readBaseline, type BaselineEntry } from '../lint/baseline.js';
import type { FileReport } from '../lint/report.js';
import { git, gitShow, isGitWorkTree } from '../io/git.js';
import type { LintData } from './data.js';

const TOP_FILES = 10;
/** Commits of the baseline read for its history: the newest ones; older ones are left out of the chart. */
const MAX_BASELINE_COMMITS = 200;

/** Entries of a baseline as committed at `commit`, or undefined when it does not parse there (its history is a chart, not a check). */
function entriesAt(root: string, commit: string, file: string): number | undefined {
  const text = gitShow(root, commit, file);
  if (text === undefined) return 0;
  try {
    const value = JSON.parse(text) as { entries?: unknown };
    return Array.isArray(value.entries) ? value.entries.length : undefined;
  } catch {
    return undefined;
  }
}

/** The baseline's size at each commit that changed it, oldest first: computed from git, never stored. */
export function baselineHistory(root: string, file: string): LintData['baselineHistory'] {
  if (!isGitWorkTree(root)) return [];
  let log: string;
  try {
    // %cI: committer date, strict ISO; the data's own time.
    log = git(root, ['log', `--max-count=${MAX_BASELINE_COMMITS}`, '--format=%H %cI', '--', file]);
  } catch {
    return []; // a repository without commits
  }
  const points: { commit: string; date: string; entries: number }[] = [];
  for (const line of log.split('\n').filter(Boolean).reverse()) {
    const [commit, date] = line.split(' ') as [string, string];
    const entries = entriesAt(root, commit, file);
    if (entries !== undefined) points.push({ commit: commit.slice(0, 12), date, entries });
  }
  return points;
}

/** Findings by rule (and how many the baseline accepts), the files with most findings, the disable comments by rule and reason. */
export function lintSection(root: string, baselineFile: string | undefined, reports: readonly FileReport[]): LintData {
  let baseline: BaselineEntry[] | undefined;
  if (baselineFile !== undefined && existsSync(join(root, baselineFile))) baseline = readBaseline(join(root, baselineFile), baselineFile);
  const accepted = new Set((baseline ?? []).map((e) => `${e.file}\0${e.ruleId}\0${e.fingerprint}`));
  const byRule = new Map<string, { errors: number; warnings: number; baselined: number }>();
  const byFile = new Map<string, number>();
  const disables = new Map<string, { ruleId: string; reason: string; count: number; unused: number }>();
  let findings = 0;
  let files = 0;
  for (const report of reports) {
    if (!report.result) continue;
    files++;
    for (const v of report.result.violations) {
      findings++;
      const row = byRule.get(v.ruleId) ?? { errors: 0, warnings: 0, baselined: 0 };
      if (v.severity === 'error') row.errors++;
      else row.warnings++;
      if (accepted.has(`${report.file}\0${v.ruleId}\0${v.fingerprint}`)) row.baselined++;
      byRule.set(v.ruleId, row);
      byFile.set(report.file, (byFile.get(report.file) ?? 0) + 1);
    }
    for (const d of report.result.coverage.disables ?? []) {
      const reason = d.reason.trim() || '(no reason given)';
      const key = `${d.ruleId}\0${reason}`;
      const row = disables.get(key) ?? { ruleId: d.ruleId, reason, count: 0, unused: 0 };
      row.count++;
      if (!d.used) row.unused++;
      disables.set(key, row);
    }
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    baselineFile: baselineFile ?? null,
    baselineNow: baseline === undefined ? null : baseline.length,
    baselineHistory: baselineFile === undefined ? [] : baselineHistory(root, baselineFile),
    files,
    findings,
    byRule: [...byRule.entries()].map(([ruleId, r]) => ({ ruleId, ...r })).sort((a, b) => b.errors + b.warnings - (a.errors + a.warnings) || cmp(a.ruleId, b.ruleId)),
    topFiles: [...byFile.entries()]
      .map(([file, n]) => ({ file, findings: n }))
      .sort((a, b) => b.findings - a.findings || cmp(a.file, b.file))
      .slice(0, TOP_FILES),
    disables: [...disables.values()].sort((a, b) => b.count - a.count || cmp(a.ruleId, b.ruleId) || cmp(a.reason, b.reason)),
  };
}
