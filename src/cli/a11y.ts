import { a11yCoverage, waiversAtBase } from '../components/a11y-coverage.js';
import { chooseFormatter } from '../diagnostics/formatters/index.js';
import { countBySeverity, sortProblems } from '../diagnostics/problem.js';
import { byFile } from '../diagnostics/results.js';
import { loadProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { printFindings } from './output.js';

export interface A11yCoverageOptions {
  readonly base?: string;
  readonly json?: boolean;
  readonly format?: string;
}

/** `dsctl a11y coverage [--base REF]`: every interactive component has its a11y test, or a waiver that only shrinks. Exit 1 on an error. */
export function runA11yCoverage(ctx: CommandContext, options: A11yCoverageOptions): number {
  const { io } = ctx;
  const formatter = chooseFormatter(options);
  // Not loadValidProject: a contract-vs-code finding elsewhere must not hide this answer.
  const project = loadProject({ cwd: io.cwd, configPath: ctx.configPath });
  const baseWaivers = options.base === undefined ? undefined : waiversAtBase(project, options.base);
  const result = a11yCoverage(project, { ...(baseWaivers === undefined ? {} : { baseWaivers }), ...(options.base === undefined ? {} : { baseRef: options.base }) });
  const problems = sortProblems(result.problems);
  const { errorCount } = countBySeverity(problems);
  const data = { errorCount, components: result.components, problems };
  printFindings(io, formatter, byFile(problems), { command: 'a11y-coverage', ok: errorCount === 0, data });
  if (formatter.id === 'stylish') {
    const count = (status: string) => result.components.filter((c) => c.status === status).length;
    const interactive = result.components.filter((c) => c.risk === 'interactive').length;
    const what = `${interactive} interactive component(s): ${count('covered')} covered, ${count('waived')} waived, ${count('missing')} missing, ${count('no-code')} without code`;
    io.stderr(errorCount === 0 ? `${io.err.green('✔')} ${what}\n` : `${io.err.red('✖')} ${what}\n`);
  }
  return errorCount > 0 ? 1 : 0;
}
