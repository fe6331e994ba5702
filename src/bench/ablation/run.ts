import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { createClaudeCodeDriver } from '../../agents/claude-code.js';
import type { AgentDriver } from '../../agents/driver.js';
import { createScriptedDriver } from '../../agents/scripted.js';
import { readScript } from '../../agents/scripted-script.js';
import { componentRisk, findContract } from '../../components/risk.js';
import { UserError } from '../../diagnostics/user-error.js';
import { canonicalJson, sha256Hex } from '../../governance/canonical-json.js';
import { runStamp } from '../../governance/run-id.js';
import { writeFileAtomic } from '../../io/atomic-write.js';
import { git } from '../../io/git.js';
import { createLinter, type Linter } from '../../lint/engine.js';
import { packageRoot, packageVersion } from '../../project/package-root.js';
import type { Project } from '../../project/project.js';
import { detectSandbox, openSandbox, type Sandbox, type SandboxAvailability } from '../../sandbox/sandbox.js';
import type { HistoryEntry } from '../history-schema.js';
import { appendHistory } from '../history.js';
import { clearIncomplete, readProvenance, writeIncomplete, writeProvenance } from '../provenance.js';
import { renderReport } from '../report.js';
import { SCORER_VERSION } from '../scorer.js';
import { newRunDir } from '../run.js';
import { readTranscript } from '../transcript.js';
import { armById } from './arms.js';
import { contaminationFlags } from './contamination.js';
import { applyLeakControls, checkRedactions, findLeaks, type LeakReport } from './leakage.js';
import { readAblationSpec, type AblationSpec, type AblationTask } from './spec.js';
import { armTable, type ScoredRun } from './table.js';
import { archiveInto, checkOutputFolder, initWorkspace, removeMatching } from './workspace.js';

/*
 * `dsctl bench ablate`: every arm × task × trial in its own fresh workspace (trials never share one),
 * sequentially. Leakage controls are checked before the first run; each run leaves a record (model, CLI
 * version, cost, turns, duration, tool calls, contamination flags) and a leak report; a budget stop is a
 * scored outcome (not clean). The table is per arm and per risk tier: clean rate, $/clean, tokens.
 */

export interface AblationOptions {
  /** The spec (absolute); with `resume`, the run's own spec is used. */
  readonly spec?: string | undefined;
  /** An incomplete ablation folder (.dsctl/bench/<stamp>-ablation) to continue. */
  readonly resume?: string | undefined;
  readonly out?: string;
  readonly allowUnsandboxed?: boolean;
  readonly sandboxAvailability?: SandboxAvailability | undefined;
  readonly dsctlBin?: string | undefined;
  readonly onProgress?: ((line: string) => void) | undefined;
  /** How the full arm finds the component loop (default: the workflow registry); tests pass their own. */
  readonly findLoop?: ((name: string) => Promise<unknown>) | undefined;
}

export type RunOutcome = 'clean' | 'dirty' | 'missing' | 'budget-stop' | 'agent-error' | 'arm-failed';

export interface AblationRunRecord {
  readonly schema: 'dsctl.bench-ablation-run/v1';
  readonly key: string;
  readonly arm: string;
  readonly task: string;
  readonly component: string;
  readonly risk: 'interactive' | 'display';
  readonly trial: number;
  readonly outcome: RunOutcome;
  readonly clean: boolean;
  readonly model: string;
  readonly cliVersion: string;
  readonly costUsd: number;
  readonly turns: number;
  readonly durationMs: number;
  readonly tokens: number;
  readonly toolCalls: readonly string[];
  readonly contamination: readonly string[];
  readonly lint?: { readonly errors: number; readonly warnings: number; readonly ruleIds: readonly string[] };
  readonly subtype?: string;
  readonly error?: string;
  readonly workspace: string;
  readonly leakReport: string;
}

export interface AblationResult {
  readonly status: 'complete' | 'incomplete';
  readonly dir: string;
  readonly relDir: string;
  /** The workspaces' folder (outside the repository). */
  readonly out: string;
  readonly entry: HistoryEntry;
  readonly runs: readonly AblationRunRecord[];
  readonly leakReports: readonly LeakReport[];
  readonly reason?: string;
}

const LIMITED = /rate.?limit|usage limit|429|overloaded/i;
const BUDGET = new Set(['error_max_turns', 'error_max_budget_usd']);

