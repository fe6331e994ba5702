import { createLinter, type Linter } from '../lint/engine.js';
import { loadValidProject, type Project } from '../project/project.js';

/**
 * What every tool and resource reads: the project, loaded once and reloaded when a contract file
 * changes (loadProject's stamp cache), so a design-system engineer can edit rules mid-session.
 */
export interface McpContext {
  project(): Project;
  /** The linter of `project` (default: the current project), built once per loaded project. */
  linter(project?: Project): Promise<Linter>;
}

export function createMcpContext(options: { cwd: string; configPath?: string | undefined }): McpContext {
  const linters = new WeakMap<Project, Promise<Linter>>();
  const project = () => loadValidProject(options);
  return {
    project,
    linter(loaded) {
      const current = loaded ?? project();
      let linter = linters.get(current);
      if (!linter) {
        linter = createLinter(current);
        linters.set(current, linter);
      }
      return linter;
    },
  };
}
