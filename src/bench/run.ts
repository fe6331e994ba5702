import { existsSync, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';
import { runStamp } from '../governance/run-id.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { createLinter } from '../lint/engine.js';
import { packageRoot, packageVersion } from '../project/package-root.js';
import type { Project } from '../project/project.js';
import { detectSandbox, openSandbox, type Sandbox, type SandboxAvailability } from '../sandbox/sandbox.js';
import { conditionById, usesTools } from './conditions.js';
import type { HistoryEntry } from './history-schema.js';
import { appendHistory, BENCH_DIR } from './history.js';
import { inShard, parseShard, shardText, trialMatrix, type Shard } from './matrix.js';
import { openMcpTools, type McpServerLaunch } from './mcp-tools.js';
import { clearIncomplete, readProvenance, writeIncomplete, writeProvenance, type Provenance } from './provenance.js';
import { computeProtocol, protocolChanges, type Protocol, type ProtocolParts } from './protocol.js';
import { createProvider } from './providers/index.js';
import { appendTrial, readTrials, type TrialRecord } from './records.js';
import { renderReport } from './report.js';
import { scoreAnswer } from './scorer.js';
import { readSpec, type LoadedSpec } from './spec.js';
import { summarise } from './summary.js';

/*
 * `dsctl bench run`: the trial matrix (or one shard of it), one trial at a time, each trial a line of
 * trials.jsonl as soon as it is scored, so a stop at any point loses at most the trial in progress.
 * A rate or usage limit stops the run with an `incomplete` marker; `--resume DIR` continues it under
 * the same protocol id, or refuses.
 */

export interface BenchRunOptions {
  /** The spec file (absolute). Ignored with `resume`: the run's own spec is used. */
  readonly spec?: string | undefined;
  readonly shard?: string | undefined;
  /** A run folder to continue. */
  readonly resume?: string | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly onProgress?: ((line: string) => void) | undefined;
  readonly dsctlBin?: string | undefined;
  readonly allowUnsandboxed?: boolean | undefined;
  readonly sandboxAvailability?: SandboxAvailability | undefined;
  /** For tests and the W3 workflow: the run's start time (default now). */
  readonly now?: Date | undefined;
}

export interface BenchRunResult {
  readonly status: 'complete' | 'incomplete';
  /** Absolute run folder. */
  readonly dir: string;
  /** Project-relative run folder. */
  readonly relDir: string;
  readonly protocolId: string;
  readonly entry: HistoryEntry | undefined;
  readonly done: number;
  readonly planned: number;
  readonly reason?: string;
  readonly historyWritten: boolean;
}

export async function runBench(project: Project, options: BenchRunOptions): Promise<BenchRunResult> {
  const root = project.root;
  let dir: string;
  let provenance: Provenance;
  let loaded: LoadedSpec;
  let protocol: Protocol;
  let fresh = false;
  const launch: McpServerLaunch = { dsctlBin: options.dsctlBin, root, configPath: project.configPath };
  if (options.resume !== undefined) {
    dir = resolve(options.resume);
    const previous = readProvenance(dir, options.resume);
    if (previous.kind !== 'conditions') throw new UserError('bench/resume', `${options.resume} is an ablation run; resume it with dsctl bench ablate`);
    if (!existsSync(previous.spec)) throw new UserError('bench/resume', `the run's spec ${previous.spec} is gone: the run cannot be continued under its protocol`);
    loaded = readSpec(previous.spec, root);
    protocol = await computeProtocol(project, loaded.spec, launch);
    if (protocol.id !== previous.protocolId) {
      throw new UserError('bench/protocol-changed', `cannot resume ${options.resume}: its protocol was ${previous.protocolId}, and is ${protocol.id} now; a resumed run must not mix two protocols (start a new run)`, {
        details: protocolChanges(previous.protocol as ProtocolParts, protocol.parts).map((c) => `changed: ${c}`),
      });
    }
    provenance = previous;
    clearIncomplete(dir);
  } else {
    if (options.spec === undefined) throw new UserError('bench/spec', 'no benchmark spec given');
    const shard = options.shard === undefined ? undefined : parseShard(options.shard);
    loaded = readSpec(options.spec, root);
    protocol = await computeProtocol(project, loaded.spec, launch);
    const now = options.now ?? new Date();
    dir = nextRunDir(root, runStamp(now) + (shard ? `-shard-${shard.k}of${shard.n}` : ''));
    fresh = true;
    const planned = trialMatrix(loaded.spec).filter((s) => inShard(s, shard)).length;
    provenance = {
      schema: 'dsctl.bench-provenance/v1',
      kind: 'conditions',
      protocolId: protocol.id,
      protocol: protocol.parts,
      spec: loaded.path,
      provider: loaded.spec.provider,
      model: loaded.spec.model,
      scripted: loaded.spec.provider === 'scripted',
      dsctlVersion: packageVersion(),
      node: process.version,
      startedAt: now.toISOString(),
      ...(shard ? { shard: shardText(shard) } : {}),
      trialsPlanned: planned,
      k: loaded.spec.k ?? loaded.spec.trials,
      ...(loaded.spec.provider === 'claude-code' ? { sandbox: sandboxKind(options) } : {}),
    };
  }
  const { spec } = loaded;
  const shard: Shard | undefined = provenance.shard === undefined ? undefined : parseShard(provenance.shard);
  const slots = trialMatrix(spec).filter((s) => inShard(s, shard));
  const done = new Set(readTrials(dir).map((r) => r.key));
  const pending = slots.filter((s) => !done.has(s.key));
  const relDir = relative(root, dir).split('\\').join('/');
  const progress = options.onProgress ?? (() => undefined);

  // A missing sandbox or a bad answers file stops the run before its folder exists.
  const sandbox = spec.provider === 'claude-code' ? benchSandbox(project, options) : undefined;
  const provider = await createProvider(spec.provider, { project, spec, specPath: loaded.path, dsctlBin: options.dsctlBin, sandbox, workDir: join(dir, 'work') });
  const linter = await createLinter(project);
  if (fresh) {
    mkdirSync(dir, { recursive: true });
    writeProvenance(dir, provenance);
  }
  const contexts = protocol.contexts;
  let finished = done.size;
  for (const slot of pending) {
    if (options.signal?.aborted) break;
    const task = spec.tasks.find((t) => t.id === slot.task);
    if (task === undefined) throw new Error(`task ${slot.task} is not in the spec`);
    progress(`${finished + 1}/${slots.length} ${slot.key}`);
    const tools = provider.callsTools && usesTools(conditionById(slot.condition)) ? await openMcpTools(launch) : undefined;
    const started = Date.now();
    let output;
    try {
      output = await provider.run({ key: slot.key, condition: slot.condition, task, trial: slot.trial, system: contexts.get(slot.condition) ?? '', prompt: task.prompt, tools, signal: options.signal });
    } finally {
      await tools?.close();
    }
    if (output.status === 'rate-limited') {
      const reason = `rate or usage limit at ${slot.key}: ${output.error ?? 'limited'}`;
      writeIncomplete(dir, { reason, at: new Date().toISOString(), done: finished, remaining: slots.length - finished });
      progress(`stopped: ${reason}; continue with dsctl bench run --resume ${relDir}`);
      return { status: 'incomplete', dir, relDir, protocolId: provenance.protocolId, entry: undefined, done: finished, planned: slots.length, reason, historyWritten: false };
    }
    const scored = output.status === 'answered' ? scoreAnswer(linter, task, output.text) : undefined;
    const record: TrialRecord = {
      schema: 'dsctl.bench-trial/v1',
      index: slot.index,
      key: slot.key,
      condition: slot.condition,
      task: slot.task,
      trial: slot.trial,
      status: output.status === 'answered' ? 'scored' : output.status,
      score: scored ? scored.score : null,
      passed: scored?.passed ?? false,
      errors: scored?.errors ?? 0,
      warnings: scored?.warnings ?? 0,
      ruleIds: scored?.ruleIds ?? [],
      checks: scored?.checks ?? [],
      inputTokens: output.inputTokens,
      outputTokens: output.outputTokens,
      costUsd: output.costUsd,
      turns: output.turns,
      toolCalls: output.toolCalls,
      ...(output.stop ? { stop: output.stop } : {}),
      ...(output.error ? { error: output.error } : {}),
      durationMs: Date.now() - started,
      answer: output.text,
    };
    appendTrial(dir, record);
    finished++;
  }
  if (finished < slots.length) {
    const reason = 'interrupted';
    writeIncomplete(dir, { reason, at: new Date().toISOString(), done: finished, remaining: slots.length - finished });
    return { status: 'incomplete', dir, relDir, protocolId: provenance.protocolId, entry: undefined, done: finished, planned: slots.length, reason, historyWritten: false };
  }
  const entry = finishRun(dir, relDir, provenance, readTrials(dir), spec.k ?? spec.trials, spec.baseline, spec.conditions);
  const historyWritten = !entry.scripted && entry.shard === undefined;
  if (historyWritten) await appendHistory(root, entry);
  return { status: 'complete', dir, relDir, protocolId: provenance.protocolId, entry, done: finished, planned: slots.length, historyWritten };
}

/** Writes summary.json and report.md of a finished run (or merge) and returns the summary. */
export function finishRun(dir: string, relDir: string, provenance: Provenance, records: readonly TrialRecord[], k: number, baseline: string, conditions: readonly string[]): HistoryEntry {
  const entry = summarise(records, {
    protocolId: provenance.protocolId,
    ranAt: provenance.startedAt,
    provider: provenance.provider,
    model: provenance.model,
    scripted: provenance.scripted,
    dir: relDir,
    baseline,
    conditions,
    k,
    shard: provenance.shard,
  });
  writeFileAtomic(join(dir, 'summary.json'), `${JSON.stringify(entry, null, 2)}\n`);
  writeFileAtomic(join(dir, 'report.md'), renderReport(entry));
  return entry;
}

/** A fresh folder under .dsctl/bench/ (a second run in the same second gets `-2`). */
export function newRunDir(root: string, stamp: string): string {
  const dir = nextRunDir(root, stamp);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The name newRunDir would take, not yet made. */
export function nextRunDir(root: string, stamp: string): string {
  let dir = join(root, BENCH_DIR, stamp);
  for (let n = 2; existsSync(dir); n++) dir = join(root, BENCH_DIR, `${stamp}-${n}`);
  return dir;
}

/** Agent providers run inside dsctl's OS sandbox (the project read-only), unless a person said otherwise. */
function benchSandbox(project: Project, options: BenchRunOptions): Sandbox | undefined {
  const availability = options.sandboxAvailability ?? detectSandbox();
  if (!availability.ok && options.allowUnsandboxed === true) return undefined;
  return openSandbox(project, { readOnlyProject: true, dsctlPackage: packageRoot(), availability });
}

function sandboxKind(options: BenchRunOptions): string {
  const availability = options.sandboxAvailability ?? detectSandbox();
  return availability.ok ? availability.kind : 'none';
}
