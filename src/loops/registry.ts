import { nearestNames } from '../diagnostics/did-you-mean.js';
import { UserError } from '../diagnostics/user-error.js';
import { WORKFLOW_INFO } from './catalog.js';
import type { Workflow } from './workflow.js';
import { benchmarkObservation } from './workflows/benchmark-observation.js';
import { componentAdd } from './workflows/component-add/index.js';
import { driftRepair } from './workflows/drift-repair.js';
import { redTeam } from './workflows/red-team.js';
import { releaseReadiness } from './workflows/release-readiness.js';
import { uiSelfRepair } from './workflows/ui-self-repair.js';

/** Every workflow that can run (each has its own params type, hence `any`). */
export const WORKFLOWS: readonly Workflow<any>[] = [uiSelfRepair, driftRepair, benchmarkObservation, redTeam, releaseReadiness, componentAdd];

/** The workflow named by id (`W1`) or name (`ui-self-repair`); unknown or unavailable ones are a UserError. */
export function findWorkflow(given: string): Workflow<any> {
  const key = given.trim();
  const info = WORKFLOW_INFO.find((w) => w.name === key || w.id.toLowerCase() === key.toLowerCase());
  if (info === undefined) {
    const near = nearestNames(key, WORKFLOW_INFO.map((w) => w.name));
    throw new UserError('run/workflow', `unknown workflow "${given}"${near ? `; ${near}` : ''} (see dsctl workflows)`);
  }
  if (info.unavailable !== undefined) throw new UserError('run/unavailable', `${info.id} ${info.name} is not yet available: ${info.unavailable}`);
  const workflow = WORKFLOWS.find((w) => w.name === info.name);
  if (workflow === undefined) throw new Error(`workflow ${info.name} is in the catalog but has no code`);
  return workflow;
}
