import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runCheck } from './check.js';
import type { CommandContext } from './context.js';
import { runInit } from './init.js';

/**
 * `dsctl demo [dir]`: the whole story on the starter, offline. Today: write the starter and check it;
 * each later surface (lint, views, hooks, loops) adds its step here.
 */
export function runDemo(ctx: CommandContext, dir: string | undefined): number {
  const target = resolve(ctx.io.cwd, dir ?? mkdtempSync(join(tmpdir(), 'dsctl-demo-')));
  const c = ctx.io.err;
  const step = (n: number, text: string) => ctx.io.stderr(`\n${c.bold(c.cyan(`[${n}/2]`))} ${c.bold(text)}\n`);

  step(1, `dsctl init ${target}`);
  const init = runInit(ctx, target, { hint: false });
  if (init !== 0) return init;

  step(2, 'dsctl check');
  const check = runCheck({ ...ctx, io: { ...ctx.io, cwd: target }, configPath: undefined }, {});
  ctx.io.stderr(`\nThe starter is in ${target}.\n`);
  return check;
}
