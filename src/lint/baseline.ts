import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../io/atomic-write.js';
import { parseConfigDocument, readJsonDocument } from '../project/read-json.js';
import type { Project } from '../project/project.js';
import type { FileReport } from './report.js';
import { lintProject } from './run.js';
import type { Violation } from './types.js';

const EntrySchema = z.strictObject({
  file: z.string().min(1),
  ruleId: z.string().min(1),
  fingerprint: z.string().min(1),
  token: z.string(),
  severity: z.enum(['error', 'warn']),
});
const BaselineSchema = z.strictObject({ version: z.literal(1), entries: z.array(EntrySchema) });
export type BaselineEntry = z.output<typeof EntrySchema>;

/**
 * Accepted findings keyed by path + rule + content fingerprint (never line numbers), so code can move
 * without breaking the baseline and `./a.html` and `a.html` are one file.
 */
export function readBaseline(absPath: string, displayPath: string): BaselineEntry[] {
  const doc = readJsonDocument(absPath, displayPath, 'baseline file');
  return parseConfigDocument(doc, BaselineSchema, 'baseline/invalid', 'baseline').entries;
}

export function baselineEntries(reports: readonly FileReport[]): BaselineEntry[] {
  const entries: BaselineEntry[] = [];
  for (const report of reports) {
    for (const v of report.result?.violations ?? []) {
      entries.push({ file: report.file, ruleId: v.ruleId, fingerprint: v.fingerprint, token: v.token, severity: v.severity });
    }
  }
  return entries.sort((a, b) => a.file.localeCompare(b.file) || a.ruleId.localeCompare(b.ruleId) || a.fingerprint.localeCompare(b.fingerprint));
}

/** Deterministic: sorted, stable key order, trailing newline; byte-identical for the same findings. */
export function writeBaseline(absPath: string, reports: readonly FileReport[]): number {
  const entries = baselineEntries(reports);
  writeFileAtomic(absPath, JSON.stringify({ version: 1, entries }, null, 2) + '\n');
  return entries.length;
}

export interface BaselineComparison {
  /** Findings not in the baseline: every error and every warning here fails the run. */
  readonly fresh: ReadonlyMap<string, readonly Violation[]>;
  /** How many findings the baseline accepted. */
  readonly accepted: number;
  /** Baseline entries of linted files whose finding is gone: safe to prune. */
  readonly prunable: readonly BaselineEntry[];
}

export function compareWithBaseline(reports: readonly FileReport[], entries: readonly BaselineEntry[]): BaselineComparison {
  const key = (file: string, ruleId: string, fingerprint: string) => `${file}\u0000${ruleId}\u0000${fingerprint}`;
  const known = new Map(entries.map((e) => [key(e.file, e.ruleId, e.fingerprint), e]));
  const matched = new Set<string>();
  const fresh = new Map<string, Violation[]>();
  let accepted = 0;
  for (const report of reports) {
    for (const v of report.result?.violations ?? []) {
      const k = key(report.file, v.ruleId, v.fingerprint);
      if (known.has(k)) {
        matched.add(k);
        accepted++;
      } else {
        fresh.set(report.file, [...(fresh.get(report.file) ?? []), v]);
      }
    }
  }
  const linted = new Set(reports.filter((r) => r.result).map((r) => r.file));
  const prunable = entries.filter((e) => linted.has(e.file) && !matched.has(key(e.file, e.ruleId, e.fingerprint)));
  return { fresh, accepted, prunable };
}

/**
 * The starter's pages carry deliberate violations (they teach what the rules catch); its baseline
 * records them, so `dsctl lint --baseline` — the starter's CI command — starts green and fails on new ones.
 */
export async function seedBaseline(project: Project, options: { force?: boolean } = {}): Promise<{ path: string; count: number } | undefined> {
  const configured = project.config.lint.baseline;
  if (!configured) return undefined;
  const path = resolve(project.root, configured);
  if (existsSync(path) && !options.force) return undefined;
  const { reports } = await lintProject(project, { cwd: project.root });
  return { path: configured, count: writeBaseline(path, reports) };
}
