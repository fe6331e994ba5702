import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import picomatch from 'picomatch';
import { UserError } from '../diagnostics/user-error.js';
import { compareWithBaseline, readBaseline, updateBaseline, writeBaseline } from '../lint/baseline.js';
import { createLinter, sourceTypeOf } from '../lint/engine.js';
import { projectPath } from '../lint/files.js';
import { chooseFormatter } from '../diagnostics/formatters/index.js';
import { lintFormatInput, type LintOutput } from '../lint/output.js';
import { ruleCoverage } from '../lint/coverage.js';
import type { FileReport } from '../lint/report.js';
import { lintProject } from '../lint/run.js';
import { DEFAULT_CACHE_LOCATION, openLintCache } from '../lint/cache.js';
import { planFixes, plansDiff } from '../lint/fix.js';
import { lintFiles } from '../lint/report.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { SOURCE_TYPES } from '../lint/types.js';
import { loadValidProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { VERSION } from './version.js';
import { formatIncludeCoverage, includeCoverage } from '../lint/coverage-of-files.js';

export interface LintOptions {
  readonly format?: string;
  readonly json?: boolean;
  readonly baseline?: string | true;
  readonly baselineWrite?: string | true;
  readonly changed?: boolean;
  readonly base?: string;
  readonly stdin?: boolean;
  readonly stdinFilename?: string;
  readonly shard?: string;
  readonly fix?: boolean;
  readonly fixDryRun?: boolean;
  readonly cache?: boolean;
  readonly cacheLocation?: string;
}

/** `dsctl lint [paths…]`: check UI files against the contracts. Exit 1 on errors (or new findings under a baseline). */
export async function runLint(ctx: CommandContext, paths: readonly string[], options: LintOptions): Promise<number> {
  const { io } = ctx;
  const formatter = chooseFormatter(options);
  const format = formatter.id;
  if (options.stdin && (paths.length > 0 || options.changed)) throw new UserError('usage/stdin', '--stdin lints standard input only: give no paths and no --changed');
  if (options.base !== undefined && !options.changed) throw new UserError('usage/base', '--base goes with --changed');
  const fixing = options.fix === true || options.fixDryRun === true;
  if (options.fix && options.fixDryRun) throw new UserError('usage/fix', '--fix writes the fixes and --fix-dry-run only shows them: give one of them');
  if (fixing && options.stdin) throw new UserError('usage/fix', '--fix and --fix-dry-run fix files on disk: not with --stdin');
  if (fixing && options.baselineWrite !== undefined) throw new UserError('usage/fix', '--fix and --baseline-write are separate decisions: fix first, then write the baseline');
  if (options.cacheLocation !== undefined && !options.cache) throw new UserError('usage/cache-location', '--cache-location goes with --cache');
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  const configured = project.config.lint.baseline;
  const baselinePath = (flag: string, value: string | true | undefined) => {
    if (value === undefined) return undefined;
    if (value === true && !configured) throw new UserError('usage/baseline', 'no baseline file given and none set in dsctl.config.json (lint.baseline)');
    // `--baseline-write page.html` takes the page as the baseline file (the value is optional): never write JSON over a UI file.
    if (value !== true && sourceTypeOf(value)) {
      throw new UserError('usage/baseline', `${flag} takes the baseline file, and "${value}" is a file dsctl lints: give the baseline file first (${flag} ${configured ?? 'baseline.json'} ${value}) or put the paths before ${flag}`);
    }
    return value === true ? resolve(project.root, configured as string) : resolve(io.cwd, value);
  };
  const useBaseline = baselinePath('--baseline', options.baseline);
  const writeTo = baselinePath('--baseline-write', options.baselineWrite);

  let reports: FileReport[];
  let skipped: readonly { path: string; reason: string }[] = [];
  if (options.stdin) {
    const name = options.stdinFilename ?? 'stdin.html';
    const sourceType = sourceTypeOf(name);
    if (!sourceType) throw new UserError('usage/stdin-filename', `--stdin-filename "${name}" has no extension dsctl lints (${SOURCE_TYPES.join(', ')})`);
    const source = await io.readStdin();
    const linter = await createLinter(project, [sourceType]);
    const file = options.stdinFilename ? projectPath(project.root, resolve(io.cwd, name)) : name;
    reports = [{ file, source, result: linter.lint(source, { filename: file, sourceType }) }];
  } else {
    const progress = io.interactive && format === 'stylish';
    const runOptions = {
      cwd: io.cwd,
      paths,
      changed: options.changed === true,
      base: options.base,
      shard: options.shard,
      ...(progress ? { onProgress: (done: number, total: number) => total > 20 && io.stderr(`\r${io.err.dim(`linting ${done}/${total}`)}`) } : {}),
    };
    const cache = options.cache ? openLintCache(project, options.cacheLocation === undefined ? DEFAULT_CACHE_LOCATION : resolve(io.cwd, options.cacheLocation), VERSION) : undefined;
    const run = await lintProject(project, { ...runOptions, cache });
    if (progress) io.stderr('\r\u001b[2K');
    reports = run.reports;
    skipped = run.skipped;
  }
  if (fixing) {
    const plans = planFixes(project, reports);
    const count = plans.reduce((n, p) => n + p.applied.length, 0);
    const summary = `${count} fix(es) in ${plans.length} file(s)`;
    if (options.fixDryRun) {
      io.stdout(plansDiff(plans));
      io.stderr(`${io.err.dim(`${summary}; nothing written (--fix-dry-run)`)}\n`);
      return 0;
    }
    for (const plan of plans) writeFileAtomic(resolve(project.root, plan.file), plan.after);
    if (plans.length) {
      io.stderr(`${io.err.green('✔')} ${summary}\n`);
      // What is left: the fixed files linted again, in place.
      const again = new Map((await lintFiles(project, plans.map((p) => p.file))).map((r) => [r.file, r]));
      reports = reports.map((r) => again.get(r.file) ?? r);
    }
  }
  const exists = (file: string) => existsSync(resolve(project.root, file));
  const written = writeTo === undefined ? undefined : projectPath(project.root, writeTo);
  // `--baseline-write F gone.html` prunes the entries of a deleted file: nothing to lint there, yet something to do.
  const previous = writeTo !== undefined && skipped.length > 0 && existsSync(writeTo) ? readBaseline(writeTo, written as string) : [];
  const prunes = (path: string) => {
    const inPath = pathScope(project.root, io.cwd, [path]);
    return previous.some((e) => inPath(e.file) && !exists(e.file));
  };
  for (const s of skipped) if (!prunes(s.path)) io.stderr(`${io.err.yellow('warn')} ${s.path}: ${s.reason}\n`);
  if (paths.length > 0 && reports.length === 0 && skipped.length === paths.length && !skipped.some((s) => prunes(s.path))) {
    throw new UserError('lint/no-files', 'none of the given paths is a file dsctl can lint');
  }

  if (writeTo) {
    const c = io.err;
    // Only a run over the whole include set rewrites the baseline; any narrower one updates its own files' entries.
    const partial = options.stdin === true || paths.length > 0 || options.changed === true || options.shard !== undefined;
    if (!partial) {
      const count = writeBaseline(writeTo, reports);
      io.stderr(`${c.green('✔')} wrote ${count} finding(s) to ${written}\n`);
      return 0;
    }
    const update = updateBaseline(writeTo, written as string, reports, pathScope(project.root, io.cwd, paths), exists);
    io.stderr(`${c.green('✔')} wrote ${update.written} finding(s) to ${written}: entries of ${update.files} file(s) replaced, ${update.kept} entr${update.kept === 1 ? 'y' : 'ies'} of other files kept\n`);
    return 0;
  }

  // The run's coverage, said once: the linter's (its summary names the class model the rules ran on), or the rules' when nothing was linted.
  const linted = reports.find((r) => r.result)?.result?.coverage;
  const coverage = linted ? { automated: linted.automated, notAutomated: linted.notAutomated, summary: linted.summary } : ruleCoverage(project.rules.rules);
  let shown = reports;
  let baseline: LintOutput['baseline'];
  if (useBaseline) {
    const display = projectPath(project.root, useBaseline);
    const comparison = compareWithBaseline(reports, readBaseline(useBaseline, display), { exists });
    shown = reports.map((r) =>
      r.result ? { ...r, result: { ...r.result, violations: comparison.fresh.get(r.file) ?? [] } } : r,
    );
    baseline = { file: display, accepted: comparison.accepted, prunable: comparison.prunable };
  }
  const all = shown.flatMap((r) => r.result?.violations ?? []);
  const errorCount = all.filter((v) => v.severity === 'error').length;
  const warnCount = all.length - errorCount;
  const fileProblemCount = reports.filter((r) => r.problem).length;
  const output: LintOutput = {
    reports: shown,
    rules: project.rules.rules,
    coverage,
    errorCount,
    warnCount,
    fileProblemCount,
    ...(baseline ? { baseline } : {}),
    toolVersion: VERSION,
  };
  // Under a baseline, a new warning fails too: the baseline only holds what a human accepted.
  const failed = errorCount > 0 || fileProblemCount > 0 || (useBaseline !== undefined && warnCount > 0);

  const { results, context } = lintFormatInput(output, !failed, io.out);
  io.stdout(formatter.format(results, context));
  // A green lint of a handful of files should say what it did not look at (stylish only: the others are machine-read).
  if (format === 'stylish' && !options.stdin && paths.length === 0 && !options.changed && options.shard === undefined) {
    io.stderr(`${io.err.dim(formatIncludeCoverage(includeCoverage(project, reports.map((r) => r.file)), projectPath(project.root, project.configPath)))}\n`);
  }
  return failed ? 1 : 0;
}

/**
 * Which project-relative files the given paths name: the path itself, everything under a folder, or
 * what a glob matches (deleted files too, which no file walk finds). No paths: none beyond the linted files.
 */
function pathScope(root: string, cwd: string, paths: readonly string[]): (file: string) => boolean {
  const tests = paths.map((path): ((file: string) => boolean) => {
    const rel = projectPath(root, resolve(cwd, path));
    if (rel === '.') return () => true;
    if (picomatch.scan(path).isGlob) return picomatch(rel, { dot: true });
    return (file) => file === rel || file.startsWith(`${rel}/`);
  });
  return (file) => tests.some((test) => test(file));
}
