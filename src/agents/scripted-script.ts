import { z } from 'zod';
import { parseConfigDocument, readJsonDocument } from '../project/read-json.js';

/**
 * A scripted agent's script: one step per agent stage of a run, in order (`task.sequence` picks the
 * step, so a resumed run replays the same step for the same stage). Each step is what an agent would
 * have done: files written or deleted, shell commands run (a bypass of every hook, on purpose: the
 * workspace guard must catch what they do), a text answer and, for stages that ask for one, a
 * structured answer. `{run_id}` anywhere in a step is replaced by the run's id.
 */
export const ScriptSchema = z
  .strictObject({
    $schema: z.string().optional(),
    steps: z
      .array(
        z.strictObject({
          write: z.record(z.string().min(1), z.string()).default({}).describe('Project-relative path → the whole new content.'),
          delete: z.array(z.string().min(1)).default([]).describe('Project-relative paths to delete.'),
          shell: z.array(z.string().min(1)).default([]).describe('Commands run with /bin/sh in the project root, after the writes.'),
          answer: z.string().default('').describe('The final text answer.'),
          output: z.unknown().optional().describe('The structured answer, for stages that ask for one.'),
          fail: z.string().min(1).optional().describe('End the stage as a failed session with this reason.'),
          turns: z.number().int().min(0).default(1),
          costUsd: z.number().min(0).default(0),
        }),
      )
      .min(1)
      .describe('One step per agent stage.'),
  })
  .describe('dsctl scripted agent');

export type AgentScript = z.output<typeof ScriptSchema>;
export type ScriptStep = AgentScript['steps'][number];

/** Reads and validates a script file; a bad one is a UserError with its location (exit 2). */
export function readScript(absPath: string, displayPath: string): AgentScript {
  return parseConfigDocument(readJsonDocument(absPath, displayPath, 'agent script'), ScriptSchema, 'agent/script', 'agent script');
}
