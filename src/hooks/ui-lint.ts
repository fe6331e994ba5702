import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import picomatch from 'picomatch';
import { compareWithBaseline, readBaseline, type BaselineEntry } from '../lint/baseline.js';
import { sourceTypeOf } from '../lint/engine.js';
import { lintFiles } from '../lint/report.js';
import type { Violation } from '../lint/types.js';
import { relativeInside } from '../io/paths.js';
import { loadValidProject, type Project } from '../project/project.js';

export interface FileLint {
  readonly file: string;
  /** Findings that are new against the baseline: what the hooks block or warn on. */
  readonly errors: readonly Violation[];
  readonly warnings: readonly Violation[];
  /** Findings the baseline already accepts (legacy debt): left alone, so an agent editing an old file is not pushed into unrelated rewrites. */
  readonly baselined: number;
}

const MAX_LISTED = 10;

/** A UI file the hooks lint: a lintable type, inside the project, and not under `hookExclusions`. */
export function lintableUiFile(project: Project, path: string, cwd: string): string | undefined {
  const abs = isAbsolute(path) ? path : resolve(cwd, path);
  if (!sourceTypeOf(abs)) return undefined;
  const rel = relativeInside(project.root, abs);
  if (rel === undefined || rel === '') return undefined;
  if (picomatch([...project.policy.hookExclusions], { dot: true })(rel)) return undefined;
  return rel;
}

/** Lints UI files as they are on disk now (missing files are skipped: deleted is not dirty). */
export async function lintUiFiles(cwd: string, paths: readonly string[]): Promise<FileLint[]> {
  const project = loadValidProject({ cwd });
  const files = [...new Set(paths.map((p) => lintableUiFile(project, p, cwd)).filter((f): f is string => f !== undefined))];
  if (files.length === 0) return [];
  const baseline = readBaselineOrNone(project);
  const out: FileLint[] = [];
  // A file that could not be linted (binary, over lint.maxFileSize) is not dirty either: `dsctl lint` says why.
  for (const { file, result } of await lintFiles(project, files, { missing: 'skip' })) {
    if (!result) continue;
    const fresh = compareWithBaseline([{ file, result }], baseline).fresh.get(file) ?? [];
    out.push({ file, errors: fresh.filter((v) => v.severity === 'error'), warnings: fresh.filter((v) => v.severity === 'warn'), baselined: result.violations.length - fresh.length });
  }
  return out;
}

/** The project's baseline entries; none when there is no baseline, or it cannot be read (then every finding counts: stricter, never looser). */
function readBaselineOrNone(project: Project): BaselineEntry[] {
  const rel = project.config.lint.baseline;
  if (rel === undefined) return [];
  const abs = resolve(project.root, rel);
  if (!existsSync(abs)) return [];
  try {
    return readBaseline(abs, rel);
  } catch {
    return [];
  }
}

/** At most ten findings, each with its place and what to use instead: enough for the agent to repair. */
export function describeFindings(lints: readonly FileLint[], which: 'errors' | 'warnings'): string {
  const lines: string[] = [];
  let shown = 0;
  let total = 0;
  for (const lint of lints) {
    for (const v of lint[which]) {
      total++;
      if (shown >= MAX_LISTED) continue;
      shown++;
      lines.push(`- ${lint.file}:${v.line}:${v.column} ${v.ruleId}: ${v.message}${v.alternative ? ` → ${v.alternative}` : ''}`);
    }
  }
  if (total > shown) lines.push(`… and ${total - shown} more (run \`dsctl lint\` for all)`);
  return lines.join('\n');
}
