import { posix } from 'node:path';
import { z } from 'zod';
import { defineSoftGate, globsOption, pathOption } from './define.js';
import { globMatcher, touches } from './match.js';

export const gate = defineSoftGate({
  id: 'learning-promotion',
  meta: {
    docs: 'A source of truth (DESIGN.md, the contracts) changes in the same change as a loop learning of the quarantine folder is touched or removed: the learning may be promoted. Each changed source of truth is flagged with the learnings beside it. Whether a learning belongs in a source of truth is a person\'s decision; a promotion copied by hand in another change is not seen.',
    needs: 'approval',
    blocking: true,
    stuck: 'a change may promote a quarantined loop learning',
    question: 'Should these quarantined learnings be promoted into the sources of truth?',
    options: z.strictObject({
      ssot: globsOption('Project-relative globs of the sources of truth. Default: designMd and the contracts (tokens, rules, components) of dsctl.config.json.').optional(),
      learnings: pathOption('The quarantine folder of loop learnings, project-relative. Default: learnings of the policy.').optional(),
    }),
  },
  detect(change, options) {
    const { project } = change;
    const ssot = globMatcher(change, options.ssot ?? [project.designMd, project.tokens, project.rules, posix.join(project.components, '**')]);
    const folder = `${change.inProject(options.learnings ?? project.learnings).replace(/\/+$/, '')}/`;
    const inQuarantine = (path: string) => path.startsWith(folder);
    const learnings = change.changes.filter((c) => touches(c, inQuarantine));
    if (learnings.length === 0) return [];
    const named = learnings.map((c) => `${c.from !== undefined && inQuarantine(c.from) ? c.from : c.path} (${c.status})`);
    const shown = named.length > 3 ? `${named.slice(0, 3).join(', ')} and ${named.length - 3} more` : named.join(', ');
    return change.changes
      .filter((c) => touches(c, ssot))
      .map((c) => ({
        path: c.path,
        reason: `a source of truth changes beside the loop learning${named.length === 1 ? '' : 's'} ${shown}: is a quarantined learning being promoted?`,
        detail: { learnings: named.length },
      }));
  },
});
