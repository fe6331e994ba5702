/** The project files a view reads, as project-relative POSIX paths (what `ViewDefinition.sources` lists). */
import { relative, sep } from 'node:path';
import type { ComponentEntry } from '../../contracts/component-types.js';
import type { Project } from '../../project/project.js';

/** `dsctl.config.json`, relative to the project root. */
export function configFile(project: Project): string {
  return relative(project.root, project.configPath).split(sep).join('/');
}

/** The components sorted by id in code-point order (locale-independent, so every machine agrees). */
export function componentsById(project: Project): ComponentEntry[] {
  return [...project.components.components].sort((a, b) => (a.contract.id < b.contract.id ? -1 : a.contract.id > b.contract.id ? 1 : 0));
}

/** Every component contract file, in component id order. */
export function componentFiles(project: Project): string[] {
  return componentsById(project).map((entry) => entry.file);
}

/** `Tessera`, or a neutral name when the config has none. */
export function systemName(project: Project): string {
  return project.config.name ?? 'Design system';
}
