import { existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { JsonDocument } from '../diagnostics/json-source.js';
import { UserError } from '../diagnostics/user-error.js';
import { CONFIG_FILE, ConfigSchema, type Config } from './config-schema.js';
import { parseConfigDocument, readJsonDocument } from './read-json.js';

export interface LoadedConfig {
  /** Absolute path of dsctl.config.json. */
  readonly path: string;
  /** The folder that holds it: every configured path is relative to this. */
  readonly root: string;
  readonly config: Config;
  /** The parsed file, for problems that point into it. */
  readonly doc: JsonDocument;
}

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

export function loadConfig(options: { cwd: string; configPath?: string | undefined }): LoadedConfig {
  const path = options.configPath ? resolve(options.cwd, options.configPath) : findConfig(options.cwd);
  if (!path) {
    throw new UserError(
      'config/not-found',
      `no ${CONFIG_FILE} found in ${options.cwd} or any parent folder; run \`dsctl init\` to create one, or pass --config`,
    );
  }
  const display = relative(options.cwd, path) || CONFIG_FILE;
  const doc = readJsonDocument(path, display, 'config file');
  const config = parseConfigDocument(doc, ConfigSchema, 'config/invalid', 'dsctl config');
  return { path, root: dirname(path), config, doc };
}
