import { join } from 'node:path';
import { appendRun } from '../governance/audit-log.js';
import { newRunId } from '../governance/run-id.js';
import { RUN_SCHEMA, type RunRecord } from '../governance/run-record.js';
import type { LoadedPolicy } from '../project/policy.js';

/**
 * The audit record of a command a person chose to run without the OS sandbox (`--allow-unsandboxed`).
 * Loaded only on that path: the audit log pulls in zod, which a sandboxed start does not need.
 */
export function recordUnsandboxed(loaded: LoadedPolicy, command: readonly string[], outcome: { readonly exitCode: number; readonly reverted: readonly string[]; readonly startedAt: Date; readonly ci: boolean }): Promise<RunRecord> {
  return appendRun(join(loaded.root, loaded.policy.runLog), {
    schema: RUN_SCHEMA,
    run_id: newRunId('unsandboxed', outcome.startedAt),
    workflow: 'unsandboxed-command',
    level: 'pipeline',
    status: outcome.exitCode === 0 && outcome.reverted.length === 0 ? 'passed' : 'failed',
    trigger: outcome.ci ? 'ci' : 'manual',
    commands: [`dsctl sandbox --allow-unsandboxed -- ${command.join(' ')}`],
    changed_paths: [...outcome.reverted],
    escalation: null,
    started_at: outcome.startedAt.toISOString(),
    ended_at: new Date().toISOString(),
    attempts: 0,
  });
}
