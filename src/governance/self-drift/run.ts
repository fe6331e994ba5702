import { relative, sep } from 'node:path';
import type { Project } from '../../project/project.js';
import type { DriftFinding } from '../../views/finding.js';
import type { SelfDriftContext, SelfDriftFiles } from './check.js';
import { SELF_DRIFT_CHECKS } from './index.js';
import { projectFiles } from './project-files.js';

export interface SelfDriftOptions {
  /** Every dsctl command, as space-joined paths (`lint`, `gate check`). */
  readonly commands: ReadonlySet<string>;
}

/**
 * Playbook self-drift: the loop playbook, the CI workflow and the ignore/exclusion lists checked against
 * what the project really has. None of it is repairable by regeneration.
 */
export function runSelfDrift(project: Project, options: SelfDriftOptions): DriftFinding[] {
  return checkSelfDrift(projectFiles(project.root), selfDriftContext(project, options));
}

/** Every check over the given files, sorted by file, line and code (a check's own order breaks ties). */
export function checkSelfDrift(files: SelfDriftFiles, context: SelfDriftContext): DriftFinding[] {
  const findings = SELF_DRIFT_CHECKS.flatMap((check) => check.run(files, context));
  return findings.sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0) || a.code.localeCompare(b.code));
}

export function selfDriftContext(project: Project, options: SelfDriftOptions): SelfDriftContext {
  const { config } = project;
  return {
    policy: project.policy,
    paths: {
      playbook: config.views['playbook-sections'].path,
      policy: config.policy,
      config: relative(project.root, project.configPath).split(sep).join('/'),
    },
    lint: { include: config.lint.include, exclude: config.lint.exclude },
    commands: options.commands,
  };
}
