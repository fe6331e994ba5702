import { summariseLedger } from '../components/ledger-summary.js';
import { updateLedger } from '../components/ledger.js';
import { loadConfig } from '../project/config.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface LedgerOptions {
  readonly json?: boolean;
}

/** `dsctl ledger [--json]`: fold the handoff run records into the ledger, then summarise it. Exit 1 when a ledger entry was edited. */
export function runLedger(ctx: CommandContext, options: LedgerOptions): number {
  const { io } = ctx;
  // Only the root is needed: the ledger does not depend on the contracts being valid.
  const { root } = loadConfig({ cwd: io.cwd, configPath: ctx.configPath });
  const update = updateLedger(root);
  const summary = summariseLedger(update.entries);
  const ok = update.conflicts.length === 0;
  if (options.json) {
    printEnvelope(io, 'ledger', ok, { file: update.file, written: update.written, added: update.added, entries: update.entries.length, conflicts: update.conflicts, summary });
    return ok ? 0 : 1;
  }
  const c = io.out;
  const pct = (n: number) => `${Math.round(n * 100)}%`;
  const usd = (n: number | null) => (n === null ? '—' : `$${n.toFixed(2)}`);
  const rows = summary.groups.map((g) => `${g.risk.padEnd(12)} ${g.path.padEnd(9)} ${String(g.runs).padStart(4)}  ${pct(g.cleanRate).padStart(5)}  ${g.meanGateRetries.toFixed(2).padStart(7)}  ${usd(g.costPerClean).padStart(9)}`);
  io.stdout([c.bold(`${'risk'.padEnd(12)} ${'path'.padEnd(9)} ${'runs'.padStart(4)}  ${'clean'.padStart(5)}  ${'retries'.padStart(7)}  ${'$/clean'.padStart(9)}`), ...rows].join('\n') + '\n');
  for (const p of update.conflicts) io.stderr(`${io.err.red('✖')} ${p.file}${p.line ? `:${p.line}:${p.column ?? 1}` : ''} ${p.message}\n`);
  io.stderr(`${update.written ? `${io.err.green('✔')} ${update.file}: ${update.added.length} run(s) added` : `${update.file}: nothing new`}, ${update.entries.length} in all\n`);
  return ok ? 0 : 1;
}
