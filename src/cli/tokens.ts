import { importTokens } from '../adopt/tokens-import.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface TokensImportOptions {
  readonly format?: string;
  readonly out?: string;
  readonly apply?: boolean;
  readonly dryRun?: boolean;
  readonly json?: boolean;
}

/** `dsctl tokens import <source…>`: exit 0 written or unchanged, 1 a proposal waits for a person, 2 bad input. */
export async function runTokensImport(ctx: CommandContext, sources: readonly string[], options: TokensImportOptions): Promise<number> {
  const { io } = ctx;
  const result = await importTokens({ cwd: io.cwd, sources, format: options.format, out: options.out, configPath: ctx.configPath, apply: options.apply, dryRun: options.dryRun });
  const code = result.status === 'proposal' ? 1 : 0;
  if (options.json) {
    const { text: _text, ...data } = result;
    printEnvelope(io, 'tokens-import', code === 0, data);
    return code;
  }
  const o = io.out;
  const c = io.err;
  for (const p of result.problems) io.stderr(`${c.yellow('warn')} ${p.file}:${p.line ?? 1}:${p.column ?? 1} ${p.message} ${c.dim(`(${p.code})`)}\n`);
  for (const s of result.sources) io.stdout(`  ${o.dim(s.format.padEnd(20))} ${s.file}: ${s.tokens} token(s)\n`);
  if (result.diff) {
    const d = result.diff;
    for (const path of d.added) io.stdout(`  ${o.green('+')} ${path}\n`);
    for (const path of d.removed) io.stdout(`  ${o.red('-')} ${path}\n`);
    for (const path of d.changed) io.stdout(`  ${o.yellow('~')} ${path}\n`);
  }
  io.stdout(`  theme: ${JSON.stringify(result.theme)}\n`);
  const summary = `${result.tokenCount} token(s)${result.modes.length ? ` in mode(s) ${result.modes.join(', ')}` : ''}`;
  const message = {
    written: `${c.green('✔')} wrote ${result.out}: ${summary}`,
    unchanged: `${c.green('✔')} ${result.out} is up to date: ${summary}`,
    'dry-run': `${c.green('✔')} dry run: ${result.out} would get ${summary}; nothing written`,
    proposal: `${c.yellow('✎')} ${result.out} exists and is a hard gate: wrote the proposal ${result.proposal ?? ''} (${result.diff?.added.length ?? 0} added, ${result.diff?.removed.length ?? 0} removed, ${result.diff?.changed.length ?? 0} changed); a person applies it with --apply`,
  }[result.status];
  io.stderr(`${message}\n`);
  if (Object.keys(result.theme).length) io.stderr(`  ${c.dim('wire the groups above into theme of dsctl.config.json')}\n`);
  return code;
}
