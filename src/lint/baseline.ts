import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../io/atomic-write.js';
import { parseConfigDocument, readJsonDocument } from '../project/read-json.js';
import type { Project } from '../project/project.js';
import type { FileReport } from './report.js';
import { lintProject } from './run.js';
import { PARSE_ERROR, type Violation } from './types.js';

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
      // A file that does not parse was not checked at all: accepting that would hide every finding in it.
      if (v.ruleId === PARSE_ERROR) continue;
      entries.push({ file: report.file, ruleId: v.ruleId, fingerprint: v.fingerprint, token: v.token, severity: v.severity });
    }
  }
  return sortEntries(entries);
}

function sortEntries(entries: BaselineEntry[]): BaselineEntry[] {
  return entries.sort((a, b) => a.file.localeCompare(b.file) || a.ruleId.localeCompare(b.ruleId) || a.fingerprint.localeCompare(b.fingerprint));
}

/** Deterministic: sorted, stable key order, trailing newline; byte-identical for the same findings. */
export function writeBaseline(absPath: string, reports: readonly FileReport[]): number {
  const entries = baselineEntries(reports);
  writeBaselineEntries(absPath, entries);
  return entries.length;
}

function writeBaselineEntries(absPath: string, entries: readonly BaselineEntry[]): void {
  writeFileAtomic(absPath, JSON.stringify({ version: 1, entries: sortEntries([...entries]) }, null, 2) + '\n');
}

export interface BaselineUpdate {
  /** Findings of this run written to the baseline. */
  readonly written: number;
  /** Files whose entries were replaced: the linted ones, and deleted ones in scope. */
  readonly files: number;
  /** Entries of other files, kept as they were. */
  readonly kept: number;
}

/**
 * `--baseline-write F <paths…>`: replaces the entries of the files this run linted (and drops those
 * of deleted files the paths cover) and keeps every other entry as it was. A file that could not be
 * linted keeps its entries: nothing is known about its findings.
 */
export function updateBaseline(absPath: string, displayPath: string, reports: readonly FileReport[], inScope: (file: string) => boolean, exists: (file: string) => boolean): BaselineUpdate {
  const previous = existsSync(absPath) ? readBaseline(absPath, displayPath) : [];
  const linted = new Set(reports.filter((r) => r.result).map((r) => r.file));
  const replaced = (e: BaselineEntry) => linted.has(e.file) || (inScope(e.file) && !exists(e.file));
  const kept = previous.filter((e) => !replaced(e));
  const fresh = baselineEntries(reports);
  writeBaselineEntries(absPath, [...kept, ...fresh]);
  const files = new Set([...linted, ...previous.filter(replaced).map((e) => e.file)]);
  return { written: fresh.length, files: files.size, kept: kept.length };
}

/** Why a baseline entry can go: its finding was fixed, or its file no longer exists. */
export type PruneReason = 'fixed' | 'file-deleted';
export type PrunableEntry = BaselineEntry & { readonly reason: PruneReason };

export interface BaselineComparison {
  /** Findings not in the baseline: every error and every warning here fails the run. */
  readonly fresh: ReadonlyMap<string, readonly Violation[]>;
  /** How many findings the baseline accepted. */
  readonly accepted: number;
  /** Baseline entries safe to prune: of linted files whose finding is gone, and of files that no longer exist. */
  readonly prunable: readonly PrunableEntry[];
}

export interface CompareOptions {
  /** Whether a project-relative file exists; without it, entries of deleted files are not looked for. */
  readonly exists?: (file: string) => boolean;
}

export function compareWithBaseline(reports: readonly FileReport[], entries: readonly BaselineEntry[], options: CompareOptions = {}): BaselineComparison {
  const key = (file: string, ruleId: string, fingerprint: string) => `${file}\u0000${ruleId}\u0000${fingerprint}`;
  const known = new Map(entries.map((e) => [key(e.file, e.ruleId, e.fingerprint), e]));
  const matched = new Set<string>();
  const fresh = new Map<string, Violation[]>();
  let accepted = 0;
  for (const report of reports) {
    for (const v of report.result?.violations ?? []) {
      const k = key(report.file, v.ruleId, v.fingerprint);
      if (known.has(k) && v.ruleId !== PARSE_ERROR) {
        matched.add(k);
        accepted++;
      } else {
        fresh.set(report.file, [...(fresh.get(report.file) ?? []), v]);
      }
    }
  }
  const linted = new Set(reports.filter((r) => r.result).map((r) => r.file));
  const existence = new Map<string, boolean>();
  const deleted = (file: string) => {
    if (!options.exists || linted.has(file)) return false;
    if (!existence.has(file)) existence.set(file, options.exists(file));
    return existence.get(file) === false;
  };
  const prunable: PrunableEntry[] = [];
  for (const e of entries) {
    if (linted.has(e.file) && !matched.has(key(e.file, e.ruleId, e.fingerprint))) prunable.push({ ...e, reason: 'fixed' });
    else if (deleted(e.file)) prunable.push({ ...e, reason: 'file-deleted' });
  }
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
