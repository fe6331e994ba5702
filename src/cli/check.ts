import { countBySeverity } from '../diagnostics/problem.js';
import { loadProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';
import { formatProblemsStylish } from './problems-stylish.js';

export interface CheckOptions {
  readonly json?: boolean;
}

/** `dsctl check`: validate every contract and their cross-references. Exit 1 on any error. */
export function runCheck(ctx: CommandContext, options: CheckOptions): number {
  const { io } = ctx;
  const project = loadProject({ cwd: io.cwd, configPath: ctx.configPath });
  const { errorCount, warnCount } = countBySeverity(project.problems);
  const summary = {
    name: project.config.name ?? null,
    tokens: project.tokens.tokens.size,
    rules: project.rules.rules.length,
    components: project.components.components.length,
  };
  if (options.json) {
    printEnvelope(io, 'check', errorCount === 0, { errorCount, warnCount, summary, problems: project.problems });
  } else {
    // The problems are the result (stdout); the one-line verdict is about the run (stderr).
    io.stdout(formatProblemsStylish(project.problems, io.out));
    const c = io.err;
    const what = `${summary.name ? summary.name + ': ' : ''}${summary.tokens} tokens, ${summary.rules} rules, ${summary.components} components`;
    io.stderr(errorCount === 0 ? `${c.green('✔')} ${what} checked${warnCount ? `, ${warnCount} warning(s)` : ', no problems'}\n` : `${c.red('✖')} ${what} checked\n`);
  }
  return errorCount > 0 ? 1 : 0;
}
