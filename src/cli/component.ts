import { componentRisk, findContract } from '../components/risk.js';
import { loadProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

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
