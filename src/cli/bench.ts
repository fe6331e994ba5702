import { resolve } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';
import type { HistoryEntry } from '../bench/history-schema.js';
import { loadValidProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface BenchRunCliOptions {
  readonly spec?: string;
  readonly shard?: string;
  readonly resume?: string;
  readonly allowUnsandboxed?: boolean;
  readonly json?: boolean;
}

/** `dsctl bench run`: exit 0 when the run (or shard) finished, 2 when a rate or usage limit left it incomplete. */
export async function runBenchRun(ctx: CommandContext, options: BenchRunCliOptions): Promise<number> {
  const { io } = ctx;
  if (options.resume !== undefined && (options.spec !== undefined || options.shard !== undefined)) throw new UserError('usage/resume', '--resume continues a run with its own spec and shard: give neither --spec nor --shard with it');
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  const [{ runBench }, { DEFAULT_SPEC }] = await Promise.all([import('../bench/run.js'), import('../bench/spec.js')]);
  const spec = options.spec !== undefined ? resolve(io.cwd, options.spec) : resolve(project.root, project.policy.benchmark?.spec ?? DEFAULT_SPEC);
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  try {
    const result = await runBench(project, {
      spec,
      shard: options.shard,
      resume: options.resume === undefined ? undefined : resolve(io.cwd, options.resume),
      signal: controller.signal,
      dsctlBin: process.argv[1],
      allowUnsandboxed: options.allowUnsandboxed === true,
      onProgress: options.json || !io.interactive ? undefined : (line) => io.stderr(`${io.err.dim('·')} ${line}\n`),
    });
    if (options.json) {
      printEnvelope(io, 'bench', result.status === 'complete', { status: result.status, dir: result.relDir, protocolId: result.protocolId, done: result.done, planned: result.planned, historyWritten: result.historyWritten, reason: result.reason ?? null, summary: result.entry ?? null });
    } else if (result.status === 'incomplete') {
      io.stdout(`${result.relDir}\n`);
      io.stderr(`${io.err.yellow('incomplete')}: ${result.reason}; ${result.done}/${result.planned} trials kept. Continue with ${io.err.bold(`dsctl bench run --resume ${result.relDir}`)}\n`);
    } else {
      io.stdout(`${result.relDir}\n`);
      printSummary(ctx, result.entry as HistoryEntry);
      io.stderr(`${io.err.green('✔')} ${result.relDir}: report.md, summary.json, provenance.json (protocol ${result.protocolId})${result.historyWritten ? '; added to design/benchmarks/history.json' : ''}\n`);
    }
    return result.status === 'complete' ? 0 : 2;
  } finally {
    process.off('SIGINT', onSignal);
  }
}

/** `dsctl bench merge DIR…`: shards of one matrix into one run. */
export async function runBenchMerge(ctx: CommandContext, dirs: readonly string[], options: { readonly json?: boolean }): Promise<number> {
  const { io } = ctx;
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  const { mergeBench } = await import('../bench/merge.js');
  const result = await mergeBench(project, dirs, io.cwd);
  if (options.json) {
    printEnvelope(io, 'bench', true, { dir: result.relDir, protocolId: result.entry.protocolId, historyWritten: result.historyWritten, summary: result.entry });
    return 0;
  }
  io.stdout(`${result.relDir}\n`);
  printSummary(ctx, result.entry);
  io.stderr(`${io.err.green('✔')} merged ${dirs.length} shard(s) into ${result.relDir}${result.historyWritten ? '; added to design/benchmarks/history.json' : ''}\n`);
  return 0;
}

/** `dsctl bench report [DIR] [--against DIR]`: a run's summary; with --against, the comparison (same protocol id only). */
export async function runBenchReport(ctx: CommandContext, dir: string | undefined, options: { readonly against?: string; readonly json?: boolean }): Promise<number> {
  const { io } = ctx;
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  const { readSummary, runSummaries, assertComparable, previousReport } = await import('../bench/history.js');
  const entry = dir !== undefined ? readSummary(resolve(io.cwd, dir), dir) : runSummaries(project.root).pop();
  if (entry === undefined) throw new UserError('bench/none', 'no finished benchmark run under .dsctl/bench/ (dsctl bench run makes one)');
  if (options.against === undefined) {
    if (options.json) printEnvelope(io, 'bench', true, { summary: entry });
    else printSummary(ctx, entry);
    return 0;
  }
  const other = options.against === 'last' ? previousReport(project.root, entry) : readSummary(resolve(io.cwd, options.against), options.against);
  if (other === undefined) {
    // The first report of its protocol: a new series, nothing to compare with.
    if (options.json) printEnvelope(io, 'bench', true, { comparison: null, protocolId: entry.protocolId });
    else io.stdout(`${entry.dir}: the first report of protocol ${entry.protocolId}; nothing to compare\n`);
    return 0;
  }
  assertComparable(project.root, other, entry);
  const { compareRuns } = await import('../bench/compare.js');
  const comparison = compareRuns(other, entry);
  if (options.json) printEnvelope(io, 'bench', comparison.regressions.length === 0, { comparison });
  else for (const line of comparison.lines) io.stdout(`${line}\n`);
  return comparison.regressions.length === 0 ? 0 : 1;
}

/** `dsctl bench ablate`: the harness ablation (arms × tasks × trials) in fresh workspaces outside the repository. */
export async function runBenchAblate(ctx: CommandContext, options: { readonly spec?: string; readonly out?: string; readonly resume?: string; readonly allowUnsandboxed?: boolean; readonly json?: boolean }): Promise<number> {
  const { io } = ctx;
  if (options.resume !== undefined && (options.spec !== undefined || options.out !== undefined)) throw new UserError('usage/resume', '--resume continues an ablation with its own spec and workspaces folder: give neither --spec nor --out with it');
  if (options.spec === undefined && options.resume === undefined) throw new UserError('usage/spec', 'dsctl bench ablate needs --spec FILE (an ablation spec), or --resume DIR');
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  const { runAblation } = await import('../bench/ablation/run.js');
  const result = await runAblation(project, {
    spec: options.spec === undefined ? undefined : resolve(io.cwd, options.spec),
    resume: options.resume === undefined ? undefined : resolve(io.cwd, options.resume),
    ...(options.out === undefined ? {} : { out: resolve(io.cwd, options.out) }),
    allowUnsandboxed: options.allowUnsandboxed === true,
    dsctlBin: process.argv[1],
    onProgress: options.json || !io.interactive ? undefined : (line) => io.stderr(`${io.err.dim('·')} ${line}\n`),
  });
  const code = result.status === 'complete' ? 0 : 2;
  if (options.json) {
    printEnvelope(io, 'bench', code === 0, { status: result.status, reason: result.reason ?? null, dir: result.relDir, workspaces: result.out, protocolId: result.entry.protocolId, summary: result.entry, runs: result.runs.length });
    return code;
  }
  io.stdout(`${armTableLines(result.entry)}\n`);
  if (result.entry.scripted) io.stderr(`${io.err.yellow('scripted — not evidence')}: canned agent steps; this run never enters the history\n`);
  if (code !== 0) io.stderr(`${io.err.yellow('incomplete')}: ${result.reason}; the table covers the runs so far (${result.relDir})\n`);
  else io.stderr(`${io.err.green('✔')} ${result.relDir}: report.md, runs.jsonl, leak reports; workspaces in ${result.out}\n`);
  return code;
}

function printSummary(ctx: CommandContext, entry: HistoryEntry): void {
  const { io } = ctx;
  const c = io.out;
  if (entry.scripted) io.stderr(`${io.err.yellow('scripted — not evidence')}: canned answers; this run never enters the history\n`);
  if (entry.kind === 'ablation') {
    io.stdout(`${armTableLines(entry)}\n`);
    return;
  }
  const rows = entry.conditions.map((s) => `${s.condition.padEnd(10)} ${String(s.trials).padStart(6)} ${s.mean.toFixed(3).padStart(6)} ${`[${s.ci95[0].toFixed(2)}, ${s.ci95[1].toFixed(2)}]`.padStart(13)} ${`${Math.round(s.passRate * 100)}%`.padStart(5)} ${String(s.refusals + s.providerErrors).padStart(6)}`);
  io.stdout([c.bold(`${'condition'.padEnd(10)} ${'trials'.padStart(6)} ${'mean'.padStart(6)} ${'95% CI'.padStart(13)} ${'pass'.padStart(5)} ${'apart'.padStart(6)}`), ...rows].join('\n') + '\n');
  for (const l of entry.lifts) io.stdout(`lift ${l.condition} over ${l.baseline}: ${l.lift >= 0 ? '+' : ''}${l.lift.toFixed(3)} [${l.ci95[0].toFixed(3)}, ${l.ci95[1].toFixed(3)}] (${l.pairs} prompts)\n`);
  for (const l of entry.liftsNotShown ?? []) io.stdout(`lift ${l.condition} over ${l.baseline}: not shown — ${l.reason}\n`);
}

function armTableLines(entry: HistoryEntry): string {
  const pct = (n: number) => `${Math.round(n * 100)}%`;
  const usd = (n: number | null) => (n === null ? '—' : `$${n.toFixed(2)}`);
  const head = `${'arm'.padEnd(8)} ${'risk'.padEnd(12)} ${'runs'.padStart(4)} ${'clean'.padStart(6)} ${'$/clean'.padStart(8)} ${'tokens'.padStart(8)}`;
  return [head, ...entry.arms.map((a) => `${a.arm.padEnd(8)} ${(a.risk ?? 'all').padEnd(12)} ${String(a.runs).padStart(4)} ${pct(a.cleanRate).padStart(6)} ${usd(a.costPerClean).padStart(8)} ${String(a.tokens).padStart(8)}`)].join('\n');
}
