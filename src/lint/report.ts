import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Project } from '../project/project.js';
import { createLinter, sourceTypeOf, type Linter } from './engine.js';
import { projectPath } from './files.js';
import type { LintResult, SourceType } from './types.js';

/** A file that could not be linted: said once, and the run goes on. */
export interface FileProblem {
  readonly code: 'lint/missing' | 'lint/unreadable' | 'lint/binary' | 'lint/too-large';
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

/** Results by file and content (`dsctl lint --cache`): what lintFiles may reuse instead of linting. */
export interface ResultCache {
  get(file: string, source: string): LintResult | undefined;
  set(file: string, source: string, result: LintResult): void;
}

export interface LintFilesOptions {
  /** Called after each file. */
  readonly onProgress?: ((done: number, total: number) => void) | undefined;
  /** A file that does not exist: reported (a loop named it), or left out (a hook: deleted is not dirty). */
  readonly missing?: 'report' | 'skip';
  readonly cache?: ResultCache | undefined;
}

/**
 * The one way dsctl lints files on disk — `dsctl lint`, the agent hooks and the loops' lint stage:
 * loads only the parsers the files need (and none when the cache has every result), reads each once,
 * and says why a file was not linted (over `lint.maxFileSize`, binary, unreadable, missing) instead
 * of failing the run. Paths are absolute or project-relative.
 */
export async function lintFiles(project: Project, files: readonly string[], options: LintFilesOptions = {}): Promise<FileReport[]> {
  const absolute = files.map((f) => resolve(project.root, f));
  // The engine reads a file of no known extension as HTML; so does this.
  const types = [...new Set(absolute.map((f): SourceType => sourceTypeOf(f) ?? 'html'))];
  let linter: Linter | undefined;
  const reports: FileReport[] = [];
  for (const [i, abs] of absolute.entries()) {
    const read = readForLint(project, abs);
    if ('problem' in read) {
      if (!(options.missing === 'skip' && read.problem.code === 'lint/missing')) reports.push(read);
    } else {
      const { file, source } = read;
      let result = options.cache?.get(file, source);
      if (result === undefined) {
        linter ??= await createLinter(project, types);
        result = linter.lint(source, { filename: file });
        options.cache?.set(file, source, result);
      }
      reports.push({ file, source, result });
    }
    options.onProgress?.(i + 1, absolute.length);
  }
  return reports;
}

/** The file's text, or why it is not linted. */
function readForLint(project: Project, abs: string): { file: string; source: string } | { file: string; problem: FileProblem } {
  const file = projectPath(project.root, abs);
  const limit = project.config.lint.maxFileSize;
  let bytes: Buffer;
  try {
    const size = statSync(abs).size;
    if (size > limit) return { file, problem: { code: 'lint/too-large', message: `not linted: ${size} bytes is over lint.maxFileSize (${limit})` } };
    bytes = readFileSync(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { file, problem: { code: 'lint/missing', message: 'not linted: the file does not exist' } };
    return { file, problem: { code: 'lint/unreadable', message: `not linted: ${code ?? String(error)}` } };
  }
  // A NUL byte in the first 8 KiB: not text (git uses the same test).
  if (bytes.subarray(0, 8192).includes(0)) return { file, problem: { code: 'lint/binary', message: 'not linted: binary file' } };
  return { file, source: bytes.toString('utf8') };
}
