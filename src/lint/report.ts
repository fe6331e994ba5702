import { readFileSync, statSync } from 'node:fs';
import type { Project } from '../project/project.js';
import type { Linter } from './engine.js';
import { projectPath } from './files.js';
import type { LintResult } from './types.js';

/** A file that could not be linted: said once, and the run goes on. */
export interface FileProblem {
  readonly code: 'lint/unreadable' | 'lint/binary' | 'lint/too-large';
  readonly message: string;
}

export interface FileReport {
  /** Project-relative path (or the --stdin-filename). */
  readonly file: string;
  readonly result?: LintResult;
  readonly problem?: FileProblem;
  /** The text that was linted, for code frames. */
  readonly source?: string;
}

/** Reads and lints files one by one; `onProgress` is called after each. */
export function lintFiles(linter: Linter, files: readonly string[], onProgress?: (done: number, total: number) => void): FileReport[] {
  const project = linter.project;
  const reports: FileReport[] = [];
  files.forEach((abs, i) => {
    reports.push(lintOneFile(linter, project, abs));
    onProgress?.(i + 1, files.length);
  });
  return reports;
}

function lintOneFile(linter: Linter, project: Project, abs: string): FileReport {
  const file = projectPath(project.root, abs);
  const limit = project.config.lint.maxFileSize;
  let bytes: Buffer;
  try {
    const size = statSync(abs).size;
    if (size > limit) return { file, problem: { code: 'lint/too-large', message: `not linted: ${size} bytes is over lint.maxFileSize (${limit})` } };
    bytes = readFileSync(abs);
  } catch (error) {
    return { file, problem: { code: 'lint/unreadable', message: `not linted: ${(error as NodeJS.ErrnoException).code ?? String(error)}` } };
  }
  // A NUL byte in the first 8 KiB: not text (git uses the same test).
  if (bytes.subarray(0, 8192).includes(0)) return { file, problem: { code: 'lint/binary', message: 'not linted: binary file' } };
  const source = bytes.toString('utf8');
  return { file, source, result: linter.lint(source, { filename: file }) };
}
