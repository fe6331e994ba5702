import { chooseFormatter } from '../diagnostics/formatters/index.js';
import { sortProblems } from '../diagnostics/problem.js';
import { byFile } from '../diagnostics/results.js';
import { loadValidProject } from '../project/project.js';
import { checkDrift } from '../views/drift.js';
import type { CommandContext } from './context.js';
import { printFindings } from './output.js';

export interface DriftOptions {
  readonly json?: boolean;
  readonly format?: string;
}

/** `dsctl drift`: every drift check; exit 1 on any error-severity finding. */
export function runDrift(ctx: CommandContext, options: DriftOptions): number {
  const { io } = ctx;
  const formatter = chooseFormatter(options);
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  const findings = checkDrift(project, { commands: ctx.commands });
  const errors = findings.filter((f) => f.severity === 'error').length;
  const data = { errorCount: errors, warnCount: findings.length - errors, findings };
  // The findings are the result (stdout); the verdict and the advice are about the run (stderr).
  const shown = sortProblems(findings.map((f) => (f.fixable ? { ...f, hint: 'dsctl build repairs this' } : f)));
  printFindings(io, formatter, byFile(shown), { command: 'drift', ok: errors === 0, data });
  if (formatter.id === 'stylish') {
    const fixable = findings.filter((f) => f.fixable).length;
    const c = io.err;
    if (findings.length === 0) io.stderr(`${c.green('✔')} no drift: every view is fresh and the playbook matches the project\n`);
    else if (fixable) io.stderr(`${fixable} finding(s) are repaired by ${c.bold('dsctl build')}; the rest need a person\n`);
  }
  return errors ? 1 : 0;
}
