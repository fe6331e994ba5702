import type { Project } from '../project/project.js';
import { changedFiles, parseShard, selectFiles, shard } from './files.js';
import { lintFiles, type FileReport, type ResultCache } from './report.js';

export interface LintRunOptions {
  /** Where relative paths are resolved. */
  readonly cwd: string;
  /** Files, folders or globs; none = the config's include globs. */
  readonly paths?: readonly string[];
  /** Only files changed in git (against `base`, default HEAD). */
  readonly changed?: boolean;
  readonly base?: string | undefined;
  /** `k/n`. */
  readonly shard?: string | undefined;
  readonly onProgress?: (done: number, total: number) => void;
  /** `--cache`: reuse the results of files whose content and project are unchanged. */
  readonly cache?: ResultCache | undefined;
}

export interface LintRun {
  readonly reports: FileReport[];
  /** Paths given that matched nothing lintable. */
  readonly skipped: readonly { readonly path: string; readonly reason: string }[];
}

/** Selects the files of a lint run, loads only the parsers they need, and lints them in order. */
export async function lintProject(project: Project, options: LintRunOptions): Promise<LintRun> {
  let files: string[];
  let skipped: LintRun['skipped'] = [];
  if (options.changed) {
    files = changedFiles(project, options.base);
  } else {
    const selection = await selectFiles(project, options.cwd, options.paths ?? []);
    files = [...selection.files];
    skipped = selection.skipped;
  }
  if (options.shard) files = shard(files, parseShard(options.shard));
  return { reports: await lintFiles(project, files, { onProgress: options.onProgress, cache: options.cache }), skipped };
}
