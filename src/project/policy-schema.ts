import { z } from 'zod';
import { GATE_PATH } from '../governance/json-pointer-gate.js';
import { SoftGateEntrySchema } from '../governance/soft-gates/policy-entry.js';

const id = z
  .string()
  .regex(/^[a-z][a-z0-9-]*$/, 'expected a kebab-case id')
  .describe('Stable kebab-case id.');
const nonEmpty = z.string().min(1);

/** GitHub's CODEOWNERS owners: `@user`, `@org/team`, or an e-mail address. */
const OWNER = /^(?:@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\/[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9_])?)?|[^\s@]+@[^\s@]+\.[^\s@]+)$/;

/** `design/policy.json`: what automation may do, and what always needs a human. */
export const PolicySchema = z
  .strictObject({
    $schema: z.string().optional(),
    version: nonEmpty.describe('Version of this policy.'),
    hardGates: z
      .array(
        z.strictObject({
          id,
          paths: z
            .array(
              z
                .string()
                .regex(GATE_PATH, 'expected a glob, or glob#/json/pointer (RFC 6901: each segment starts with "/", "~" written as "~0", "/" inside a segment as "~1")'),
            )
            .min(1)
            .describe('Globs (repo-relative) that no agent or loop may write; `file#/json/pointer` protects only the value at that RFC 6901 pointer.'),
          owners: z
            .array(z.string().regex(OWNER, 'expected a GitHub owner: @user, @org/team or an e-mail address'))
            .min(1)
            .optional()
            .describe('Who approves a change (GitHub @user, @org/team or e-mail): `dsctl build` writes them into the CODEOWNERS view.'),
          reason: nonEmpty.describe('Why a human must decide; shown with every denial.'),
          allowGeneratedRegions: z
            .boolean()
            .default(false)
            .describe('Allow changes that only touch dsctl:generated regions of these files.'),
        }),
      )
      .describe('Path-based gates, checked mechanically.'),
    softGates: z
      .array(SoftGateEntrySchema)
      .default([])
      .describe('Semantic gates: human judgment, surfaced in escalations. Only the gates listed here run in `dsctl gate check`, each with its options.'),
    redTeam: z
      .strictObject({ outputPath: nonEmpty.describe('The only place red-team UI may be written.') })
      .optional(),
    hookExclusions: z.array(nonEmpty).default([]).describe('Globs the lint hooks skip (tests, red-team output).'),
    runLog: nonEmpty.default('.dsctl/runs.jsonl').describe('Append-only, hash-chained run log.'),
    learnings: nonEmpty.default('docs/loop-learnings').describe('Quarantine folder for loop learnings.'),
    ci: z
      .strictObject({
        workflow: nonEmpty.optional().describe('CI workflow file that must run every command.'),
        commands: z.array(nonEmpty).default([]).describe('The required CI command set.'),
      })
      .prefault({}),
    triage: z
      .array(
        z.strictObject({
          id,
          match: z.array(nonEmpty).default([]).describe('Substrings of the failed command that select this route.'),
          logPatterns: z.array(nonEmpty).default([]).describe('Substrings of the log that select this route.'),
          route: nonEmpty.describe('Workflow id, deterministic-investigation, evidence-report or human.'),
          automationLimit: nonEmpty.describe('What automation may do on this route, and no more.'),
        }),
      )
      .default([]),
    loops: z
      .strictObject({
        maxRepairAttempts: z.number().int().min(0).max(10).default(3),
        stuckAfterRepeats: z.number().int().min(1).default(2),
        maxTurns: z.number().int().positive().default(30),
        maxBudgetUsd: z.number().positive().default(2),
      })
      .prefault({}),
    componentGate: z
      .union([
        z.array(nonEmpty),
        z.strictObject({
          commands: z.array(nonEmpty).default([]).describe('Run in order in the project root; the first that fails stops the gate (fail-fast).'),
          maxRuns: z.number().int().min(1).max(20).default(3).describe('Gate runs per `dsctl component add` before the run ends gate-failed (`--eval` always allows 5).'),
        }),
      ])
      .default([])
      .describe('The component loop\'s deterministic gate: a list of commands (fail-fast, at most 3 runs), or {commands, maxRuns}.'),
    benchmark: z
      .strictObject({
        spec: nonEmpty.default('design/benchmarks/benchmark.json').describe('The benchmark spec W3 (`dsctl run benchmark-observation`) and `dsctl bench run` use by default.'),
      })
      .optional()
      .describe("W3 benchmark-observation: the project's benchmark. A rubric change is a human decision, so it lives in the policy."),
    a11yWaivers: z.array(nonEmpty).default([]).describe('Interactive components (by name) allowed to lack their <Name>.a11y.test.tsx for now; `dsctl a11y coverage` lets the list only shrink.'),
    selfDrift: z
      .strictObject({
        markers: z
          .array(id)
          .default([
            'ssot-write-protection',
            'designmd-two-layered',
            'hook-boundary',
            'brand-gate',
            'brand-draft-label',
            'red-team-isolation',
            'audit-log',
            'memory-quarantine',
            'escalation-contract',
            'ci-failure-triage',
          ])
          .describe('Governance sections the loop playbook keeps, each a heading followed by <!-- dsctl:marker NAME --> and a non-empty body: the safety invariants of the loops.'),
        levels: z
          .array(nonEmpty)
          .default(['Level 1', 'Level 2', 'Level 3'])
          .describe('Automation levels the loop playbook names, so workflow ids (W1…W5) are never read as levels.'),
      })
      .prefault({})
      .describe('What `dsctl drift` requires of the loop playbook.'),
  })
  .describe('dsctl governance policy');

export type Policy = z.output<typeof PolicySchema>;
