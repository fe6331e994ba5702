import { runDoctor, type DoctorReport } from '../doctor/run.js';
import type { CommandContext } from './context.js';
import type { CliIo } from './io.js';
import { printEnvelope } from './output.js';

export interface DoctorOptions {
  readonly json?: boolean;
}

/** `dsctl doctor`: every integration checked, each problem with its fix. Exit 1 on any problem. */
export async function runDoctorCommand(ctx: CommandContext, options: DoctorOptions): Promise<number> {
  const report = await runDoctor({ cwd: ctx.io.cwd, configPath: ctx.configPath, env: ctx.io.env });
  if (options.json) printEnvelope(ctx.io, 'doctor', report.ok, report);
  else {
    // The report is the command's result (stdout); the verdict line is about the run (stderr).
    ctx.io.stdout(formatDoctorStylish(report, ctx.io.out));
    const c = ctx.io.err;
    const warnings = report.warnCount ? `, ${report.warnCount} warning(s)` : '';
    ctx.io.stderr(report.ok ? `${c.green('✔')} dsctl doctor: no problems${warnings}\n` : `${c.red('✖')} dsctl doctor: ${report.errorCount} problem(s)${warnings}\n`);
  }
  return report.ok ? 0 : 1;
}

/** One block per check: its verdict, then each finding with its place and its fix. */
export function formatDoctorStylish(report: DoctorReport, c: CliIo['out']): string {
  const lines: string[] = [];
  for (const check of report.checks) {
    if (check.status === 'skipped') {
      lines.push(`${c.dim('-')} ${check.id} ${c.dim(check.skipped ?? '')}`);
      continue;
    }
    const mark = check.status === 'ok' ? c.green('✔') : check.status === 'warnings' ? c.yellow('!') : c.red('✖');
    lines.push(`${mark} ${c.bold(check.id)} ${c.dim(check.description)}`);
    for (const f of check.findings) {
      const place = f.file ? `${f.file}${f.line === undefined ? '' : `:${f.line}:${f.column ?? 1}`}  ` : '';
      lines.push(`    ${f.severity === 'error' ? c.red('error') : c.yellow('warn ')}  ${c.dim(place)}${f.message}  ${c.dim(f.code)}`);
      lines.push(`           ${c.cyan('fix:')} ${f.fix}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The quick pass `init` and `hooks install` end with (no process started): one line per problem with
 * its fix, on stderr, never changing the command's exit code. `dsctl doctor` is the full check.
 */
export async function printDoctorSummary(io: CliIo, cwd: string): Promise<void> {
  const c = io.err;
  let report: DoctorReport;
  try {
    report = await runDoctor({ cwd, env: io.env, quick: true });
  } catch {
    return; // no project to check: the command itself said why
  }
  const problems = report.checks.flatMap((check) => check.findings.filter((f) => f.severity === 'error').map((f) => ({ id: check.id, f })));
  if (problems.length === 0) {
    io.stderr(`${c.green('✔')} dsctl doctor (quick): every integration in place — \`dsctl doctor\` also boots the MCP server\n`);
    return;
  }
  io.stderr(`${c.yellow('!')} dsctl doctor (quick): ${problems.length} thing(s) to do before agents are governed here:\n`);
  for (const { id, f } of problems) io.stderr(`  ${c.dim(`${id}:`)} ${f.message}\n    ${c.cyan('fix:')} ${f.fix}\n`);
}
