import { processIo } from './io.js';
import { runCli } from './run.js';

// The bin: the only place that touches the process's exit status.
runCli(process.argv.slice(2), processIo()).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`dsctl: internal error — this is a bug, please report it.\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 70;
  },
);
