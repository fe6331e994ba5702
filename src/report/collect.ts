import { resolve } from 'node:path';
import { foldRuns, LEDGER_FILE, readLedger, readRunFiles } from '../components/ledger.js';
import type { ComponentRun } from '../components/run-record.js';
import { isUserError } from '../diagnostics/user-error.js';
import { tailLog, verifyLog } from '../governance/audit-log.js';
import { listEscalations } from '../governance/escalations.js';
import { lintProject } from '../lint/run.js';
import { loadPolicy } from '../project/policy.js';
import { loadProject, type Project } from '../project/project.js';
import { checkDrift } from '../views/drift.js';
import { HISTORY_FILE } from '../bench/history-schema.js';
import { benchmarkSection, readBenchInputs } from './benchmarks.js';
import { componentSection } from './component-loop.js';
import { REPORT_SCHEMA, type Missing, type ReportData } from './data.js';
import { governanceSection } from './governance.js';
import { lintSection } from './lint-debt.js';
import { aggregateRuns } from './runs-aggregate.js';
import { reportTheme } from './theme.js';

export interface CollectOptions {
  readonly cwd: string;
  readonly configPath?: string | undefined;
  /** The CLI's command table, for the playbook self-drift checks. */
  readonly commands: ReadonlySet<string>;
}

/**
 * Reads everything dsctl records, through the readers that own each file, and aggregates it into the
 * report's data. Reads only: the ledger is folded in memory, nothing is written. A bad config, policy,
 * ledger or benchmark history is a UserError (exit 2); contracts with errors only make drift and lint
 * unavailable, since the rest of the page does not depend on them.
 */
export async function collectReport(options: CollectOptions): Promise<{ readonly root: string; readonly data: ReportData }> {
  const { root, config, policy } = await loadPolicy({ cwd: options.cwd, configPath: options.configPath });
  const project = validProject(options);
  const log = resolve(root, policy.runLog);
  const verify = verifyLog(log);
  const { records, skipped } = tailLog(log);
  const escalations = listEscalations({ root, runLog: log }, { all: true });
  const ledger = ledgerEntries(root);
  const bench = readBenchInputs(root);

  const times: string[] = [];
  for (const r of records) times.push(r.ended_at);
  for (const e of escalations.escalations) times.push(e.raised_at);
  for (const e of ledger) times.push(e.ranAt);
  for (const e of [...bench.history, ...bench.local]) times.push(e.ranAt);

  let lint: ReportData['lint'];
  if ('reason' in project) {
    lint = { missing: `Lint debt is not shown: ${project.reason}.` };
  } else {
    const run = await lintProject(project.project, { cwd: root });
    const section = lintSection(root, config.lint.baseline, run.reports);
    for (const p of section.baselineHistory) times.push(p.date);
    lint = section.files === 0 && section.baselineNow === null ? { missing: `No UI files to lint yet: nothing matches lint.include (${config.lint.include.join(', ')}).` } : section;
  }
  const asOf = latest(times);
  const runs = aggregateRuns(records, skipped);
  const components = componentSection(ledger);
  const benchmarks = benchmarkSection(bench);
  const missing = (text: string): Missing => ({ missing: text });
  const data: ReportData = {
    schema: REPORT_SCHEMA,
    project: config.name ?? '',
    asOf,
    theme: reportTheme('reason' in project ? undefined : project.project),
    governance: governanceSection({
      log: policy.runLog,
      verify,
      records,
      escalations,
      policy,
      drift: 'reason' in project ? { unavailable: project.reason } : checkDrift(project.project, { commands: options.commands }),
      asOf,
    }),
    runs: runs ?? missing(`No runs recorded yet in ${policy.runLog}: dsctl run <workflow>, dsctl drift --heal and the CI workflow append one record per run.`),
    lint,
    components: components ?? missing(`No component loop runs yet: ${LEDGER_FILE} has no entries. dsctl component add <Name> runs the loop, and dsctl ledger folds its records in.`),
    benchmarks: benchmarks ?? missing(`No benchmark runs yet: dsctl bench run writes its summary to ${HISTORY_FILE}.`),
  };
  return { root, data };
}

function validProject(options: CollectOptions): { project: Project } | { reason: string } {
  try {
    const project = loadProject({ cwd: options.cwd, configPath: options.configPath });
    const errors = project.problems.filter((p) => p.severity === 'error').length;
    return errors ? { reason: `the contracts have ${errors} error(s) (dsctl check shows them)` } : { project };
  } catch (error) {
    if (isUserError(error)) return { reason: `the contracts cannot be loaded (${error.message})` };
    throw error;
  }
}

/** The committed ledger with the handoff records not folded in yet, as `dsctl ledger` would fold them (in memory). */
function ledgerEntries(root: string): readonly ComponentRun[] {
  const ledger = readLedger(root);
  return foldRuns(ledger.entries, readRunFiles(root), ledger.doc).entries;
}

/** The newest of ISO times (offsets understood), as UTC ISO; null for none. */
function latest(times: readonly string[]): string | null {
  let max = -Infinity;
  for (const t of times) {
    const ms = Date.parse(t);
    if (ms > max) max = ms;
  }
  return Number.isFinite(max) ? new Date(max).toISOString() : null;
}
