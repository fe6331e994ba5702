import { buildViews } from '../views/build.js';
import { loadValidProject } from '../project/project.js';
import type { CommandContext } from './context.js';
import { printEnvelope } from './output.js';

export interface BuildOptions {
  readonly check?: boolean;
  readonly json?: boolean;
}

/** `dsctl build [--check]`: write every generated view (atomically); --check writes nothing and fails on stale views. */
export function runBuild(ctx: CommandContext, options: BuildOptions): number {
  const { io } = ctx;
  const project = loadValidProject({ cwd: io.cwd, configPath: ctx.configPath });
  const { files } = buildViews(project, { check: options.check === true });
  const changed = files.filter((f) => f.changed);
  const failed = options.check === true && changed.length > 0;
  if (options.json) {
    printEnvelope(io, 'build', !failed, { check: options.check === true, files });
    return failed ? 1 : 0;
  }
  // The table of view files is the result (stdout, so `dsctl build --check | grep stale` works); the verdict is about the run (stderr).
  const o = io.out;
  io.stdout(
    files
      .map((f) => {
        const mark = !f.changed ? o.dim('=') : options.check ? o.red('✖') : o.green('✎');
        const state = !f.changed ? o.dim('unchanged') : options.check ? o.red('stale') : 'written';
        return `  ${mark} ${f.path.padEnd(40)} ${o.dim(f.view.padEnd(24))} ${state}\n`;
      })
      .join(''),
  );
  const c = io.err;
  if (options.check) {
    io.stderr(failed ? `${c.red('✖')} ${changed.length} view file(s) stale: run dsctl build\n` : `${c.green('✔')} every view is fresh\n`);
  } else {
    io.stderr(`${c.green('✔')} ${changed.length} of ${files.length} view file(s) written\n`);
  }
  return failed ? 1 : 0;
}
