import { UserError } from '../diagnostics/user-error.js';
import { checkGates } from '../governance/gate-check.js';
import { loadPolicy } from '../project/policy.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface GateCheckOptions {
  readonly staged?: boolean;
  readonly range?: string;
  readonly json?: boolean;
}

/** `dsctl gate check [--staged | --range A..B | paths…]`: exit 1 when a change touches a hard gate or weakens tests. */
export async function runGateCheck(ctx: CommandContext, paths: readonly string[], options: GateCheckOptions): Promise<number> {
  const modes = [options.staged === true, options.range !== undefined, paths.length > 0].filter(Boolean).length;
  if (modes !== 1) throw new UserError('usage/gate', 'give exactly one of --staged, --range A..B or paths');
  const loaded = await loadPolicy({ cwd: ctx.io.cwd, configPath: ctx.configPath });
  let source: Parameters<typeof checkGates>[1];
  if (options.range !== undefined) {
    const match = /^(.+?)\.\.\.?(.+)$/.exec(options.range);
    if (!match) throw new UserError('usage/range', `--range expects A..B, got "${options.range}"`);
    source = { kind: 'range', from: match[1] as string, to: match[2] as string };
  } else {
    source = options.staged ? { kind: 'staged' } : { kind: 'paths', paths };
  }
  const result = checkGates(loaded, source);
  const failed = result.hard.length + result.soft.length > 0;
  const escalation = failed
    ? {
        workflow: 'gate-check',
        stuck_reason: result.hard.length ? 'a change touches paths only a person may change' : 'a change weakens tests',
        severity: result.hard.length ? 'blocking' : 'error',
        proposed_diff: result.changes.map((c) => (c.from ? `${c.from} → ${c.path}` : c.path)).join('\n'),
        evidence: [...result.hard.map((h) => `${h.path}: ${h.change}, hard gate "${h.gate}" (${h.reason})`), ...result.soft.map((s) => `${s.path}: ${s.reason} (soft gate "${s.gate}")`)],
        human_question: result.hard.length ? 'Should these protected files change? If so, a person makes the change.' : 'Is weakening these tests intended?',
      }
    : null;
  if (options.json) {
    printEnvelope(ctx.io, 'gate-check', !failed, { ...result, escalation });
    return failed ? 1 : 0;
  }
  const c = ctx.io.out;
  for (const h of result.hard) ctx.io.stdout(`${c.red('✖')} ${h.path}  ${c.dim(h.change)}  hard gate ${c.bold(h.gate)}: ${h.reason}\n`);
  for (const s of result.soft) ctx.io.stdout(`${c.yellow('!')} ${s.path}  soft gate ${c.bold(s.gate)}: ${s.reason} — a person must decide\n`);
  ctx.io.stderr(failed ? `${c.red('✖')} ${result.hard.length} protected path(s), ${result.soft.length} test-weakening change(s)\n` : `${c.green('✔')} ${result.changes.length} change(s), no gate touched\n`);
  return failed ? 1 : 0;
}
