import type { Problem } from '../diagnostics/problem.js';
import { sortProblems } from '../diagnostics/problem.js';
import { loadValidProject } from '../project/project.js';
import { checkDrift } from '../views/drift.js';
import type { DriftFinding } from '../views/finding.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';
import { formatProblemsStylish } from './problems-stylish.js';

export interface DriftOptions {
  readonly json?: boolean;
}

/** `dsctl drift`: every drift check; exit 1 on any error-severity finding. */
export function runDrift(ctx: CommandContext, options: DriftOptions): number {
  const { io } = ctx;
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  const findings = checkDrift(project, { commands: ctx.commands });
  const errors = findings.filter((f) => f.severity === 'error').length;
  if (options.json) {
    printEnvelope(io, 'drift', errors === 0, { errorCount: errors, warnCount: findings.length - errors, findings });
    return errors ? 1 : 0;
  }
  // The findings are the result (stdout); the verdict and the advice are about the run (stderr).
  io.stdout(formatProblemsStylish(sortProblems(findings.map(toProblem)), io.out));
  const fixable = findings.filter((f) => f.fixable).length;
  const c = io.err;
  if (findings.length === 0) io.stderr(`${c.green('✔')} no drift: every view is fresh and the playbook matches the project\n`);
  else if (fixable) io.stderr(`${fixable} finding(s) are repaired by ${c.bold('dsctl build')}; the rest need a person\n`);
  return errors ? 1 : 0;
}

function toProblem(f: DriftFinding): Problem {
  return {
    severity: f.severity,
    code: f.code,
    message: f.message,
    file: f.file,
    ...(f.line === undefined ? {} : { line: f.line, column: 1 }),
    ...(f.fixable ? { hint: 'dsctl build repairs this' } : {}),
    ...(f.details ? { details: f.details } : {}),
  };
}
