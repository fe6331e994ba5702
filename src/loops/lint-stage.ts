import { lintFiles } from '../lint/report.js';
import type { NotAutomated, Violation } from '../lint/types.js';
import type { Project } from '../project/project.js';

/*
 * The verify stage W1 and W4 share (the seed playbook's backlog asks for one core): lint files with the
 * same `lint()` every surface uses, and keep what a loop needs as plain JSON, so the result survives a
 * resume and goes into prompts and escalations as is.
 */

export interface FileLintSummary {
  readonly file: string;
  /** False when the file is missing or unreadable; `problem` says why. */
  readonly read: boolean;
  readonly problem?: string;
  readonly errorCount: number;
  readonly warnCount: number;
  readonly violations: readonly Violation[];
  readonly notAutomated: readonly NotAutomated[];
}

/** Lints project-relative files (exclusions do not apply: a loop checks exactly what it names). */
export async function lintFilesForLoop(project: Project, files: readonly string[]): Promise<FileLintSummary[]> {
  return (await lintFiles(project, files)).map((report, i) => {
    const file = files[i] as string;
    const result = report.result;
    if (!result) return { file, read: false, problem: report.problem?.message ?? 'not linted', errorCount: 0, warnCount: 0, violations: [], notAutomated: [] };
    return { file, read: true, errorCount: result.errorCount, warnCount: result.warnCount, violations: result.violations, notAutomated: result.coverage.notAutomated };
  });
}

/** `file:line:column  severity  RULE  message (use: alternative)`: for prompts, evidence and the terminal. */
export function violationLine(file: string, v: Violation): string {
  return `${file}:${v.line}:${v.column}  ${v.severity}  ${v.ruleId}  ${v.message}${v.alternative ? ` (use: ${v.alternative})` : ''}`;
}

/** Identifies a set of findings regardless of order: two attempts that leave the same ones are stuck. */
export function findingsSignature(violations: readonly Violation[]): string {
  return violations
    .map((v) => `${v.ruleId}\u0000${v.token}\u0000${v.fingerprint}`)
    .sort()
    .join('\n');
}
