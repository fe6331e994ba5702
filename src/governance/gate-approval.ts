import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { git } from '../io/git.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { appendRun, tailLog } from './audit-log.js';
import type { GateCheckResult } from './gate-check.js';
import { newRunId } from './run-id.js';
import { personActionEntry, type RunRecord } from './run-record.js';

/*
 * A person's path through a gate (ARCHITECTURE.md §5): `dsctl gate approve --staged` records that a
 * person, at a terminal, approved this exact staged tree on top of this HEAD. The pre-commit check passes
 * for that tree and nothing else: any change to the index gives another `git write-tree` hash, and once
 * committed, HEAD moves on, so an approval is not reused for a later commit of the same tree. The approval lives under
 * `.git/dsctl/approvals/` (never committed, never in the work tree) and is also a record of the audit log,
 * which the check requires too, so a forged file alone does not pass.
 */

export const APPROVAL_SCHEMA = 'dsctl.gate-approval/v1';
export const APPROVAL_WORKFLOW = 'gate-approval';

const CoveredSchema = z.strictObject({
  kind: z.enum(['hard', 'soft']),
  gate: z.string(),
  path: z.string(),
  change: z.string(),
});

export const ApprovalSchema = z.strictObject({
  schema: z.literal(APPROVAL_SCHEMA),
  tree: z.string().regex(/^[0-9a-f]{40,64}$/),
  head: z.string().regex(/^[0-9a-f]{40,64}$/).nullable().describe('The commit the staged tree goes on top of; null before the first commit.'),
  run_id: z.string().min(1),
  approved_by: z.strictObject({ name: z.string().min(1), email: z.string() }),
  approved_at: z.iso.datetime({ offset: true }),
  covers: z.array(CoveredSchema),
});

export type GateApproval = z.output<typeof ApprovalSchema>;
export type Covered = z.output<typeof CoveredSchema>;

export interface GitIdentity {
  readonly name: string;
  readonly email: string;
}

/** The tree the index would commit: what an approval is bound to. */
export function stagedTree(top: string): string {
  return git(top, ['write-tree'], 'gate/git').trim();
}

/** The commit HEAD names, or null in a repository without commits. */
export function headCommit(top: string): string | null {
  try {
    return git(top, ['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], 'gate/git').trim() || null;
  } catch {
    return null;
  }
}

/** `.git/dsctl/approvals`, wherever this work tree's git dir is (worktrees, `GIT_DIR`). */
export function approvalsDir(top: string): string {
  const rel = git(top, ['rev-parse', '--git-path', 'dsctl/approvals'], 'gate/git').trim();
  return isAbsolute(rel) ? rel : join(top, rel);
}

/** The person's git identity (`user.name`, `user.email`), or undefined when no name is configured. */
export function gitIdentity(top: string): GitIdentity | undefined {
  const read = (key: string) => {
    try {
      return git(top, ['config', '--get', key], 'gate/git').trim();
    } catch {
      return '';
    }
  };
  const name = read('user.name');
  return name === '' ? undefined : { name, email: read('user.email') };
}

/** What an approval covers: every finding of the check, hard and soft, by gate, path and kind of change. */
export function coveredBy(result: GateCheckResult): Covered[] {
  return [
    ...result.hard.map((h) => ({ kind: 'hard' as const, gate: h.gate, path: h.path, change: h.change })),
    ...result.soft.map((s) => ({ kind: 'soft' as const, gate: s.gate, path: s.path, change: s.reason })),
  ];
}

const key = (c: Covered) => `${c.kind}\0${c.gate}\0${c.path}\0${c.change}`;

/** True when every finding of `result` is one the approval lists. */
export function approvalCovers(approval: GateApproval, result: GateCheckResult): boolean {
  const listed = new Set(approval.covers.map(key));
  return coveredBy(result).every((c) => listed.has(key(c)));
}

export type ApprovalLookup =
  | { readonly status: 'none' }
  | { readonly status: 'valid'; readonly approval: GateApproval }
  | { readonly status: 'invalid'; readonly reason: string };

/**
 * The approval of `tree`, if there is one that holds: well-formed, for this tree, and matched by a
 * gate-approval record of the audit log with the same run id.
 */
export function findApproval(top: string, tree: string, runLog: string): ApprovalLookup {
  const file = join(approvalsDir(top), `${tree}.json`);
  if (!existsSync(file)) return { status: 'none' };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return { status: 'invalid', reason: `${file} is not JSON` };
  }
  const parsed = ApprovalSchema.safeParse(value);
  if (!parsed.success) return { status: 'invalid', reason: `${file} is not a ${APPROVAL_SCHEMA} record` };
  const approval = parsed.data;
  if (approval.tree !== tree) return { status: 'invalid', reason: `${file} approves tree ${approval.tree}, not ${tree}` };
  const head = headCommit(top);
  if (approval.head !== head) return { status: 'invalid', reason: `the approval was given on top of ${approval.head?.slice(0, 12) ?? 'no commit'}, and HEAD is now ${head?.slice(0, 12) ?? 'no commit'}` };
  const record = tailLog(runLog, { workflow: APPROVAL_WORKFLOW }).records.find((r) => r.run_id === approval.run_id);
  if (!record || !record.commands.includes(treeCommand(tree))) return { status: 'invalid', reason: `the audit log ${runLog} has no gate-approval record ${approval.run_id} for tree ${tree}` };
  return { status: 'valid', approval };
}

const treeCommand = (tree: string) => `git write-tree = ${tree}`;

export interface RecordApprovalInput {
  readonly top: string;
  readonly runLog: string;
  readonly tree: string;
  readonly identity: GitIdentity;
  readonly result: GateCheckResult;
  readonly now?: Date;
}

/**
 * Appends the approval to the audit log, then writes `.git/dsctl/approvals/<tree>.json` (atomically).
 * The log comes first: an approval the log does not know is not honoured.
 */
export async function recordApproval(input: RecordApprovalInput): Promise<{ approval: GateApproval; file: string; record: RunRecord }> {
  const now = input.now ?? new Date();
  const at = now.toISOString();
  const runId = newRunId(APPROVAL_WORKFLOW, now);
  const covers = coveredBy(input.result);
  const record = await appendRun(
    input.runLog,
    personActionEntry({
      runId,
      workflow: APPROVAL_WORKFLOW,
      commands: ['dsctl gate approve --staged', treeCommand(input.tree), `git rev-parse HEAD = ${headCommit(input.top) ?? '(no commit)'}`],
      changedPaths: [...new Set(covers.map((c) => c.path))].sort(),
      actor: input.identity,
      at: now,
    }),
  );
  const approval: GateApproval = {
    schema: APPROVAL_SCHEMA,
    tree: input.tree,
    head: headCommit(input.top),
    run_id: runId,
    approved_by: { name: input.identity.name, email: input.identity.email },
    approved_at: at,
    covers,
  };
  const file = join(approvalsDir(input.top), `${input.tree}.json`);
  writeFileAtomic(file, JSON.stringify(approval, null, 2) + '\n');
  return { approval, file, record };
}
