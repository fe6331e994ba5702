import { componentRisk, findContract } from '../components/risk.js';
import { loadProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';
import type { RunWorkflowOptions } from './run-workflow.js';

export interface ComponentRiskOptions {
  readonly json?: boolean;
}

/** `dsctl component risk <Name>`: `interactive` or `display` on stdout (the reasons on stderr); exit 2 for an unknown name. */
export function runComponentRisk(ctx: CommandContext, name: string, options: ComponentRiskOptions): number {
  const { io } = ctx;
  // Not loadValidProject: a contract-vs-code finding elsewhere must not hide this answer.
  const project = loadProject({ cwd: io.cwd, configPath: ctx.configPath });
  const result = componentRisk(findContract(project, name));
  if (options.json) {
    printEnvelope(io, 'component-risk', true, result);
    return 0;
  }
  // The bare word on stdout, so a script can branch on `$(dsctl component risk X)`.
  io.stdout(`${result.risk}\n`);
  if (result.reasons.length) io.stderr(io.err.dim(`${result.name}: ${result.reasons.join('; ')}\n`));
  return 0;
}

export interface ComponentSenseOptions {
  readonly json?: boolean;
}

/** `dsctl component sense <Name>`: writes .dsctl/handoff/<Name>.snapshot.json from committed files only; prints its path (the summary on stderr). */
export async function runComponentSense(ctx: CommandContext, name: string, options: ComponentSenseOptions): Promise<number> {
  const { io } = ctx;
  const { writeSnapshot } = await import('../components/sense.js');
  const project = loadProject({ cwd: io.cwd, configPath: ctx.configPath });
  const { file, snapshot } = writeSnapshot(project, name);
  if (options.json) {
    printEnvelope(io, 'component-sense', true, { file, snapshot });
    return 0;
  }
  io.stdout(`${file}\n`);
  const c = io.err;
  const lines = [
    `${snapshot.component}: ${snapshot.contract ? `contract ${snapshot.contract.file}` : 'greenfield (no contract)'}, ${snapshot.risk.risk}`,
    `tokens: ${snapshot.tokens.length} declared${snapshot.tokens.some((t) => t.status !== 'approved') ? ` (${snapshot.tokens.filter((t) => t.status !== 'approved').map((t) => `${t.token}: ${t.status}`).join(', ')})` : ''}; ${snapshot.deprecatedTokens.length} deprecated to avoid`,
    snapshot.designTool ? `design-tool variables: captured ${snapshot.designTool.capturedAt} (${snapshot.designTool.ageDays} d)${snapshot.designTool.stale ? ` ${c.yellow('stale')}: capture them again` : ''}` : 'design-tool variables: none committed',
    `closest existing component: ${snapshot.closest ? `${snapshot.closest.name} (${snapshot.closest.source})` : 'none'}`,
    ...(snapshot.memory.missing.length ? [`missing memory: ${snapshot.memory.missing.join(', ')}`] : []),
  ];
  for (const line of lines) io.stderr(`${c.dim('·')} ${line}\n`);
  return 0;
}

/** `dsctl run`'s agent and output flags, and the review overrides. */
export interface ComponentAddOptions extends Omit<RunWorkflowOptions, 'target' | 'prompt' | 'promptFile'> {
  readonly review?: boolean;
  readonly eval?: boolean;
}

/** `dsctl component add <Name>`: the component-add workflow (W6) under the loop runner. Exit 0 clean, 1 otherwise or paused, 2 bad usage. */
export async function runComponentAdd(ctx: CommandContext, name: string, options: ComponentAddOptions): Promise<number> {
  const { io } = ctx;
  const [{ chooseAgent }, { findWorkflow }, { startRun }, { withInterrupt }, { loadValidProject }, { RUN_TRIGGERS }, { UserError }] = await Promise.all([
    import('../agents/select.js'),
    import('../loops/registry.js'),
    import('../loops/runner.js'),
    import('./run-workflow.js'),
    import('../project/project.js'),
    import('../governance/run-record.js'),
    import('../diagnostics/user-error.js'),
  ]);
  const workflow = findWorkflow('component-add');
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  if (options.trigger !== undefined && !(RUN_TRIGGERS as readonly string[]).includes(options.trigger)) throw new UserError('usage/trigger', `--trigger must be one of ${RUN_TRIGGERS.join(', ')}, got "${options.trigger}"`);
  const agent = chooseAgent(project, { driver: options.agent, script: options.script, command: options.agentCommand }, io.cwd);
  // commander: --review → true, --no-review → false, neither → undefined.
  const review = options.review === undefined ? 'auto' : options.review ? 'full' : 'standard';
  const raw = { cwd: io.cwd, name, review, ...(options.eval ? { eval: 'true' } : {}) };
  return withInterrupt(ctx, options, (runOptions) =>
    startRun(project, workflow, raw, { ...runOptions, agent, allowUnsandboxed: options.allowUnsandboxed === true, ...(options.trigger ? { trigger: options.trigger as 'manual' | 'ci' | 'schedule' } : {}) }),
  );
}