export async function runAblation(project: Project, options: AblationOptions): Promise<AblationResult> {
  const root = project.root;
  const previous = options.resume === undefined ? undefined : readProvenance(options.resume);
  if (previous !== undefined && previous.kind !== 'ablation') throw new UserError('bench/resume', `${options.resume} is not an ablation run; resume it with dsctl bench run --resume`);
  const specPath = previous?.spec ?? options.spec;
  if (specPath === undefined) throw new UserError('usage/spec', 'dsctl bench ablate needs --spec FILE (an ablation spec) or --resume DIR');
  const display = relative(root, specPath).startsWith('..') ? specPath : relative(root, specPath);
  const spec = readAblationSpec(specPath, display);
  const now = previous ? new Date(previous.startedAt) : new Date();
  const out = previous?.workspaces ?? options.out ?? mkdtempSync(join(tmpdir(), 'dsctl-ablation-'));
  checkOutputFolder(root, out);
  mkdirSync(out, { recursive: true });

  // The leakage controls are checked on an untouched copy before anything runs.
  const pristine = join(out, 'pristine');
  rmSync(pristine, { recursive: true, force: true });
  archiveInto(root, pristine);
  checkRedactions(pristine, spec.tasks);
  const risks = new Map(spec.tasks.map((t) => [t.id, componentRisk(findContract(project, t.component)).risk]));
  const availability = options.sandboxAvailability ?? detectSandbox();
  if (!availability.ok && options.allowUnsandboxed !== true) openSandbox(project, { availability }); // throws the UserError naming what to install

  // A bad script is a usage error before any folder is made.
  const driver = makeDriver(project, spec, specPath);
  const tree = git(root, ['rev-parse', 'HEAD^{tree}']).trim();
  const protocol = { schema: 'dsctl.bench-ablation-protocol/v1', tree, tasks: sha256Hex(canonicalJson(spec.tasks)), arms: spec.arms.map((a) => ({ id: a, remove: armById(a).remove(project.config), loop: armById(a).loop })), scorer: SCORER_VERSION, driver: spec.driver, model: spec.model };
  const protocolId = `ba-${sha256Hex(canonicalJson(protocol)).slice(0, 16)}`;
  if (previous !== undefined && previous.protocolId !== protocolId) {
    throw new UserError('bench/protocol-changed', `cannot resume ${options.resume}: its protocol was ${previous.protocolId}, and is ${protocolId} now (the committed tree, the tasks, the arms or the model changed); start a new ablation`);
  }
  const dir = options.resume ?? newRunDir(root, `${runStamp(now)}-ablation`);
  const relDir = relative(root, dir).split('\\').join('/');
  const runsFile = join(dir, 'runs.jsonl');
  clearIncomplete(dir);
  if (previous === undefined) writeProvenance(dir, {
    schema: 'dsctl.bench-provenance/v1',
    kind: 'ablation',
    protocolId,
    protocol,
    spec: specPath,
    provider: spec.driver,
    model: spec.model,
    scripted: spec.driver === 'scripted',
    dsctlVersion: packageVersion(),
    node: process.version,
    startedAt: now.toISOString(),
    trialsPlanned: spec.arms.length * spec.tasks.length * spec.trials,
    workspaces: out,
  });

  const cliVersion = spec.driver === 'scripted' ? 'scripted' : claudeVersion(project.config.agent.claudeCode.command);
  const linter = await createLinter(project);
  const progress = options.onProgress ?? (() => undefined);
  // A resumed ablation keeps its finished runs; the scripted driver continues at the next step.
  const runs: AblationRunRecord[] = existsSync(runsFile) ? readFileSync(runsFile, 'utf8').split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as AblationRunRecord) : [];
  const doneKeys = new Set(runs.map((r) => r.key));
  const leakReports: LeakReport[] = runs.flatMap((r) => (existsSync(join(root, r.leakReport)) ? [JSON.parse(readFileSync(join(root, r.leakReport), 'utf8')) as LeakReport] : []));
  const armFailures = new Map<string, string>();
  let sequence = runs.filter((r) => r.outcome !== 'arm-failed').length;
  let stopped: string | undefined;

  outer: for (const arm of spec.arms) {
    const module = armById(arm);
    let loop: unknown;
    if (module.loop) {
      try {
        loop = await (options.findLoop ?? defaultFindLoop)('component-add');
      } catch (error) {
        armFailures.set(arm, `the full arm runs the component loop (workflow component-add, dsctl component add <Name> --eval), which this dsctl does not have: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    for (const task of spec.tasks) {
      for (let trial = 0; trial < spec.trials; trial++) {
        const key = `${arm}/${task.id}/${trial}`;
        if (doneKeys.has(key)) continue;
        const ws = join(out, 'workspaces', key.replaceAll('/', '-'));
        // A workspace without a record is from a run that was cut short: it starts again from a fresh copy.
        if (previous !== undefined) rmSync(ws, { recursive: true, force: true });
        const leakFile = join(dir, 'leaks', `${key.replaceAll('/', '-')}.json`);
        const base = { schema: 'dsctl.bench-ablation-run/v1' as const, key, arm, task: task.id, component: task.component, risk: risks.get(task.id) ?? 'display', trial, model: spec.model, cliVersion, workspace: ws, leakReport: relative(root, leakFile) };
        const failure = armFailures.get(arm);
        if (failure !== undefined) {
          const record: AblationRunRecord = { ...base, outcome: 'arm-failed', clean: false, costUsd: 0, turns: 0, durationMs: 0, tokens: 0, toolCalls: [], contamination: [], error: failure };
          runs.push(record);
          appendFileSync(runsFile, `${JSON.stringify(record)}\n`);
          continue;
        }
        progress(`${key}: preparing the workspace`);
        const report = prepareWorkspace(root, ws, project, arm, task, trial);
        leakReports.push(report);
        writeFileAtomic(leakFile, `${JSON.stringify(report, null, 2)}\n`);
        progress(`${key}: agent (${driver.id})${report.leaks.length ? `, ${report.leaks.length} leak(s) reported` : ''}`);
        const record = await runOne(project, spec, { driver, linter, availability, options, ws, task, sequence: sequence++, base, leaks: report.leaks.length, loop, runsDir: join(dir, 'work', key.replaceAll('/', '-')) });
        if (record.outcome === 'agent-error' && LIMITED.test(record.error ?? '')) {
          // Not a result: the run is not recorded, and --resume runs it again (same scripted step too).
          stopped = `rate or usage limit at ${key}: ${record.error}`;
          writeIncomplete(dir, { reason: stopped, at: new Date().toISOString(), done: runs.length, remaining: spec.arms.length * spec.tasks.length * spec.trials - runs.length });
          break outer;
        }
        runs.push(record);
        appendFileSync(runsFile, `${JSON.stringify(record)}\n`);
      }
    }
  }

  const scored: ScoredRun[] = runs.map((r) => ({ arm: r.arm, risk: r.risk, clean: r.clean, costUsd: r.costUsd, tokens: r.tokens, counted: r.outcome !== 'arm-failed' }));
  const entry: HistoryEntry = {
    protocolId,
    ranAt: now.toISOString(),
    kind: 'ablation',
    provider: spec.driver,
    model: spec.model,
    scripted: spec.driver === 'scripted',
    dir: relDir,
    conditions: [],
    lifts: [],
    arms: armTable(scored, spec.arms),
  };
  writeFileAtomic(join(dir, 'summary.json'), `${JSON.stringify(entry, null, 2)}\n`);
  const notes = [
    ...[...armFailures].map(([arm, why]) => `**Arm ${arm} failed:** ${why}`),
    `Leak reports: ${relDir}/leaks/ (${leakReports.filter((l) => l.leaks.length).length} of ${leakReports.length} workspaces with a leak). Contaminated runs: ${runs.filter((r) => r.contamination.length).length}.`,
    'A run is clean when the agent finished, wrote the target, and the target has no lint error, every required pattern and no forbidden one. A budget stop counts as a run that is not clean.',
  ];
  writeFileAtomic(join(dir, 'report.md'), renderReport(entry, { title: 'Harness ablation', ...(stopped ? { incomplete: `${stopped}; the table covers the runs so far` } : {}), notes }));
  if (!entry.scripted && stopped === undefined) await appendHistory(root, entry);
  return { status: stopped ? 'incomplete' : 'complete', dir, relDir, out, entry, runs, leakReports, ...(stopped ? { reason: stopped } : {}) };
}

function prepareWorkspace(root: string, ws: string, project: Project, arm: string, task: AblationTask, trial: number): LeakReport {
  if (existsSync(ws)) throw new UserError('bench/workspace-exists', `workspace ${ws} exists already: give --out a new folder`);
  archiveInto(root, ws);
  const armRemoved = removeMatching(ws, armById(arm).remove(project.config)).map((path) => ({ path, why: `arm ${arm}` }));
  const { removed, redacted } = applyLeakControls(ws, task);
  initWorkspace(ws);
  return { workspace: ws, arm, task: task.id, trial, removed: [...armRemoved, ...removed], redacted, leaks: findLeaks(ws, task) };
}

interface RunInput {
  readonly driver: AgentDriver;
  readonly linter: Linter;
  readonly availability: SandboxAvailability;
  readonly options: AblationOptions;
  readonly ws: string;
  readonly task: AblationTask;
  readonly sequence: number;
  readonly base: Omit<AblationRunRecord, 'outcome' | 'clean' | 'costUsd' | 'turns' | 'durationMs' | 'tokens' | 'toolCalls' | 'contamination'>;
  readonly leaks: number;
  readonly loop: unknown;
  readonly runsDir: string;
}

async function runOne(project: Project, spec: AblationSpec, input: RunInput): Promise<AblationRunRecord> {
  const { ws, task } = input;
  mkdirSync(input.runsDir, { recursive: true });
  const started = Date.now();
  const sandbox: Sandbox | undefined = input.availability.ok ? openSandbox({ root: ws, config: project.config, policy: project.policy }, { availability: input.availability, dsctlPackage: packageRoot() }) : undefined;
  let result;
  if (input.loop !== undefined) {
    result = await runLoop(input.loop, ws, task, input);
  } else {
    result = await input.driver.run({
      role: 'author',
      prompt: `${task.prompt}\n\nWrite the component to ${task.target}.`,
      cwd: ws,
      allowedTools: spec.allowedTools,
      readOnly: false,
      maxTurns: spec.maxTurns ?? project.policy.loops.maxTurns,
      maxBudgetUsd: spec.maxBudgetUsd ?? project.policy.loops.maxBudgetUsd,
      sequence: input.sequence,
      runId: input.base.key.replaceAll('/', '-'),
      workDir: input.runsDir,
      ...(sandbox ? { sandbox } : {}),
    });
  }
  const durationMs = Date.now() - started;
  const facts = readTranscript(join(input.runsDir, `claude-${input.sequence}.jsonl`));
  const contamination = [...contaminationFlags(facts, { model: spec.driver === 'scripted' ? undefined : spec.model, mcpServers: input.loop !== undefined ? ['dsctl'] : [] }), ...(input.leaks ? ['leak'] : [])];
  const usage = { costUsd: result.costUsd ?? 0, turns: result.turns ?? 0, durationMs, tokens: facts.inputTokens + facts.outputTokens, toolCalls: facts.toolCalls.map((t) => t.name), contamination, subtype: result.subtype };
  if (BUDGET.has(result.subtype)) return { ...input.base, ...usage, outcome: 'budget-stop', clean: false };
  if (!result.ok) return { ...input.base, ...usage, outcome: 'agent-error', clean: false, error: result.error ?? result.subtype };
  const target = join(ws, task.target);
  if (!existsSync(target)) return { ...input.base, ...usage, outcome: 'missing', clean: false };
  const source = readFileSync(target, 'utf8');
  const lint = input.linter.lint(source, { filename: task.target });
  const patterns = task.required.every((p) => new RegExp(p).test(source)) && !task.forbidden.some((p) => new RegExp(p).test(source));
  const clean = lint.errorCount === 0 && patterns;
  return { ...input.base, ...usage, outcome: clean ? 'clean' : 'dirty', clean, lint: { errors: lint.errorCount, warnings: lint.warnCount, ruleIds: [...new Set(lint.violations.map((v) => v.ruleId))].sort() } };
}

/** The full arm: the component loop in the workspace (`dsctl component add <Name> --eval`), through the loop runner. */
async function runLoop(loop: unknown, ws: string, task: AblationTask, input: RunInput): Promise<{ ok: boolean; subtype: string; costUsd?: number; turns?: number; error?: string }> {
  const [{ startRun }, { loadValidProject }] = await Promise.all([import('../../loops/runner.js'), import('../../project/project.js')]);
  try {
    const wsProject = loadValidProject({ cwd: ws });
    const report = await startRun(wsProject, loop as Parameters<typeof startRun>[1], { cwd: ws, name: task.component, eval: 'true' }, { driver: input.driver, trigger: 'manual', dsctlBin: input.options.dsctlBin, allowUnsandboxed: input.options.allowUnsandboxed === true });
    const agent = report.record.agent;
    return { ok: true, subtype: report.status === 'passed' ? 'success' : `loop_${report.status}`, ...(agent?.cost_usd === undefined ? {} : { costUsd: agent.cost_usd }), ...(agent?.turns === undefined ? {} : { turns: agent.turns }) };
  } catch (error) {
    return { ok: false, subtype: 'error_loop', error: error instanceof Error ? error.message : String(error) };
  }
}

async function defaultFindLoop(name: string): Promise<unknown> {
  const { findWorkflow } = await import('../../loops/registry.js');
  return findWorkflow(name);
}

function makeDriver(project: Project, spec: AblationSpec, specPath: string): AgentDriver {
  if (spec.driver === 'scripted') {
    const script = resolve(dirname(specPath), spec.script ?? '');
    return createScriptedDriver(readScript(script, spec.script ?? script));
  }
  const settings = project.config.agent.claudeCode;
  return createClaudeCodeDriver({ command: settings.command, args: settings.args, model: spec.model });
}

function claudeVersion(command: string): string {
  try {
    return execFileSync(command, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 20_000 }).trim();
  } catch {
    return 'unknown';
  }
}

