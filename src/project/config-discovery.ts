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

/** What the agent hooks judge a tool call against (see {@link discoverHookProjects}). */
export interface HookProjects {
  /** Config files whose policies all apply: a write any of them denies is denied. */
  readonly configs: readonly string[];
  /** Config files inside a project other than its root one: ignored, and reported. */
  readonly ignored: readonly string[];
  /** Project folders that look like dsctl projects (`.dsctl/`, `design/policy.json`) but have no root config. */
  readonly missing: readonly string[];
}

/** Folders whose presence says "a dsctl project was here" even when its config is gone. */
const PROJECT_MARKS = ['.dsctl', join('design', 'policy.json')];

/**
 * The projects a hook call concerns, from every place the call names: the payload's `cwd`, the
 * agent's project folder (`CLAUDE_PROJECT_DIR`), and the folders of the paths it writes. A hook must
 * not be talked out of a policy by where it is started, so from each place:
 * - the walk up stops at the git top-level (a config above the repository is not this project's);
 * - the root config is the outermost one found; a config nested below it (`sub/dsctl.config.json`
 *   with an empty policy) is ignored;
 * - outside git the nearest config applies too, so a stray config written in a parent folder
 *   (`/tmp/dsctl.config.json` above `/tmp/app`) adds a policy instead of replacing the project's;
 * - a folder with dsctl's marks but no config on the way up is a project whose config went missing.
 */
export function discoverHookProjects(starts: readonly string[]): HookProjects {
  const configs = new Set<string>();
  const ignored = new Set<string>();
  const missing = new Set<string>();
  const seen = new Set<string>();
  for (const start of starts) {
    const from = resolve(start);
    if (seen.has(from)) continue;
    seen.add(from);
    const found: string[] = [];
    let marked: string | undefined;
    let gitTop = false;
    for (let dir = from, depth = 0; depth < 256; depth++) {
      const config = join(dir, CONFIG_FILE);
      if (existsSync(config)) found.push(config);
      else if (found.length === 0 && marked === undefined && PROJECT_MARKS.some((m) => existsSync(join(dir, m)))) marked = dir;
      if (existsSync(join(dir, '.git'))) {
        gitTop = true;
        break;
      }
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
    if (marked !== undefined) missing.add(marked);
    if (found.length === 0) continue;
    const root = found[found.length - 1] as string;
    configs.add(root);
    if (!gitTop && found.length > 1) configs.add(found[0] as string);
    for (const inner of found.slice(gitTop ? 0 : 1, -1)) ignored.add(inner);
  }
  for (const config of configs) ignored.delete(config);
  return { configs: [...configs], ignored: [...ignored], missing: [...missing] };
}
