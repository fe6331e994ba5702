import { processIo } from './io.js';

const argv = process.argv.slice(2);

// Agent hooks run on every tool call: `dsctl hook <agent> <event>` skips the command-line parser.
async function main(): Promise<number> {
  const io = processIo();
  if (argv[0] === 'hook' && argv.length === 3 && !argv.some((a) => a.startsWith('-'))) {
    const [{ runHook }, { isUserError }, { printUserError }] = await Promise.all([import('./hook.js'), import('../diagnostics/user-error.js'), import('./output.js')]);
    try {
      return await runHook({ io, configPath: undefined, commands: new Set() }, argv[1] as string, argv[2] as string);
    } catch (error) {
      if (!isUserError(error)) throw error;
      printUserError(io, error);
      return 2;
    }
  }
  const { runCli } = await import('./run.js');
  return runCli(argv, io);
}

// The bin: the only place that touches the process's exit status.
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`dsctl: internal error — this is a bug, please report it.\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 70;
  },
);
