import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { compareRuns } from '../../bench/compare.js';
import type { HistoryEntry } from '../../bench/history-schema.js';
import { latestOtherProtocol, previousReport, protocolDiff } from '../../bench/history.js';
import { readTrials } from '../../bench/records.js';
import { runBench } from '../../bench/run.js';
import { DEFAULT_SPEC } from '../../bench/spec.js';
import { UserError } from '../../diagnostics/user-error.js';
import { CATALOG } from '../catalog.js';
import type { Workflow, WorkflowOutcome } from '../workflow.js';

export interface BenchmarkObservationParams {
  /** Absolute path of the spec: policy `benchmark.spec`, else design/benchmarks/benchmark.json. */
  readonly spec: string;
  readonly dsctlBin?: string;
}

interface BenchStep {
  readonly status: 'complete' | 'incomplete';
  readonly relDir: string;
  readonly protocolId: string;
  readonly entry: HistoryEntry | null;
  readonly reason: string | null;
}

/**
 * W3, a Level 3 observation: run the project's benchmark, compare it with the last report of the same
 * protocol id only, and escalate a regression beyond the earlier run's 95% interval to a person. It
 * never changes the product or the rules; a new protocol id starts a new series (nothing to compare).
 */
export const benchmarkObservation: Workflow<BenchmarkObservationParams> = {
  ...CATALOG['benchmark-observation'],

  parseParams(raw, project) {
    const configured = project.policy.benchmark?.spec ?? DEFAULT_SPEC;
    const spec = resolve(project.root, configured);
    if (!existsSync(spec)) throw new UserError('run/params', `W3 runs the project's benchmark spec ${configured}, which does not exist: write it (see README, "Benchmarks") or set benchmark.spec in ${project.config.policy}`);
    return { spec, ...(raw.dsctlBin ? { dsctlBin: raw.dsctlBin } : {}) };
  },

  async run(ctx, params) {
    const root = ctx.root;
    const ran = await ctx.step<BenchStep>(
      'benchmark',
      async () => {
        const r = await runBench(ctx.project, { spec: params.spec, dsctlBin: params.dsctlBin, onProgress: ctx.progress });
        return { status: r.status, relDir: r.relDir, protocolId: r.protocolId, entry: r.entry ?? null, reason: r.reason ?? null };
      },
      { command: `dsctl bench run --spec ${relative(root, params.spec)}` },
    );
    const changedPaths = [ran.relDir];
    if (ran.status === 'incomplete' || ran.entry === null) {
      return {
        status: 'failed',
        summary: `the benchmark stopped: ${ran.reason ?? 'incomplete'}`,
        attempts: 1,
        changedPaths,
        escalation: {
          stuck_reason: `benchmark incomplete: ${ran.reason ?? 'unknown'}`,
          severity: 'warn',
          proposed_diff: '',
          evidence: [`run folder: ${ran.relDir}`, `protocol: ${ran.protocolId}`],
          human_question: `Continue the run when the limit resets (dsctl bench run --resume ${ran.relDir}), or shard it over a CI matrix?`,
        },
        result: { dir: ran.relDir, protocolId: ran.protocolId },
      };
    }
    const entry = ran.entry;
    const previous = previousReport(root, entry);
    const label = entry.scripted ? ' (scripted — not evidence)' : '';
    if (previous === undefined) {
      const other = latestOtherProtocol(root, entry);
      const changes = other ? protocolDiff(root, other, entry) : [];
      const why = other ? `the protocol changed since ${other.dir} (${changes.join('; ') || 'see provenance.json'}): a new series starts, nothing compared` : 'the first report of this protocol';
      return passed(`report ${ran.relDir}${label}: ${why}`, changedPaths, { dir: ran.relDir, protocolId: entry.protocolId, comparedWith: null, protocolChanges: changes });
    }
    const comparison = compareRuns(previous, entry);
    if (comparison.regressions.length === 0) {
      return passed(`report ${ran.relDir}${label}: no condition fell below ${previous.dir}'s 95% interval`, changedPaths, { dir: ran.relDir, protocolId: entry.protocolId, comparedWith: previous.dir, comparison: comparison.lines });
    }
    const worst = comparison.regressions.map((r) => `${r.condition} ${r.before.toFixed(3)} → ${r.after.toFixed(3)} (earlier 95% CI [${r.beforeCi[0].toFixed(3)}, ${r.beforeCi[1].toFixed(3)}])`);
    return {
      status: 'escalated',
      summary: `benchmark regression${label}: ${worst.join('; ')}`,
      attempts: 1,
      changedPaths,
      escalation: {
        stuck_reason: `benchmark regression beyond the earlier run's 95% interval: ${worst.join('; ')}`,
        severity: 'warn',
        proposed_diff: 'none: an observation changes nothing; a person decides what to investigate',
        evidence: [
          ...comparison.lines,
          `changed prompts or scoring code: none — ${entry.protocolId} is the protocol of both runs (same prompts, condition contexts, contracts, MCP tools, scorer and model); what changed is the answers`,
          ...taskDrops(root, previous, entry, comparison.regressions.map((r) => r.condition)),
          `where to look: ${entry.dir}/report.md against ${previous.dir}/report.md; the trials of the regressed condition(s) in ${entry.dir}/trials.jsonl (answers, lint rule ids, failed checks) against ${previous.dir}/trials.jsonl`,
        ],
        human_question: `Is the drop in ${comparison.regressions.map((r) => r.condition).join(', ')} a real regression (the model using DESIGN.md, the contracts or the MCP tools worse) worth investigating, or noise to re-measure with more trials?`,
      },
      result: { dir: ran.relDir, protocolId: entry.protocolId, comparedWith: previous.dir, comparison: comparison.lines, regressions: comparison.regressions },
    };
  },
};

function passed(summary: string, changedPaths: string[], result: Record<string, unknown>): WorkflowOutcome {
  return { status: 'passed', summary, attempts: 1, changedPaths, result };
}

/** Per regressed condition, the tasks whose mean score fell the most (from the two runs' trials). */
function taskDrops(root: string, before: HistoryEntry, after: HistoryEntry, conditions: readonly string[]): string[] {
  const means = (dir: string, condition: string) => {
    const byTask = new Map<string, number[]>();
    for (const r of readTrials(resolve(root, dir))) if (r.condition === condition && r.status === 'scored') byTask.set(r.task, [...(byTask.get(r.task) ?? []), r.score ?? 0]);
    return new Map([...byTask].map(([t, s]) => [t, s.reduce((a, b) => a + b, 0) / s.length]));
  };
  return conditions.map((c) => {
    const a = means(before.dir, c);
    const b = means(after.dir, c);
    const drops = [...b].map(([t, m]) => [t, m - (a.get(t) ?? m)] as const).filter(([, d]) => d < 0).sort((x, y) => x[1] - y[1]);
    return `${c}: tasks that fell most: ${drops.map(([t, d]) => `${t} (${d.toFixed(3)})`).join(', ') || 'none by task (the spread changed)'}`;
  });
}
