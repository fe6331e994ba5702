import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ESCALATIONS_DIR, escalationPath, parseEscalation, renderEscalationMarkdown, resolutionPath } from '../../../governance/escalation.js';
import { ResolutionSchema } from '../../../governance/escalations.js';
import { writeFileAtomic } from '../../../io/atomic-write.js';
import type { EscalationDraft, RunContext } from '../../workflow.js';
import { RunPaused } from './paused.js';

/** A person's answer at a checkpoint, as recorded in the run. */
export interface CheckpointAnswer {
  readonly answer: 'approved' | 'changes-requested';
  readonly note: string;
  readonly by: string;
  readonly at: string;
}

export interface CheckpointQuestion {
  readonly escalation: EscalationDraft;
  /** Markdown appended to the escalation's own (screenshots, the API). */
  readonly markdownExtra?: string;
}

/** `<run_id>.<checkpoint>`: one escalation per checkpoint, beside the run's own. */
export function checkpointId(runId: string, checkpoint: string): string {
  return `${runId}.${checkpoint}`;
}

/**
 * A human checkpoint: the first time, it writes an escalation (JSON and Markdown) and pauses the run; a
 * person answers with `dsctl escalations resolve <id> --note "approved"` (or "changes-requested: …") and
 * resumes with `dsctl run resume`. Until the escalation is resolved, each resume pauses again.
 */
export async function humanCheckpoint(ctx: RunContext, checkpoint: string, ask: () => CheckpointQuestion | Promise<CheckpointQuestion>): Promise<CheckpointAnswer> {
  const id = checkpointId(ctx.runId, checkpoint);
  const files = { json: `${ESCALATIONS_DIR}/${id}.json`, markdown: `${ESCALATIONS_DIR}/${id}.md` };
  const next = [`dsctl escalations show ${id}`, `dsctl escalations resolve ${id} --note "approved"   (or --note "changes-requested: what to change")`, `dsctl run resume ${ctx.runId}`];
  let asked = false;
  const question = await ctx.step(`${checkpoint}:asked`, async () => {
    asked = true;
    const q = await ask();
    const escalation = parseEscalation({ workflow: 'component-add', ...q.escalation, run_id: ctx.runId }, 'checkpoint escalation');
    writeFileAtomic(escalationPath(ctx.root, id), `${JSON.stringify(escalation, null, 2)}\n`);
    writeFileAtomic(join(ctx.root, files.markdown), `${renderEscalationMarkdown(escalation)}${q.markdownExtra ? `\n${q.markdownExtra}` : ''}`);
    return { escalation: files.json, question: escalation.human_question };
  });
  if (asked) throw new RunPaused(ctx.runId, `waiting for a person: ${question.question}`, next, files);
  return ctx.step(`${checkpoint}:answer`, () => {
    const answer = readAnswer(ctx.root, id);
    if (answer === undefined) throw new RunPaused(ctx.runId, `escalation ${id} is not answered yet`, next, files);
    return answer;
  });
}

/** The resolution of checkpoint `id`: "approved…" approves; anything else asks for changes, the note being what to change. */
function readAnswer(root: string, id: string): CheckpointAnswer | undefined {
  const path = resolutionPath(root, id);
  if (!existsSync(path)) return undefined;
  const parsed = ResolutionSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success || parsed.data.escalation !== id) return undefined;
  const { note, resolved_by: by, resolved_at: at } = parsed.data;
  return { ...parseAnswerNote(note), by: `${by.name} <${by.email}>`, at };
}

/** A resolution note as an answer: "approved[: …]" approves; "changes-requested: what" or any other text asks for that change. */
export function parseAnswerNote(note: string): Pick<CheckpointAnswer, 'answer' | 'note'> {
  const approved = /^\s*approved?\b/i.test(note);
  const rest = note.replace(/^\s*(approved?|changes[- ]requested)\s*[:,.-]?\s*/i, '').trim();
  return { answer: approved ? 'approved' : 'changes-requested', note: approved ? rest : rest || note.trim() };
}
