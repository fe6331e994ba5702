import { chooseFormatter } from '../diagnostics/formatters/index.js';
import { countBySeverity } from '../diagnostics/problem.js';
import { byFile } from '../diagnostics/results.js';
import { loadProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { printFindings } from './output.js';

export interface CheckOptions {
  readonly json?: boolean;
  readonly format?: string;
}

/** `dsctl check`: validate every contract and their cross-references. Exit 1 on any error. */
export function runCheck(ctx: CommandContext, options: CheckOptions): number {
  const { io } = ctx;
  const formatter = chooseFormatter(options);
  const project = loadProject({ cwd: io.cwd, configPath: ctx.configPath });
  const { errorCount, warnCount } = countBySeverity(project.problems);
  const summary = {
    name: project.config.name ?? null,
    tokens: project.tokens.tokens.size,
    rules: project.rules.rules.length,
    components: project.components.components.length,
  };
  const data = { errorCount, warnCount, summary, problems: project.problems };
  // The problems are the result (stdout); the one-line verdict is about the run (stderr).
  printFindings(io, formatter, byFile(project.problems), { command: 'check', ok: errorCount === 0, data });
  if (formatter.id === 'stylish') {
    const c = io.err;
    const what = `${summary.name ? summary.name + ': ' : ''}${summary.tokens} tokens, ${summary.rules} rules, ${summary.components} components`;
    io.stderr(errorCount === 0 ? `${c.green('✔')} ${what} checked${warnCount ? `, ${warnCount} warning(s)` : ', no problems'}\n` : `${c.red('✖')} ${what} checked\n`);
  }
  return errorCount > 0 ? 1 : 0;
}
