import { appendFileSync, cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashRecord } from '../../src/governance/audit-log.js';
import { canonicalJson } from '../../src/governance/canonical-json.js';
import { escalationRunEntry, writeEscalation, type Escalation } from '../../src/governance/escalation.js';
import type { RunEntry, RunRecord } from '../../src/governance/run-record.js';

/*
 * A project with something in every section of the report: runs of several workflows over three weeks, two
 * open escalations (one raised by a hard gate), a component ledger, a benchmark history of two protocols
 * and a scripted run. Written as the real writers write them: chained records, escalation files, the
 * committed ledger and history files from test/fixtures/report/.
 */

const FIXTURES = fileURLToPath(new URL('../fixtures/report/', import.meta.url));
const WORKFLOWS = ['drift-repair', 'ui-self-repair', 'release-readiness'] as const;
const STATUSES = ['passed', 'passed', 'passed', 'escalated', 'failed'] as const;

/** The i-th of a deterministic stream of runs: one every `stepMinutes`, from `start`. */
export function syntheticRun(i: number, start = Date.UTC(2026, 10, 1), stepMinutes = 60): RunEntry {
  const workflow = WORKFLOWS[i % WORKFLOWS.length] as string;
  const status = STATUSES[(i * 7) % STATUSES.length] as RunEntry['status'];
  const ended = new Date(start + i * stepMinutes * 60_000);
  const startedAt = new Date(ended.getTime() - 30_000).toISOString();
  const runId = `${ended.toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '')}-${workflow}-${String(i).padStart(6, '0')}`;
  const escalation: Escalation | null =
    status === 'escalated' ? { workflow, run_id: runId, stuck_reason: 'findings remain after repair', severity: 'error', proposed_diff: '', evidence: [], human_question: 'Accept the remaining findings?' } : null;
  return {
    schema: 'dsctl.run/v1',
    run_id: runId,
    workflow,
    level: workflow === 'ui-self-repair' ? 'model-loop' : 'pipeline',
    status,
    trigger: i % 2 ? 'ci' : 'schedule',
    commands: ['dsctl drift'],
    changed_paths: [],
    escalation,
    started_at: startedAt,
    ended_at: ended.toISOString(),
    attempts: 1 + (i % 3),
    ...(workflow === 'ui-self-repair' ? { agent: { driver: 'scripted', turns: 3, cost_usd: 0.25 } } : {}),
  };
}

/**
 * Writes `count` chained records to the run log in one go, as `appendRun` would line by line (canonical
 * JSON, `prev` → `hash`): appending 100,000 records through the lock one at a time would take minutes.
 */
export function writeRunLog(path: string, entries: Iterable<RunEntry>, prev: string | null = null): string | null {
  mkdirSync(dirname(path), { recursive: true });
  let head = prev;
  const lines: string[] = [];
  const flush = () => {
    if (lines.length) appendFileSync(path, lines.join(''));
    lines.length = 0;
  };
  for (const entry of entries) {
    const unhashed = { ...entry, prev: head };
    const record = { ...unhashed, hash: hashRecord(unhashed) } as RunRecord;
    lines.push(`${canonicalJson(record)}\n`);
    head = record.hash;
    if (lines.length >= 5000) flush();
  }
  flush();
  return head;
}

function* range(n: number, from = 0): Generator<number> {
  for (let i = from; i < from + n; i++) yield i;
}

export interface FixtureCounts {
  readonly runs: number;
  readonly ledgerRuns: number;
}

/** Runs, escalations, a ledger and benchmarks in the starter project at `root` (made by `dsctl init`). */
export function writeReportFixture(root: string, counts: FixtureCounts = { runs: 500, ledgerRuns: 40 }): { runs: readonly RunEntry[] } {
  const log = join(root, '.dsctl/runs.jsonl');
  const runs = [...range(counts.runs)].map((i) => syntheticRun(i, Date.UTC(2026, 10, 1), Math.max(1, Math.floor((21 * 24 * 60) / counts.runs))));
  let head = writeRunLog(log, runs);
  // Two open escalations: a gate stopped one run, a stuck agent session the other.
  const at = new Date(Date.parse(runs.at(-1)?.ended_at ?? '2026-11-22T00:00:00Z') + 3_600_000);
  const gate: Escalation = {
    workflow: 'ui-self-repair',
    run_id: '20261122T010000Z-ui-self-repair-gate',
    stuck_reason: 'the agent changed 1 hard-gated file(s); dsctl restored them',
    severity: 'blocking',
    proposed_diff: 'design/contracts/tokens.json: deleted by the agent',
    evidence: ['modified design/contracts/tokens.json (hard gate "ssot-contracts"): restored to the bytes saved before the stage'],
    human_question: 'The agent tried to change a source of truth. Should a person make this change?',
  };
  const session: Escalation = {
    workflow: 'agent-session',
    run_id: 'claude-session-abc',
    stuck_reason: 'UI files still break the design system after 3 stop attempts',
    severity: 'error',
    proposed_diff: 'examples/dashboard.html',
    evidence: ['examples/dashboard.html:3:5 NO_RAW_COLOR'],
    human_question: 'Fix these files by hand, or is this an acceptable exception?',
  };
  for (const [e, when] of [
    [gate, at],
    [session, new Date(at.getTime() + 7_200_000)],
  ] as const) {
    writeEscalation(root, e);
    head = writeRunLog(log, [escalationRunEntry(e, { level: 'model-loop', trigger: 'ci', changed_paths: [], attempts: 1, at: when })], head);
  }
  mkdirSync(join(root, 'design/benchmarks'), { recursive: true });
  cpSync(join(FIXTURES, 'history.json'), join(root, 'design/benchmarks/history.json'));
  mkdirSync(join(root, '.dsctl/bench/20261120T090000Z'), { recursive: true });
  cpSync(join(FIXTURES, 'scripted-summary.json'), join(root, '.dsctl/bench/20261120T090000Z/summary.json'));
  writeFileSync(join(root, 'design/run-ledger.json'), `${JSON.stringify({ version: 1, entries: [...range(counts.ledgerRuns)].map(ledgerRun) }, null, 2)}\n`);
  return { runs };
}

const COMPONENTS = ['Button', 'Dialog', 'Tabs', 'Card', 'Badge', 'Avatar'] as const;

/** The i-th component run: interactive components on the full path, display ones on the standard path; every third run needs a gate retry. */
export function ledgerRun(i: number) {
  const component = COMPONENTS[i % COMPONENTS.length] as string;
  const interactive = i % COMPONENTS.length < 3;
  const failures = i % 3 === 0 ? 1 : 0;
  const outcome = i % 5 === 4 ? 'changes-required' : 'clean';
  return {
    component,
    ranAt: new Date(Date.UTC(2026, 9, 1) + i * 3_600_000).toISOString().replace('.000Z', 'Z'),
    path: interactive ? 'full' : 'standard',
    risk: interactive ? 'interactive' : 'display',
    gate: { passes: 1, failures, reasons: failures ? ['a11y test failed'] : [] },
    reviewerFindings: [],
    manualRescues: 0,
    costUsd: interactive ? 1.5 : 0.5,
    outcome,
  };
}
