import { readFileSync } from 'node:fs';
import pc from 'picocolors';

type Colors = ReturnType<typeof pc.createColors>;

/** Where a command writes, and what it knows of its terminal: injected so tests run the CLI in-process. */
export interface CliIo {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** All of standard input, for `--stdin`. */
  readonly readStdin: () => Promise<string>;
  /** Whether stderr is an interactive terminal (progress is shown only there, and never in CI). */
  readonly interactive: boolean;
  /** Colours for stdout and for stderr; plain when not a TTY or NO_COLOR is set. */
  readonly out: Colors;
  readonly err: Colors;
}

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
