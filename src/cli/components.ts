import { relative, resolve } from 'node:path';
import { scanComponents, type ScanReport } from '../adopt/components/scan.js';
import { UserError } from '../diagnostics/user-error.js';
import { agentMarkersIn } from '../governance/agent-markers.js';
import { loadConfig } from '../project/config.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface ComponentsScanOptions {
  readonly dir?: string[];
  readonly dryRun?: boolean;
  readonly json?: boolean;
}

/**
 * `dsctl components scan`: draft contracts from the app's components. Exit 0 written or unchanged,
 * 1 when a contract a person owns (ready, …) no longer matches its component, 2 bad input.
 */
export function runComponentsScan(ctx: CommandContext, options: ComponentsScanOptions): number {
  const { io } = ctx;
  const dryRun = options.dryRun === true;
  // The contracts folder is a hard gate for agents: writing it is a person's command (--dry-run only reads).
  const markers = agentMarkersIn(io.env);
  if (!dryRun && markers.length) {
    throw new UserError('components/scan-refused', `the component contracts are a person's to write, and ${markers.map((m) => `${m.variable} (${m.who})`).join(', ')} ${markers.length === 1 ? 'is' : 'are'} set`, {
      details: ['run it yourself, in a terminal outside the agent, the sandbox and the loop runner', 'an agent may run dsctl components scan --dry-run to see what it would write'],
    });
  }
  const { root, config } = loadConfig({ cwd: io.cwd, configPath: ctx.configPath });
  // --dir is relative to where the command runs, as a shell completes it; the scan works project-relative.
  const dirs = (options.dir ?? []).map((dir) => relative(root, resolve(io.cwd, dir)) || '.');
  const report = scanComponents({ root, contractsDir: config.contracts.components, schemasDir: config.contracts.schemas, dirs, dryRun });
  const failed = report.drift > 0;
  if (options.json) {
    const { texts: _texts, ...data } = report;
    printEnvelope(io, 'components-scan', !failed, data);
    return failed ? 1 : 0;
  }
  io.stdout(table(ctx, report));
  const c = io.err;
  const verb = dryRun ? 'would write' : 'wrote';
  const changes = report.components.filter((e) => e.action === 'created' || e.action === 'updated').length;
  io.stderr(
    failed
      ? `${c.red('✖')} ${report.drift} contract(s) a person owns no longer match their component; ${verb} ${changes} draft(s)\n`
      : `${c.green('✔')} ${report.components.length} component(s) in ${report.folders.join(', ')}; ${verb} ${changes} draft(s)\n`,
  );
  return failed ? 1 : 0;
}

function table(ctx: CommandContext, report: ScanReport): string {
  const o = ctx.io.out;
  const mark: Record<string, string> = { created: o.green('+'), updated: o.green('✎'), unchanged: o.dim('='), 'in-step': o.dim('='), drift: o.red('✖'), kept: o.yellow('•') };
  const fileWidth = Math.max(0, ...report.components.map((e) => e.file.length), ...report.orphans.map((e) => e.file.length));
  const sourceWidth = Math.max(0, ...report.components.map((e) => e.source.length + e.exportName.length + 1), ...report.orphans.map((e) => e.source.length));
  const lines = report.components.map((e) => {
    const state = e.action === 'drift' ? o.red('drift') : e.action === 'unchanged' || e.action === 'in-step' ? o.dim(e.action) : e.action;
    const detail = e.message ?? (e.action === 'updated' ? `changed: ${e.changed.join(', ')}` : '');
    return `  ${mark[e.action] ?? ' '} ${e.file.padEnd(fileWidth)} ${o.dim(`${e.source}#${e.exportName}`.padEnd(sourceWidth))} ${state}${detail ? `  ${o.dim(detail)}` : ''}\n`;
  });
  for (const orphan of report.orphans) {
    lines.push(`  ${orphan.status === 'draft' ? o.yellow('?') : o.red('✖')} ${orphan.file.padEnd(fileWidth)} ${o.dim(orphan.source.padEnd(sourceWidth))} ${orphan.status === 'draft' ? 'orphaned' : o.red('drift')}  ${o.dim(orphan.message)}\n`);
  }
  return lines.join('');
}
