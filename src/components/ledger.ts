import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { parseJsonDocument, type JsonDocument } from '../diagnostics/json-source.js';
import type { Problem } from '../diagnostics/problem.js';
import { problem, zodIssuesToProblems } from '../diagnostics/schema-issues.js';
import { canonicalJson } from '../governance/canonical-json.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { readText } from '../io/read-text.js';
import { invalidFileError } from '../project/read-json.js';
import { ComponentRunSchema, HANDOFF_DIR, RUN_SUFFIX, RunLedgerSchema, runKey, type ComponentRun } from './run-record.js';

/** The committed ledger, project-relative (ADR-007: reviewer and no-reviewer runs compared per tier). */
export const LEDGER_FILE = 'design/run-ledger.json';

/** A run record read from its handoff file. */
export interface RunFile {
  /** Project-relative. */
  readonly file: string;
  readonly run: ComponentRun;
  readonly doc: JsonDocument;
}

export interface FoldResult {
  /** Every entry, sorted by ranAt then component: the existing ones exactly as they were. */
  readonly entries: readonly ComponentRun[];
  /** Keys of the runs appended by this fold. */
  readonly added: readonly string[];
  /** A ledger entry that differs from the run file it came from: reported, never overwritten. */
  readonly conflicts: readonly Problem[];
}

/**
 * Folds run records into the ledger's entries. Append-only: a run already in the ledger (same
 * `component@ranAt`) is never written again; when its run file now says something else, the ledger
 * entry was edited (or the run file was), which is reported and the ledger's version kept.
 */
export function foldRuns(existing: readonly ComponentRun[], runs: readonly RunFile[], ledgerDoc?: JsonDocument): FoldResult {
  const byKey = new Map(existing.map((entry, index) => [runKey(entry), { entry, index }]));
  const added: string[] = [];
  const conflicts: Problem[] = [];
  const entries = [...existing];
  for (const { file, run } of runs) {
    const key = runKey(run);
    const known = byKey.get(key);
    if (!known) {
      byKey.set(key, { entry: run, index: entries.push(run) - 1 });
      added.push(key);
    } else if (canonicalJson(known.entry) !== canonicalJson(run) && !added.includes(key)) {
      const message = `ledger entry ${key} differs from ${file}: ledger entries never change, so the ledger keeps its version; if the entry was edited by hand, restore it from git`;
      conflicts.push(ledgerDoc ? problem(ledgerDoc, 'ledger/entry-edited', 'error', message, `/entries/${known.index}`) : { severity: 'error', code: 'ledger/entry-edited', message, file: LEDGER_FILE });
    }
  }
  return { entries: sortRuns(entries), added, conflicts };
}

/** By time (offsets understood), then component: the order the ledger is written in. */
export function sortRuns(runs: readonly ComponentRun[]): ComponentRun[] {
  return [...runs].sort((a, b) => Date.parse(a.ranAt) - Date.parse(b.ranAt) || a.ranAt.localeCompare(b.ranAt) || a.component.localeCompare(b.component));
}

/** Every `.dsctl/handoff/*.run.json`, validated; any malformed file is a located UserError (all of them at once). */
export function readRunFiles(root: string): RunFile[] {
  const dir = join(root, HANDOFF_DIR);
  if (!existsSync(dir)) return [];
  const problems: Problem[] = [];
  const runs: RunFile[] = [];
  for (const name of readdirSync(dir).filter((f) => f.endsWith(RUN_SUFFIX)).sort()) {
    const file = `${HANDOFF_DIR}/${name}`;
    const doc = parseJsonDocument(readText(join(dir, name), file, 'run record'), file);
    // One run, or the runs `dsctl component add` appended (an array, oldest first).
    const many = Array.isArray(doc.value);
    const parsed = (many ? z.array(ComponentRunSchema) : ComponentRunSchema.transform((run) => [run])).safeParse(doc.value);
    if (!parsed.success) {
      problems.push(...zodIssuesToProblems(parsed.error.issues, doc, 'ledger/run-invalid'));
      continue;
    }
    const expected = name.slice(0, -RUN_SUFFIX.length);
    for (const [index, run] of parsed.data.entries()) {
      if (run.component !== expected) {
        problems.push(problem(doc, 'ledger/run-invalid', 'error', `component "${run.component}" does not match the file name ${name} (expected "${expected}")`, many ? `/${index}/component` : '/component'));
        continue;
      }
      runs.push({ file, run, doc });
    }
  }
  if (problems.length) throw invalidFileError('ledger/run-invalid', `${problems.length} problem(s) in the run records of ${HANDOFF_DIR}: nothing was written`, problems);
  return runs;
}

/** The ledger's entries (none when it does not exist yet); a malformed ledger is a located UserError. */
export function readLedger(root: string, file = LEDGER_FILE): { entries: ComponentRun[]; schema?: string; doc?: JsonDocument } {
  const path = join(root, file);
  if (!existsSync(path)) return { entries: [] };
  const doc = parseJsonDocument(readText(path, file, 'run ledger'), file);
  const parsed = RunLedgerSchema.safeParse(doc.value);
  if (!parsed.success) throw invalidFileError('ledger/invalid', `${file}: invalid run ledger`, zodIssuesToProblems(parsed.error.issues, doc, 'ledger/invalid'), doc.text);
  return { entries: parsed.data.entries, ...(parsed.data.$schema === undefined ? {} : { schema: parsed.data.$schema }), doc };
}

export interface LedgerUpdate extends FoldResult {
  readonly file: string;
  /** Whether the ledger file was (re)written: only when runs were added. */
  readonly written: boolean;
}

/** `dsctl ledger`: fold the handoff run records into the committed ledger, atomically, writing only when something was added. */
export function updateLedger(root: string, file = LEDGER_FILE): LedgerUpdate {
  const runs = readRunFiles(root);
  const ledger = readLedger(root, file);
  const result = foldRuns(ledger.entries, runs, ledger.doc);
  const written = result.added.length > 0;
  if (written) writeFileAtomic(join(root, file), `${JSON.stringify({ ...(ledger.schema === undefined ? {} : { $schema: ledger.schema }), version: 1, entries: result.entries }, null, 2)}\n`);
  return { ...result, file, written };
}
