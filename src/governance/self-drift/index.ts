import type { SelfDriftCheck } from './check.js';
import { check as ciWorkflow } from './ci-workflow.js';
import { check as dsctlDirIgnored } from './dsctl-dir-ignored.js';
import { check as playbookLevels } from './playbook-levels.js';
import { check as playbookMarkers } from './playbook-markers.js';
import { check as playbookMentions } from './playbook-mentions.js';
import { check as playbookPresent } from './playbook-present.js';
import { check as redTeamExcluded } from './red-team-excluded.js';
import { check as releaseSection } from './release-section.js';

/** Every self-drift check, sorted by id (= file name in this folder). */
export const SELF_DRIFT_CHECKS: readonly SelfDriftCheck[] = [
  ciWorkflow,
  dsctlDirIgnored,
  playbookLevels,
  playbookMarkers,
  playbookMentions,
  playbookPresent,
  redTeamExcluded,
  releaseSection,
];
