import type { WorkflowInfo } from './workflow.js';

/*
 * The seed playbook's workflow tables as data: what each workflow is, when it runs, where it stops and
 * what it hands a person. The workflow code spreads its entry; `dsctl workflows` prints them, and the
 * playbook's generated workflow table is rendered from them. Data only (no workflow code), so the views
 * layer can read it without loading the loops.
 */
export const CATALOG = {
  'ui-self-repair': {
    id: 'W1',
    name: 'ui-self-repair',
    level: 'model-loop',
    classification: 'Level 2 model loop',
    trigger: 'A UI generation request, a changed UI file, a check_html or design:lint failure',
    substrate: 'An agent session driven by the loop runner (claude-code, command or scripted driver); hooks are only tripwires',
    context: 'DESIGN.md, the relevant component contracts, the rules and tokens, MCP get_component / get_rules / check_html',
    action: 'The agent writes the UI file; dsctl lints it and sends the findings back; repeat within loops.maxRepairAttempts',
    verify: 'lint() on the target file: the same checker as dsctl lint and check_html',
    stop: 'Zero errors, reported as lint-clean draft / brand not approved; escalate when the attempts run out or the same findings come back loops.stuckAfterRepeats times in a row',
    humanGate: 'Brand approval, manual rules, layout quality, product fit',
    escalationPayload: 'Remaining violations, each attempt and its result, the changed file, the question for a person',
    memory: 'Run record; proposals in the learnings quarantine, never a direct change to a source of truth',
    example: 'dsctl run ui-self-repair --target examples/billing.html --prompt "A billing settings page with a plan card"',
  },
  'drift-repair': {
    id: 'W2',
    name: 'drift-repair',
    level: 'pipeline',
    classification: 'Level 1 deterministic pipeline',
    trigger: 'design:drift failing, a stale generated view, dsctl drift --heal',
    substrate: 'Package script or CI job; no model',
    context: 'design/authority.md, DESIGN.md, the contracts, the policy, the generated views',
    action: 'Check drift, regenerate the views (dsctl build), check drift again, report the changed paths',
    verify: 'dsctl drift before and after the build; the hard gates on every changed path',
    stop: 'Drift is zero and only generated content changed: passed, and a person decides whether to commit',
    humanGate: 'Any diff to a source of truth, drift regeneration does not clear, a generated diff that changes public meaning',
    escalationPayload: 'Drift report, changed paths, whether a source of truth was touched, the question "generator bug or specification change?"',
    memory: 'Run record',
    example: 'dsctl drift --heal',
  },
  'benchmark-observation': {
    id: 'W3',
    name: 'benchmark-observation',
    level: 'observation',
    classification: 'Level 3 observation cron',
    trigger: 'Weekly schedule, a release candidate, changes to DESIGN.md, the contracts or the MCP tools',
    substrate: 'A scheduled job or a manual run of the benchmark runner',
    context: 'Benchmark prompts, scoring code, earlier reports',
    action: 'Run the benchmark conditions (cold, designmd, contracts, mcp-raw, full); compare only with reports of the same protocol version',
    verify: 'The report names its protocol version and includes every condition',
    stop: 'The report exists; nothing in the product or the rules changes automatically',
    humanGate: 'Interpreting scores, rubric changes, priorities',
    escalationPayload: 'Regression summary, changed prompts or scoring code, where to investigate',
    memory: 'The stored report; learnings stay quarantined',
    example: 'dsctl bench run (not yet available)',
    unavailable: 'it arrives with the benchmark runner (dsctl bench); until then, benchmarks are run by hand',
  },
  'red-team': {
    id: 'W4',
    name: 'red-team',
    level: 'model-loop',
    classification: 'Level 2 model loop',
    trigger: 'A release candidate, a new component or rule, a monthly manual run',
    substrate: 'An agent session that may write only inside redTeam.outputPath, which must be in hookExclusions',
    context: 'The rules, the component contracts, check_html, earlier red-team learnings',
    action: 'Ask the agent for UI that breaks the rules, with a claim per break; lint it; confirm each uncaught claim by linting its snippet alone',
    verify: 'lint() on every artifact and on each claimed snippet',
    stop: 'A report of escapes, each a proposal in the learnings quarantine; rules are never edited',
    humanGate: 'Adopting a rule, its severity, accepting false positives, adding tests',
    escalationPayload: 'Artifact paths, the detector gaps, the proposed rules or tests, false-positive risk',
    memory: 'Quarantined red-team learnings until a person promotes them',
    example: 'dsctl run red-team --prompt "Break the button and colour rules"',
  },
  'release-readiness': {
    id: 'W5',
    name: 'release-readiness',
    level: 'pipeline',
    classification: 'Level 1 deterministic pipeline',
    trigger: 'A release candidate, preparing a publish or a deployment',
    substrate: 'CI job or a local run; no model',
    context: 'package.json, the CI command set (ci.commands), the MCP server',
    action: 'Run the CI command set, an npm pack smoke (install the tarball in a temp folder) and an MCP boot smoke; write a readiness report',
    verify: 'Every CI command, the pack smoke and the MCP smoke (initialize + tools/list)',
    stop: 'Every check passes and the report says ready; publishing, tagging and pushing stay human actions',
    humanGate: 'Publish, deploy, version bump, commit or push to a protected branch',
    escalationPayload: 'The failing command and its output, pack and MCP smoke evidence, the release decision to make',
    memory: 'Run record and .dsctl/reports/release-readiness.{json,md}',
    example: 'dsctl run release-readiness',
  },
} as const satisfies Record<string, WorkflowInfo>;

export type WorkflowName = keyof typeof CATALOG;

/** In id order, W1…W5. */
export const WORKFLOW_INFO: readonly WorkflowInfo[] = Object.values(CATALOG);
