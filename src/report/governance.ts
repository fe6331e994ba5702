import type { VerifyResult } from '../governance/audit-log.js';
import type { EscalationList } from '../governance/escalations.js';
import type { RunRecord } from '../governance/run-record.js';
import type { Policy } from '../project/policy-schema.js';
import type { DriftFinding } from '../views/finding.js';
import type { GateFailure, GovernanceData } from './data.js';
import { ageBetween } from './shared.js';

const LAST_GATE_FAILURES = 10;
const LAST_APPROVALS = 10;
const DRIFT_ROWS = 20;

/** Gate ids named in an escalation's evidence: the runner writes `(hard gate "<id>")`, gate check `hard gate "<id>" (…)`. */
const GATE_IN_EVIDENCE = /hard gate "([a-z][a-z0-9-]*)"/g;

/**
 * A run that a gate stopped: `gate-check` runs that did not pass, and escalations with `blocking`
 * severity (the runner's workspace guard and the drift repair raise those when a hard-gated file was
 * touched; the gate check's own escalation is blocking too).
 */
export function gateFailures(records: readonly RunRecord[]): GateFailure[] {
  const hits: GateFailure[] = [];
  for (let i = records.length - 1; i >= 0 && hits.length < LAST_GATE_FAILURES; i--) {
    const r = records[i] as RunRecord;
    const byGate = r.workflow === 'gate-check' && r.status !== 'passed';
    if (!byGate && r.escalation?.severity !== 'blocking') continue;
    const gates = new Set<string>();
    for (const e of r.escalation?.evidence ?? []) for (const m of e.matchAll(GATE_IN_EVIDENCE)) gates.add(m[1] as string);
    hits.push({ run_id: r.run_id, workflow: r.workflow, at: r.ended_at, reason: r.escalation?.stuck_reason ?? r.status, gates: [...gates].sort(), paths: r.changed_paths.slice(0, 10) });
  }
  return hits;
}

export interface GovernanceInput {
  readonly log: string;
  readonly verify: VerifyResult;
  readonly records: readonly RunRecord[];
  readonly escalations: EscalationList;
  readonly policy: Policy;
  readonly drift: readonly DriftFinding[] | { readonly unavailable: string };
  readonly asOf: string | null;
}

export function governanceSection(input: GovernanceInput): GovernanceData {
  const { verify } = input;
  const open = input.escalations.escalations.filter((e) => e.status === 'open');
  const asOf = input.asOf;
  const approvals = input.records
    .filter((r) => r.workflow === 'gate-approval' && r.actor !== undefined)
    .slice(-LAST_APPROVALS)
    .reverse()
    .map((r) => ({ run_id: r.run_id, at: r.ended_at, by: r.actor?.name ?? '' }));
  return {
    audit: {
      log: input.log,
      ok: verify.ok,
      records: verify.records,
      head: verify.head,
      ...(verify.firstBroken ? { brokenAt: { line: verify.firstBroken.line, code: verify.firstBroken.code, reason: verify.firstBroken.reason } } : {}),
      ...(verify.torn ? { tornLines: verify.torn.count } : {}),
    },
    escalations: {
      open: open.map((e) => ({
        id: e.id,
        workflow: e.escalation.workflow,
        severity: e.escalation.severity,
        raisedAt: e.raised_at,
        age: asOf === null ? '' : ageBetween(e.raised_at, asOf),
        question: e.escalation.human_question.replace(/\s+/g, ' ').trim(),
        file: e.file,
      })),
      resolved: input.escalations.escalations.length - open.length,
      problems: input.escalations.problems.map((p) => `${p.file}: ${p.message}`),
    },
    drift:
      'unavailable' in input.drift
        ? { status: 'unavailable', reason: input.drift.unavailable }
        : (() => {
            const findings = input.drift as readonly DriftFinding[];
            const errors = findings.filter((f) => f.severity === 'error').length;
            return {
              status: errors > 0 ? ('drift' as const) : ('clean' as const),
              errors,
              warnings: findings.length - errors,
              findings: findings.slice(0, DRIFT_ROWS).map((f) => ({ code: f.code, file: f.file ?? '', message: f.message })),
            };
          })(),
    gates: input.policy.hardGates.map((g) => ({ id: g.id, paths: [...g.paths], owners: [...(g.owners ?? [])], reason: g.reason })),
    gateFailures: gateFailures(input.records),
    approvals,
  };
}
