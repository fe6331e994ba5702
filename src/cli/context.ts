import type { CliIo } from './io.js';

/** What every command receives: where it runs and the global options. */
export interface CommandContext {
  readonly io: CliIo;
  /** --config, when given. */
  readonly configPath: string | undefined;
}
