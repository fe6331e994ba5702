import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { AdoptPlan } from './plan.js';

/**
 * Writes every file of the plan all-or-nothing as far as a file system allows: first every new content
 * to a temp file beside its target (a failure here — disk full, permissions — removes the temp files and
 * leaves the repository exactly as it was), then one rename per file, each atomic as in writeFileAtomic.
 * The renames go in plan order, dsctl's new files first and the user's files last, package.json at the
 * very end: a crash between two renames leaves complete files only, and running `dsctl init` again
 * finishes the job (every merge is idempotent).
 */
export function applyPlan(plan: AdoptPlan): string[] {
  const staged: { temp: string; target: string; path: string }[] = [];
  try {
    for (const write of plan.writes) {
      const target = join(plan.root, write.path);
      mkdirSync(dirname(target), { recursive: true });
      const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`);
      staged.push({ temp, target, path: write.path });
      writeFileSync(temp, write.content);
    }
  } catch (error) {
    for (const { temp } of staged) rmSync(temp, { force: true });
    throw error;
  }
  for (const { temp, target } of staged) renameSync(temp, target);
  return staged.map((s) => s.path);
}
