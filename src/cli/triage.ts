import { resolve } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';
import { triage } from '../governance/triage.js';
import { readText } from '../io/read-text.js';
import { loadValidProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface TriageOptions {
  /** The failed command's log: a file, or `-` for standard input. */
  readonly log?: string;
  readonly json?: boolean;
}

/** `dsctl triage <failed command> [--log F]`: route a CI failure; prints the route, its limit and the evidence. */
export async function runTriage(ctx: CommandContext, command: readonly string[] | string, options: TriageOptions): Promise<number> {
  const { io } = ctx;
  const failed = (typeof command === 'string' ? command : command.join(' ')).trim();
  if (failed === '') throw new UserError('usage/command', 'name the failed command, e.g. dsctl triage "npm run design:drift" --log drift.log');
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  const log =
    options.log === undefined ? undefined : options.log === '-' ? await io.readStdin() : readText(resolve(io.cwd, options.log), options.log, 'log file');
  const result = triage(project, failed, log);
  if (options.json) {
    printEnvelope(io, 'triage', true, { command: failed, ...result });
    return 0;
  }
  const c = io.out;
  const why = result.matched ? c.dim(` (${result.matched.by} matched "${result.matched.pattern}"${result.entry ? `, policy route ${result.entry}` : ''})`) : c.dim(' (no policy route matched)');
  const out = [`${c.bold('route')}             ${result.route}${why}`, `${c.bold('automation limit')}  ${result.automationLimit}`];
  if (log !== undefined) {
    out.push(c.bold('evidence'));
    out.push(...(result.evidence.length ? result.evidence.map((l) => `  ${l}`) : [c.dim('  (the log is empty)')]));
  }
  io.stdout(out.join('\n') + '\n');
  if (result.route === 'human') io.stderr(`${io.err.yellow('!')} escalate to a person: automation may not repair this failure on its own\n`);
  return 0;
}
