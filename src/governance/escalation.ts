import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { toPointer } from '../diagnostics/pointer.js';
import { UserError } from '../diagnostics/user-error.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { fencedBlock, longestRun } from '../views/markdown-fence.js';
import type { RunEntry, RunLevel, RunTrigger } from './run-record.js';

/**
 * A run id: also a file name (`.dsctl/escalations/<run_id>.json`), so one path segment that cannot climb
 * out of its folder. The playbook's ids look like `2026-06-18T10:00:00Z-drift-repair`.
 */
export const RunIdSchema = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:+-]*$/, 'expected a run id: letters, digits and . _ : + - (no slashes), starting with a letter or digit');

export const SEVERITIES = ['warn', 'error', 'blocking'] as const;

const text = z.string().regex(/\S/, 'expected non-blank text');

/** The payload a workflow returns when it cannot continue safely: exactly the playbook's fields, plus `run_id`. */
export const EscalationSchema = z.strictObject({
  workflow: text.describe('The workflow that stopped.'),
  stuck_reason: text.describe('Why it cannot continue safely.'),
  severity: z.enum(SEVERITIES).describe('warn: can wait; error: a check fails until answered; blocking: nothing may continue.'),
  proposed_diff: z.string().describe('Summary of, or path to, the patch the workflow would propose.'),
  evidence: z.array(z.string()).describe('Command output summaries, changed paths, violations.'),
  human_question: text.describe('A question a person can answer with a decision.'),
  run_id: RunIdSchema.describe('Ties the escalation to its record in the run log.'),
});

export type Escalation = z.output<typeof EscalationSchema>;

export const ESCALATIONS_DIR = '.dsctl/escalations';

/** Validates an escalation payload from outside (a file, stdin, an agent), or throws a UserError naming each bad field. */
export function parseEscalation(value: unknown, source = 'escalation'): Escalation {
  const parsed = EscalationSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new UserError('escalation/invalid', `${source} is not a valid escalation payload`, {
    details: parsed.error.issues.map((i) => `${toPointer(i.path.map(String)) || '/'}: ${i.message}`),
  });
}

/** A person's answer to escalation `<id>` is kept beside it: `.dsctl/escalations/resolved/<id>.json`. */
export const RESOLUTIONS_DIR = `${ESCALATIONS_DIR}/resolved`;

/** `.dsctl/escalations/<id>.json` under the project root. */
export function escalationPath(projectRoot: string, id: string): string {
  return join(projectRoot, ESCALATIONS_DIR, `${id}.json`);
}

/** `.dsctl/escalations/resolved/<id>.json` under the project root. */
export function resolutionPath(projectRoot: string, id: string): string {
  return join(projectRoot, RESOLUTIONS_DIR, `${id}.json`);
}

/** Writes `.dsctl/escalations/<run_id>.json` under the project root, atomically; returns its absolute path. */
export function writeEscalation(projectRoot: string, escalation: Escalation): string {
  const valid = parseEscalation(escalation);
  const path = escalationPath(projectRoot, valid.run_id);
  writeFileAtomic(path, JSON.stringify(valid, null, 2) + '\n');
  return path;
}

/**
 * The id the next escalation of something with a stable id (an agent session) takes: `base`, unless a
 * person resolved that one; then `base-2`, `base-3`, … so a resolved escalation stays resolved and a new
 * one is seen. `open`: an escalation of that id already waits for a person (it is replaced, and was
 * recorded when it was first raised).
 */
export function escalationSlot(projectRoot: string, base: string): { readonly id: string; readonly open: boolean } {
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    if (!existsSync(resolutionPath(projectRoot, id))) return { id, open: existsSync(escalationPath(projectRoot, id)) };
  }
}

export interface EscalationRecordFields {
  readonly level: RunLevel;
  readonly trigger: RunTrigger;
  readonly changed_paths: readonly string[];
  readonly attempts: number;
  readonly at: Date;
}

/** The audit record (`dsctl.run/v1`, status `escalated`) of an escalation raised outside the loop runner. */
export function escalationRunEntry(escalation: Escalation, fields: EscalationRecordFields): RunEntry {
  const at = fields.at.toISOString();
  return {
    schema: 'dsctl.run/v1',
    run_id: escalation.run_id,
    workflow: escalation.workflow,
    level: fields.level,
    status: 'escalated',
    trigger: fields.trigger,
    commands: [],
    changed_paths: [...fields.changed_paths],
    escalation,
    started_at: at,
    ended_at: at,
    attempts: fields.attempts,
  };
}

const SEVERITY_MARK: Record<Escalation['severity'], string> = { warn: '⚠️', error: '❌', blocking: '🛑' };

/** The escalation as Markdown for a PR comment: heading, severity, the question in bold, evidence, the proposed diff. */
export function renderEscalationMarkdown(escalation: Escalation): string {
  const e = escalation;
  const out = [
    `### ${SEVERITY_MARK[e.severity]} dsctl escalation: ${inline(e.workflow)}`,
    '',
    `**Severity:** \`${e.severity}\` · **Run:** ${code(e.run_id)}`,
    '',
    `**Stuck:** ${inline(e.stuck_reason)}`,
    '',
    ...e.human_question
      .trim()
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .map((line) => `> **${inline(line.trim())}**`),
    '',
    '#### Evidence',
    '',
  ];
  if (e.evidence.length === 0) out.push('_none given_');
  for (const item of e.evidence) {
    const lines = item.replace(/\s+$/, '').split(/\r?\n/);
    if (lines.length === 1) out.push(`- ${inline(lines[0] ?? '')}`);
    else out.push('-', ...fencedBlock(lines.join('\n'), 'text').split('\n').map((l) => (l ? `  ${l}` : l)));
  }
  out.push('', '#### Proposed diff', '');
  const diff = e.proposed_diff.replace(/\s+$/, '');
  out.push(diff === '' ? '_none_' : fencedBlock(diff, looksLikeDiff(diff) ? 'diff' : 'text'));
  out.push('', '_A human decides. Automation stopped here and changed nothing it was not allowed to._', '');
  return out.join('\n');
}

/** One line of text that Markdown and GitHub's HTML renderer will show as written. */
function inline(value: string): string {
  return value
    .replace(/\s*\r?\n\s*/g, ' ')
    .trim()
    .replace(/[\\`*_[\]|~]/g, (ch) => `\\${ch}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/^[#>+=-]/, '\\$&')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

function code(text: string): string {
  const ticks = '`'.repeat(longestRun(text, '`') + 1);
  return `${ticks}${ticks.length > 1 ? ' ' : ''}${text}${ticks.length > 1 ? ' ' : ''}${ticks}`;
}

function looksLikeDiff(text: string): boolean {
  return /^(diff --git |--- |\+\+\+ |@@ |Index: )/m.test(text);
}
