import type pc from 'picocolors';

type Colors = ReturnType<typeof pc.createColors>;

/** Where a command reads and writes: injected so tests run it in-process. All an agent hook needs. */
export interface CommandIo {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** All of standard input, for `--stdin` and the hooks. */
  readonly readStdin: () => Promise<string>;
}

/** A command's io, and what it knows of its terminal. */
export interface CliIo extends CommandIo {
  /** Whether stderr is an interactive terminal (progress is shown only there, and never in CI). */
  readonly interactive: boolean;
  /** Colours for stdout and for stderr; plain when not a TTY or NO_COLOR is set. */
  readonly out: Colors;
  readonly err: Colors;
}
