import { readFileSync } from 'node:fs';
import pc from 'picocolors';
import type { CliIo } from '../io/command-io.js';

type Colors = CliIo['out'];

// The type lives below the surfaces (the hooks read the same io); the commands import it from here.
export type { CliIo };

export function processIo(): CliIo {
  const env = process.env;
  const colour = (tty: boolean) =>
    env.NO_COLOR !== undefined && env.NO_COLOR !== '' ? false : env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0' ? true : tty;
  return {
    cwd: process.cwd(),
    env,
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    // One synchronous read of fd 0: hooks pipe a small JSON document, and a stream costs several milliseconds.
    readStdin: async () => (process.stdin.isTTY ? '' : readFileSync(0, 'utf8')),
    interactive: process.stderr.isTTY === true && !env.CI,
    out: pc.createColors(colour(process.stdout.isTTY === true)),
    err: pc.createColors(colour(process.stderr.isTTY === true)),
  };
}

export function plainColors(): Colors {
  return pc.createColors(false);
}
