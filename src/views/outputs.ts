import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';
import { readText } from '../io/read-text.js';
import type { Project } from '../project/project.js';
import { enabledViews } from './registry.js';
import type { ViewDefinition, ViewOutput } from './view.js';

export interface ResolvedOutput {
  readonly view: ViewDefinition;
  readonly output: ViewOutput;
  readonly abs: string;
  /** The file as it is now; undefined when it does not exist. */
  readonly current: string | undefined;
}

/**
 * Generates every enabled view and reads what is on disk. Bad input (a missing source, two views
 * writing one path) is a UserError before anything is compared or written.
 */
export function resolveOutputs(project: Project, views: readonly ViewDefinition[] = enabledViews(project)): ResolvedOutput[] {
  for (const view of views) {
    for (const source of view.sources(project)) {
      if (!existsSync(join(project.root, source))) {
        throw new UserError('view/source-missing', `view ${view.name} reads ${source}, which does not exist`, { location: { file: source } });
      }
    }
  }
  const owners = new Map<string, string>();
  const resolved: ResolvedOutput[] = [];
  for (const view of views) {
    for (const output of view.generate(project)) {
      const owner = owners.get(output.path);
      if (owner) {
        throw new UserError('view/path-conflict', `views ${owner} and ${view.name} both write ${output.path}; give one of them another path in dsctl.config.json (views)`, {
          location: { file: 'dsctl.config.json' },
        });
      }
      owners.set(output.path, view.name);
      const abs = join(project.root, output.path);
      resolved.push({ view, output, abs, current: existsSync(abs) ? readText(abs, output.path, 'generated view') : undefined });
    }
  }
  return resolved;
}
