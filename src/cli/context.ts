import type { CliIo } from './io.js';

/** What every command receives: where it runs and the global options. */
export interface CommandContext {
  readonly io: CliIo;
  /** --config, when given. */
  readonly configPath: string | undefined;
  /** The CLI's command table (`check`, `gate check`, …): what playbook self-drift checks `dsctl X` against. */
  readonly commands: ReadonlySet<string>;
}
