import { dirname, relative } from 'node:path';
import type { JsonDocument } from '../diagnostics/json-source.js';
import { ConfigSchema, type Config } from './config-schema.js';
import { CONFIG_FILE, locateConfig } from './config-discovery.js';
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

export function loadConfig(options: { cwd: string; configPath?: string | undefined }): LoadedConfig {
  const path = locateConfig(options);
  const display = relative(options.cwd, path) || CONFIG_FILE;
  const doc = readJsonDocument(path, display, 'config file');
  const config = parseConfigDocument(doc, ConfigSchema, 'config/invalid', 'dsctl config');
  return { path, root: dirname(path), config, doc };
}
