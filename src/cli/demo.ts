import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { runCheck } from './check.js';
import type { CommandContext } from './context.js';
import { runInit } from './init.js';
import { runLint } from './lint.js';

interface Step {
  readonly title: string;
  /** The exit code the step must end with for the story to be right. */
  readonly expect: number;
  readonly run: (ctx: CommandContext) => number | Promise<number>;
}

/**
 * `dsctl demo [dir]`: the whole story on the starter, offline. Each step is a real command; the demo
 * fails if any step ends otherwise than the story says (a violation page that lints clean is a bug).
 */
export async function runDemo(ctx: CommandContext, dir: string | undefined): Promise<number> {
  const target = resolve(ctx.io.cwd, dir ?? mkdtempSync(join(tmpdir(), 'dsctl-demo-')));
  const inProject: CommandContext = { ...ctx, io: { ...ctx.io, cwd: target }, configPath: undefined };
  const c = ctx.io.err;
  const steps: Step[] = [
    { title: `dsctl init ${target}`, expect: 0, run: () => runInit(ctx, target, { hint: false }) },
    { title: 'dsctl check — every contract valid', expect: 0, run: (x) => runCheck(x, {}) },
    {
      title: 'dsctl lint examples/violations-settings.html — seeded violations, each with its place and alternative',
      expect: 1,
      run: (x) => runLint(x, ['examples/violations-settings.html'], {}),
    },
    { title: 'dsctl lint --baseline — only findings nobody accepted fail', expect: 0, run: (x) => runLint(x, [], { baseline: true }) },
  ];
  for (const [i, step] of steps.entries()) {
    ctx.io.stderr(`\n${c.bold(c.cyan(`[${i + 1}/${steps.length}]`))} ${c.bold(step.title)}\n`);
    const code = await step.run(inProject);
    if (code !== step.expect) {
      ctx.io.stderr(`${c.red('✖')} expected exit ${step.expect}, got ${code}: the demo stops here\n`);
      return 1;
    }
  }
  ctx.io.stderr(`\n${c.green('✔')} demo complete. The starter is in ${target}.\n`);
  return 0;
}
