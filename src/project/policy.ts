import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from './config-schema.js';
import { locateConfig } from './config-discovery.js';
import { validateConfig, validatePolicy, type CompiledValidator } from './generated/config-validators.js';
import type { Policy } from './policy-schema.js';

export interface LoadedPolicy {
  readonly root: string;
  readonly config: Config;
  readonly policy: Policy;
}

/**
 * Config and policy only, without the contracts: what the agent hooks need on every tool call. Valid
 * files take a fast path (validators compiled from the same zod schemas, defaults filled in); anything
 * else goes through zod, which says exactly what is wrong and where.
 */
export async function loadPolicy(options: { cwd: string; configPath?: string | undefined }): Promise<LoadedPolicy> {
  const path = locateConfig(options);
  const root = dirname(path);
  const config = readValid<Config>(path, validateConfig);
  const policy = config && readValid<Policy>(join(root, config.policy), validatePolicy);
  if (config && policy) return { root, config, policy };
  return loadPolicyStrictly(options);
}

/** The zod path: every problem located, a UserError for anything invalid. */
export async function loadPolicyStrictly(options: { cwd: string; configPath?: string | undefined }): Promise<LoadedPolicy> {
  const [{ loadConfig }, { PolicySchema }, { parseConfigDocument, readJsonDocument }] = await Promise.all([
    import('./config.js'),
    import('./policy-schema.js'),
    import('./read-json.js'),
  ]);
  const { root, config } = loadConfig(options);
  const doc = readJsonDocument(join(root, config.policy), config.policy, 'policy file');
  return { root, config, policy: parseConfigDocument(doc, PolicySchema, 'policy/invalid', 'policy') };
}

function readValid<T>(path: string, validate: CompiledValidator): T | undefined {
  try {
    const text = readFileSync(path, 'utf8');
    const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    return validate(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}
