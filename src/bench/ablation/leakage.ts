import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { UserError } from '../../diagnostics/user-error.js';
import type { AblationTask } from './spec.js';
import { workspaceFiles } from './workspace.js';

/*
 * Leakage controls of a rebuild task: the target and every story or test that imports it are removed,
 * each redaction cuts an exact text (checked up front: a redaction that matches nothing is an error
 * before any run), and a leak report lists what of the original is still to be found.
 */

const TEST_LIKE = /(^|\/)(__tests__\/|[^/]+\.(test|spec|stories)\.[cm]?[jt]sx?$)/;
const IMPORT = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)['"]([^'"]+)['"]/g;
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|json|md|mdx|html|vue|css|scss|ya?ml|txt|svelte)$/i;

export interface RemovedFile {
  readonly path: string;
  readonly why: string;
}

export interface LeakReport {
  readonly workspace: string;
  readonly arm: string;
  readonly task: string;
  readonly trial: number;
  readonly removed: readonly RemovedFile[];
  readonly redacted: readonly { readonly file: string; readonly text: string; readonly count: number }[];
  /** What of the original remains: an import of the target, a redacted text, the target itself. */
  readonly leaks: readonly { readonly file: string; readonly line: number; readonly what: string }[];
}

const stem = (path: string) => basename(path, extname(path)).toLowerCase();

/** Specifiers a source imports. */
function imports(text: string): string[] {
  return [...text.matchAll(IMPORT)].map((m) => m[1] as string);
}

const importsTarget = (text: string, target: string) => imports(text).some((s) => stem(s.split('/').pop() ?? s) === stem(target));

/** Every redaction of every task must match in the untouched copy; all misses are listed at once. */
export function checkRedactions(dir: string, tasks: readonly AblationTask[]): void {
  const misses: string[] = [];
  for (const task of tasks) {
    if (!existsSync(join(dir, task.target))) misses.push(`task ${task.id}: the target ${task.target} is not in the committed tree (a rebuild task needs a known component)`);
    for (const r of task.redactions) {
      const file = join(dir, r.file);
      if (!existsSync(file)) misses.push(`task ${task.id}: redaction file ${r.file} is not in the committed tree`);
      else if (!readFileSync(file, 'utf8').includes(r.text)) misses.push(`task ${task.id}: redaction ${JSON.stringify(r.text.length > 60 ? `${r.text.slice(0, 60)}…` : r.text)} matches nothing in ${r.file}`);
    }
  }
  if (misses.length) throw new UserError('bench/redaction-unmatched', `${misses.length} leakage control(s) match nothing; no run was started (a redaction that matches nothing protects nothing)`, { details: misses });
}

/** Applies the task's controls to a workspace (after the arm's): target, importing tests and stories, redactions. */
export function applyLeakControls(dir: string, task: AblationTask): { removed: RemovedFile[]; redacted: LeakReport['redacted'] } {
  const removed: RemovedFile[] = [];
  const redacted: { file: string; text: string; count: number }[] = [];
  for (const r of task.redactions) {
    const file = join(dir, r.file);
    if (!existsSync(file)) continue; // the arm removed it already
    const text = readFileSync(file, 'utf8');
    const count = text.split(r.text).length - 1;
    writeFileSync(file, text.split(r.text).join(r.replacement));
    redacted.push({ file: r.file, text: r.text.length > 60 ? `${r.text.slice(0, 60)}…` : r.text, count });
  }
  if (existsSync(join(dir, task.target))) {
    rmSync(join(dir, task.target));
    removed.push({ path: task.target, why: 'the target the agent rebuilds' });
  }
  for (const f of workspaceFiles(dir)) {
    if (!TEST_LIKE.test(f) || !TEXT_FILE.test(f)) continue;
    if (importsTarget(readFileSync(join(dir, f), 'utf8'), task.target)) {
      rmSync(join(dir, f));
      removed.push({ path: f, why: `a story or test that imports ${task.target}` });
    }
  }
  return { removed, redacted };
}

/** What of the original is still there after the controls. */
export function findLeaks(dir: string, task: AblationTask): LeakReport['leaks'] {
  const leaks: { file: string; line: number; what: string }[] = [];
  if (existsSync(join(dir, task.target))) leaks.push({ file: task.target, line: 1, what: 'the target itself' });
  for (const f of workspaceFiles(dir)) {
    if (!TEXT_FILE.test(f)) continue;
    const text = readFileSync(join(dir, f), 'utf8');
    const lines = text.split('\n');
    for (const r of task.redactions) {
      const i = lines.findIndex((l) => l.includes(r.text.split('\n')[0] as string));
      if (i >= 0 && text.includes(r.text)) leaks.push({ file: f, line: i + 1, what: `redacted text ${JSON.stringify(r.text.slice(0, 40))}` });
    }
    if (/\.[cm]?[jt]sx?$|\.vue$|\.svelte$/.test(f) && importsTarget(text, task.target)) {
      const i = lines.findIndex((l) => importsTarget(l, task.target));
      leaks.push({ file: f, line: i + 1, what: `imports ${task.target}` });
    }
  }
  return leaks;
}
