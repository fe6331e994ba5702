import { resolve } from 'node:path';
import { FORMATTERS } from '../diagnostics/formatters/index.js';
import type { Problem } from '../diagnostics/problem.js';
import { byFile, type Formatter } from '../diagnostics/results.js';
import { UserError } from '../diagnostics/user-error.js';
import { tailLog, verifyLog } from '../governance/audit-log.js';
import type { RunRecord } from '../governance/run-record.js';
import { loadValidProject, type Project } from '../project/project.js';
import type { CommandContext } from './context.js';
import type { CliIo } from './io.js';
import { printEnvelope, printFindings } from './output.js';

export interface AuditVerifyOptions {
  readonly json?: boolean;
  /** A head hash kept from an earlier run: it must still be in the chain (detects a truncated tail). */
  readonly anchor?: string;
}

export interface AuditTailOptions {
  readonly n?: string;
  readonly workflow?: string;
  readonly json?: boolean;
}

const DEFAULT_TAIL = 10;

function runLog(ctx: CommandContext): { project: Project; path: string; file: string } {
  const project = loadValidProject({ cwd: ctx.io.cwd, configPath: ctx.configPath });
  return { project, path: resolve(project.root, project.policy.runLog), file: project.policy.runLog };
}

/** `dsctl audit verify`: check every link of the run log's hash chain. Exit 1 on a broken link; a torn line only warns. */
export function runAuditVerify(ctx: CommandContext, options: AuditVerifyOptions): number {
  const { io } = ctx;
  if (options.anchor !== undefined && !/^[0-9a-f]{64}$/.test(options.anchor)) {
    throw new UserError('usage/anchor', `--anchor must be a record hash (64 lower-case hex digits), got "${options.anchor}"`);
  }
  const { path, file } = runLog(ctx);
  const result = verifyLog(path, options.anchor === undefined ? {} : { anchor: options.anchor });
  const problems: Problem[] = [];
  if (result.firstBroken) {
    const b = result.firstBroken;
    problems.push({ severity: 'error', code: `audit/${b.code}`, message: b.reason, file, line: b.line, column: 1 });
  }
  if (result.torn) {
    const { line, count } = result.torn;
    const more = count > 1 ? ` (${count} torn lines in all)` : '';
    problems.push({ severity: 'warn', code: 'audit/torn', message: `torn line: an append was interrupted here; later appends continue on the next line${more}`, file, line, column: 1 });
  }
  if (options.json) {
    printEnvelope(io, 'audit-verify', result.ok, { log: file, ...result });
    return result.ok ? 0 : 1;
  }
  printFindings(io, FORMATTERS['stylish'] as Formatter, byFile(problems), { command: 'audit-verify', ok: result.ok, data: null });
  const c = io.err;
  if (result.ok) {
    const what = result.records === 0 ? 'no runs recorded yet' : `${result.records} record(s), chain intact`;
    io.stderr(`${c.green('✔')} ${file}: ${what}${result.head ? `; head ${result.head}` : ''}\n`);
    if (options.anchor === undefined && result.records > 0) {
      io.stderr(c.dim('  records cut from the end leave a valid chain: keep the head hash and pass it later as --anchor\n'));
    }
  } else {
    io.stderr(`${c.red('✖')} ${file}: chain broken at line ${result.firstBroken?.line}; ${result.records} record(s) before it verified\n`);
  }
  return result.ok ? 0 : 1;
}

/** `dsctl audit tail`: the last runs of the log, newest last. */
export function runAuditTail(ctx: CommandContext, options: AuditTailOptions): number {
  const { io } = ctx;
  const n = options.n === undefined ? DEFAULT_TAIL : Number(options.n);
  if (!Number.isInteger(n) || n < 1) throw new UserError('usage/n', `-n must be a positive whole number, got "${options.n}"`);
  const { path, file } = runLog(ctx);
  const { records, skipped } = tailLog(path, { n, ...(options.workflow === undefined ? {} : { workflow: options.workflow }) });
  if (options.json) {
    printEnvelope(io, 'audit-tail', true, { log: file, records, skipped });
    return 0;
  }
  // One line per record on stdout (`dsctl audit tail | grep escalated`); notes about the log go to stderr.
  io.stdout(formatRuns(records, io));
  const c = io.err;
  if (records.length === 0) io.stderr(`${c.dim('no runs')}${options.workflow ? ` of ${options.workflow}` : ''} in ${file}\n`);
  if (skipped > 0) io.stderr(`${c.yellow('warn')} ${skipped} line(s) of ${file} are not valid records; run dsctl audit verify\n`);
  return 0;
}

function formatRuns(records: readonly RunRecord[], io: CliIo): string {
  const c = io.out;
  const status = (r: RunRecord) => (r.status === 'passed' ? c.green : r.status === 'escalated' ? c.yellow : c.red)(r.status.padEnd(9));
  const rows = records.map((r) => {
    const escalation = r.escalation ? `  ${c.yellow(`${r.escalation.severity}: ${r.escalation.human_question}`)}` : '';
    const agent = r.agent ? c.dim(`  ${r.agent.driver}${r.agent.turns === undefined ? '' : ` ${r.agent.turns} turns`}${r.agent.cost_usd === undefined ? '' : ` $${r.agent.cost_usd.toFixed(2)}`}`) : '';
    return `${c.dim(r.ended_at)}  ${status(r)} ${r.workflow.padEnd(20)} ${c.dim(r.trigger.padEnd(8))} ${r.run_id}  ${c.dim(`${r.attempts} attempt(s)`)}${agent}${escalation}`;
  });
  return rows.length ? rows.join('\n') + '\n' : '';
}
