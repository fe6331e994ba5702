import type { Problem } from '../diagnostics/problem.js';
import { isUserError, type UserError } from '../diagnostics/user-error.js';
import { createLinter, type Linter } from '../lint/engine.js';
import type { Config } from '../project/config-schema.js';
import { loadConfig } from '../project/config.js';
import { loadProject, type Project } from '../project/project.js';
import { contractsUnusable } from './contract-problems.js';

/**
 * What the server serves right now. The config is always there; the contracts may be broken
 * mid-edit, and then the server keeps running and every tool says why instead of vanishing.
 */
export interface ServedProject {
  readonly root: string;
  readonly config: Config;
  /** The loaded project; undefined when a contract file could not be read at all (malformed JSON, missing). */
  readonly loaded: Project | undefined;
  /** The contracts' errors (`dsctl check`'s), located; tools answer only when this is empty. */
  readonly errors: readonly Problem[];
  /** Why a contract file could not be read, when `loaded` is undefined. */
  readonly failure: UserError | undefined;
}

/**
 * What every tool and resource reads: the project, reloaded when a contract file changes
 * (loadProject's stamp cache), so a design-system engineer can edit, break and fix rules mid-session.
 */
export interface McpContext {
  /** The served project, broken contracts included. Throws a UserError only when there is nothing to serve (no or invalid config). */
  project(): ServedProject;
  /** The project when its contracts are valid; else a UserError listing every located error (a tool turns it into isError). */
  contracts(): Project;
  /** The linter of `project` (default: the current valid project), built once per loaded project. */
  linter(project?: Project): Promise<Linter>;
}

export function createMcpContext(options: { cwd: string; configPath?: string | undefined }): McpContext {
  const linters = new WeakMap<Project, Promise<Linter>>();
  const project = (): ServedProject => {
    try {
      const loaded = loadProject(options);
      return { root: loaded.root, config: loaded.config, loaded, errors: loaded.problems.filter((p) => p.severity === 'error'), failure: undefined };
    } catch (error) {
      if (!isUserError(error)) throw error;
      // A contract file could not be read. If the config cannot either, there is nothing to serve: that throws.
      const { root, config } = loadConfig(options);
      return { root, config, loaded: undefined, errors: [], failure: error };
    }
  };
  const contracts = (): Project => {
    const served = project();
    if (served.loaded && served.errors.length === 0) return served.loaded;
    throw contractsUnusable(served);
  };
  return {
    project,
    contracts,
    linter(loaded) {
      const current = loaded ?? contracts();
      let linter = linters.get(current);
      if (!linter) {
        linter = createLinter(current);
        linters.set(current, linter);
      }
      return linter;
    },
  };
}
