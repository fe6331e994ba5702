import { chooseFormatter } from '../diagnostics/formatters/index.js';
import { countBySeverity, sortProblems } from '../diagnostics/problem.js';
import { byFile } from '../diagnostics/results.js';
import { ruleReachProblems } from '../lint/rule-reach.js';
import { loadProject, type Project } from '../project/project.js';
import type { CommandContext } from './context.js';
import { printFindings } from './output.js';

export interface CheckOptions {
  readonly json?: boolean;
  readonly format?: string;
}

/** `dsctl check`: validate every contract and their cross-references. Exit 1 on any error. */
export async function runCheck(ctx: CommandContext, options: CheckOptions): Promise<number> {
  const { io } = ctx;
  const formatter = chooseFormatter(options);
  const project = loadProject({ cwd: io.cwd, configPath: ctx.configPath });
  // Rules that load but cannot do their job, contracts that disagree with their code: asked once the contracts are valid.
  const loaded = countBySeverity(project.problems).errorCount === 0;
  // The code behind scanned contracts is read only here, not by every command that loads the project.
  const problems = loaded ? sortProblems([...project.problems, ...ruleReachProblems(project), ...(await codeProblems(project))]) : project.problems;
  const { errorCount, warnCount } = countBySeverity(problems);
  const summary = {
    name: project.config.name ?? null,
    tokens: project.tokens.tokens.size,
    rules: project.rules.rules.length,
    components: project.components.components.length,
  };
  const data = { errorCount, warnCount, summary, problems };
  // The problems are the result (stdout); the one-line verdict is about the run (stderr).
  printFindings(io, formatter, byFile(problems), { command: 'check', ok: errorCount === 0, data });
  if (formatter.id === 'stylish') {
    const c = io.err;
    const what = `${summary.name ? summary.name + ': ' : ''}${summary.tokens} tokens, ${summary.rules} rules, ${summary.components} components`;
    io.stderr(errorCount === 0 ? `${c.green('✔')} ${what} checked${warnCount ? `, ${warnCount} warning(s)` : ', no problems'}\n` : `${c.red('✖')} ${what} checked\n`);
  }
  return errorCount > 0 ? 1 : 0;
}

/** Contract vs code, loaded (with Vue's compiler and TypeScript) only when some contract was scanned from code. */
async function codeProblems(project: Project) {
  if (!project.components.components.some((e) => typeof e.contract.source === 'string')) return [];
  const { contractCodeProblems } = await import('../components/contract-drift.js');
  return contractCodeProblems({ root: project.root, config: project.config, tokens: project.tokens, components: project.components.components });
}
