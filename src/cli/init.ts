import { relative } from 'node:path';
import { seedBaseline } from '../lint/baseline.js';
import { initProject } from '../project/init.js';
import { loadValidProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface InitOptions {
  readonly force?: boolean;
  readonly json?: boolean;
  /** Print the "Next:" hint (off when another command, such as demo, goes on by itself). */
  readonly hint?: boolean;
}

/** `dsctl init [dir]`: write the embedded starter design system. */
export async function runInit(ctx: CommandContext, dir: string | undefined, options: InitOptions): Promise<number> {
  const { io } = ctx;
  const result = initProject(dir ?? io.cwd, { force: options.force === true });
  const baseline = await seedBaseline(loadValidProject({ cwd: result.dir }), { force: options.force === true });
  if (options.json) {
    printEnvelope(io, 'init', true, { ...result, baseline: baseline ?? null });
    return 0;
  }
  const c = io.err;
  const rel = relative(io.cwd, result.dir);
  const where = rel === '' ? '.' : rel.startsWith('..') ? result.dir : rel;
  io.stderr(`${c.green('✔')} wrote the Tessera starter design system to ${where} (${result.written.length} files${result.overwritten.length ? `, ${result.overwritten.length} overwritten` : ''})\n`);
  for (const file of result.written) io.stderr(`  ${c.dim('+')} ${file}\n`);
  if (baseline) io.stderr(`  ${c.dim('+')} ${baseline.path} ${c.dim(`(the ${baseline.count} deliberate violations of examples/, accepted so \`dsctl lint --baseline\` starts green)`)}\n`);
  if (options.hint !== false) io.stderr(`\nNext: ${where === '.' ? '' : `cd ${where} && `}dsctl check\n`);
  return 0;
}
