import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';

export const CONFIG_FILE = 'dsctl.config.json';

/** Walks up from `cwd` to the nearest dsctl.config.json, as git does for .git. */
export function findConfig(cwd: string): string | undefined {
  let dir = resolve(cwd);
  for (;;) {
    const candidate = join(dir, CONFIG_FILE);
    if (existsSync(candidate)) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/** The config file to use: `--config`, else the nearest one; a clear error when there is none. */
export function locateConfig(options: { cwd: string; configPath?: string | undefined }): string {
  const path = options.configPath ? resolve(options.cwd, options.configPath) : findConfig(options.cwd);
  if (!path) {
    throw new UserError(
      'config/not-found',
      `no ${CONFIG_FILE} found in ${options.cwd} or any parent folder; run \`dsctl init\` to create one, or pass --config`,
    );
  }
  return path;
}
