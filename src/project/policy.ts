import { join } from 'node:path';
import type { Config } from './config-schema.js';
import { loadConfig } from './config.js';
import { PolicySchema, type Policy } from './policy-schema.js';
import { parseConfigDocument, readJsonDocument } from './read-json.js';

export interface LoadedPolicy {
  readonly root: string;
  readonly config: Config;
  readonly policy: Policy;
}

/**
 * Config and policy only, without the contracts: what the agent hooks need on every tool call, so
 * they do not pay for schema compilation and token resolution.
 */
export function loadPolicy(options: { cwd: string; configPath?: string | undefined }): LoadedPolicy {
  const { root, config } = loadConfig(options);
  const doc = readJsonDocument(join(root, config.policy), config.policy, 'policy file');
  return { root, config, policy: parseConfigDocument(doc, PolicySchema, 'policy/invalid', 'policy') };
}
