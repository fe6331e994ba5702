import { WORKFLOW_INFO } from '../loops/catalog.js';
import type { ViewDefinition } from './view.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string) => `\`${s}\``;

/**
 * Generated regions of the loop playbook: the hard-gate table with the gates' owners and the CI command
 * set (from the policy), the workflow registry (from the loop runner's catalog) and the loop limits. The playbook's prose stays
 * hand-written; these tables cannot drift from the code that enforces them.
 */
export const view: ViewDefinition = {
  name: 'playbook-sections',
  description: 'Generated tables in the loop playbook: hard gates, CI commands (design/policy.json), the workflow registry and loop limits.',
  sources: (project) => [project.config.policy],
  generate(project) {
    const { policy } = project;
    const gates = [
      '| Gate | Protected paths | Owners (CODEOWNERS) | Why a person decides | Generated regions may be rewritten |',
      '|---|---|---|---|---|',
      ...policy.hardGates.map((g) => `| ${code(g.id)} | ${g.paths.map(code).join(', ')} | ${g.owners?.map(code).join(', ') ?? '—'} | ${cell(g.reason)} | ${g.allowGeneratedRegions ? 'yes' : 'no'} |`),
    ];
    const ci = policy.ci.commands.length
      ? policy.ci.commands.map((c) => `- ${code(c)}`)
      : ['- (none: `ci.commands` in the policy is empty)'];
    const workflows = [
      '| Id | Workflow | Classification | Stops when | Human gate | Status |',
      '|---|---|---|---|---|---|',
      ...WORKFLOW_INFO.map((w) => `| ${w.id} | ${code(w.name)} | ${cell(w.classification)} | ${cell(w.stop)} | ${cell(w.humanGate)} | ${w.unavailable === undefined ? `${code(w.example)}` : `not yet available: ${cell(w.unavailable)}`} |`),
    ];
    const { loops } = policy;
    const limits = [
      '| Limit (policy `loops`) | Value |',
      '|---|---|',
      `| Repair attempts per run | ${loops.maxRepairAttempts} |`,
      `| Same violations in a row before escalating | ${loops.stuckAfterRepeats} |`,
      `| Agent turns per stage | ${loops.maxTurns} |`,
      `| Agent budget per stage (USD) | ${loops.maxBudgetUsd} |`,
    ];
    return [
      {
        kind: 'regions',
        path: project.config.views['playbook-sections'].path,
        regions: [
          { name: 'hard-gates', text: `${gates.join('\n')}\n` },
          { name: 'ci-commands', text: `${ci.join('\n')}\n` },
          { name: 'workflows', text: `${workflows.join('\n')}\n\n${limits.join('\n')}\n` },
        ],
      },
    ];
  },
};
