import { relative } from 'node:path';
import { initProject } from '../project/init.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface InitOptions {
  readonly force?: boolean;
  readonly json?: boolean;
  /** Print the "Next:" hint (off when another command, such as demo, goes on by itself). */
  readonly hint?: boolean;
}

/** `dsctl init [dir]`: write the embedded starter design system. */
export function runInit(ctx: CommandContext, dir: string | undefined, options: InitOptions): number {
  const { io } = ctx;
  const result = initProject(dir ?? io.cwd, { force: options.force === true });
  if (options.json) {
    printEnvelope(io, 'init', true, result);
    return 0;
  }
  const c = io.err;
  const rel = relative(io.cwd, result.dir);
  const where = rel === '' ? '.' : rel.startsWith('..') ? result.dir : rel;
  io.stderr(`${c.green('✔')} wrote the Tessera starter design system to ${where} (${result.written.length} files${result.overwritten.length ? `, ${result.overwritten.length} overwritten` : ''})\n`);
  for (const file of result.written) io.stderr(`  ${c.dim('+')} ${file}\n`);
  if (options.hint !== false) io.stderr(`\nNext: ${where === '.' ? '' : `cd ${where} && `}dsctl check\n`);
  return 0;
}
