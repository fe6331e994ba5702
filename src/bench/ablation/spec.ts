import { z } from 'zod';
import { parseConfigDocument, readJsonDocument } from '../../project/read-json.js';
import { ARM_IDS } from './arms.js';
import { pattern } from '../spec.js';

/*
 * An ablation spec (ADR-007's harness ablation): arms × tasks × trials. A task rebuilds a known component:
 * its file is removed from the workspace, with every story and test that imports it, and each
 * redaction (an exact text in a file) is cut; then an agent is asked to write it again.
 */


export const RedactionSchema = z.strictObject({
  file: z.string().min(1).describe('Project-relative file.'),
  text: z.string().min(1).describe('Exact text that must occur in the file (a redaction that matches nothing is an error).'),
  replacement: z.string().default(''),
});

export const AblationTaskSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
  component: z.string().min(1).describe('The component contract (name or id): its risk tier comes from it.'),
  target: z.string().min(1).describe('Project-relative file the agent must write (removed from the workspace first).'),
  prompt: z.string().min(1),
  redactions: z.array(RedactionSchema).default([]),
  required: z.array(pattern).default([]),
  forbidden: z.array(pattern).default([]),
});

export const AblationSpecSchema = z
  .strictObject({
    $schema: z.string().optional(),
    kind: z.literal('ablation'),
    name: z.string().min(1).optional(),
    driver: z.enum(['claude-code', 'scripted']),
    model: z.string().min(1),
    script: z.string().min(1).optional().describe('The scripted driver: one step per run, in run order (relative to the spec).'),
    arms: z.array(z.enum(ARM_IDS)).min(1),
    trials: z.number().int().positive().max(20).default(3),
    maxTurns: z.number().int().positive().optional(),
    maxBudgetUsd: z.number().positive().optional(),
    allowedTools: z.array(z.string().min(1)).default(['Read', 'Write', 'Edit', 'Glob', 'Grep', 'Bash']),
    tasks: z.array(AblationTaskSchema).min(1),
  })
  .superRefine((spec, ctx) => {
    if (spec.driver === 'scripted' && spec.script === undefined) ctx.addIssue({ code: 'custom', path: ['script'], message: 'the scripted driver needs a script' });
    const ids = spec.tasks.map((t) => t.id);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) ctx.addIssue({ code: 'custom', path: ['tasks', i, 'id'], message: `duplicate task id "${id}"` });
    });
  })
  .describe('dsctl ablation spec');

export type AblationSpec = z.output<typeof AblationSpecSchema>;
export type AblationTask = z.output<typeof AblationTaskSchema>;

export function readAblationSpec(absPath: string, display: string): AblationSpec {
  return parseConfigDocument(readJsonDocument(absPath, display, 'ablation spec'), AblationSpecSchema, 'bench/ablation-spec', 'ablation spec');
}
