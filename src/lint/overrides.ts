import picomatch from 'picomatch';
import type { Project } from '../project/project.js';

export type RuleSetting = 'off' | 'warn' | 'error';

type Compiled = readonly { readonly matches: (file: string) => boolean; readonly rules: Readonly<Record<string, RuleSetting>> }[];

// Compiled once per loaded project (a Project is immutable; a reload is a new object).
const compiled = new WeakMap<Project, Compiled>();

/**
 * The rule settings `overrides` give this project-relative file, later entries winning; undefined
 * when none applies (or the file has no name). Globs are picomatch's, relative to the project root.
 */
export function ruleSettingsFor(project: Project, filename: string | undefined): ReadonlyMap<string, RuleSetting> | undefined {
  const overrides = project.config.overrides;
  if (filename === undefined || !overrides?.length) return undefined;
  let list = compiled.get(project);
  if (!list) {
    list = overrides.map((o) => ({ matches: picomatch([...o.files], { dot: true }), rules: o.rules }));
    compiled.set(project, list);
  }
  const file = filename.replace(/\\/g, '/').replace(/^\.\//, '');
  let settings: Map<string, RuleSetting> | undefined;
  for (const o of list) {
    if (!o.matches(file)) continue;
    settings ??= new Map();
    for (const [id, setting] of Object.entries(o.rules)) settings.set(id, setting);
  }
  return settings;
}
