import type { ViewDefinition } from './view.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (s: string) => `\`${s}\``;

/**
 * Generated regions of the loop playbook, from the policy: the hard-gate table, the CI command set and
 * the loop limits. The playbook's prose stays hand-written; these tables cannot drift from the policy.
 */
export const view: ViewDefinition = {
  name: 'playbook-sections',
  description: 'Generated tables in the loop playbook: hard gates, CI commands, loop limits (from design/policy.json).',
  sources: (project) => [project.config.policy],
  generate(project) {
    const { policy } = project;
    const gates = [
      '| Gate | Protected paths | Why a person decides | Generated regions may be rewritten |',
      '|---|---|---|---|',
      ...policy.hardGates.map((g) => `| ${code(g.id)} | ${g.paths.map(code).join(', ')} | ${cell(g.reason)} | ${g.allowGeneratedRegions ? 'yes' : 'no'} |`),
    ];
    const ci = policy.ci.commands.length
      ? policy.ci.commands.map((c) => `- ${code(c)}`)
      : ['- (none: `ci.commands` in the policy is empty)'];
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
          { name: 'workflows', text: `${limits.join('\n')}\n` },
        ],
      },
    ];
  },
};
