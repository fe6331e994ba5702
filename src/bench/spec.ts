import { dirname, relative, resolve } from 'node:path';
import { z } from 'zod';
import { parseConfigDocument, readJsonDocument } from '../project/read-json.js';
import { CONDITION_IDS } from './conditions.js';
import { PROVIDER_IDS } from './providers/provider.js';

/*
 * A benchmark spec (`design/benchmarks/benchmark.json` by default; policy `benchmark.spec`): the tasks,
 * the conditions they run under, the provider and model, and the scorer's settings. Everything in it that
 * changes results goes into the protocol id (protocol.ts); trials and pricing do not.
 */

/** A regular expression, as text that compiles. */
export const pattern = z
  .string()
  .min(1)
  .refine((p) => {
    try {
      new RegExp(p);
      return true;
    } catch {
      return false;
    }
  }, 'a valid regular expression');

export const TaskSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lower-case letters, digits and dashes'),
  prompt: z.string().min(1).describe('What UI to write.'),
  filename: z.string().min(1).default('answer.html').describe('The answer is linted as this file (decides html, tsx, vue, …).'),
  required: z.array(pattern).default([]).describe('Regular expressions the answer must match.'),
  forbidden: z.array(pattern).default([]).describe('Regular expressions the answer must not match.'),
  signals: z.array(pattern).default([]).describe('Deterministic positive signals: each match adds to the score, none is required.'),
});

export const BenchSpecSchema = z
  .strictObject({
    $schema: z.string().optional(),
    kind: z.literal('conditions').default('conditions'),
    name: z.string().min(1).optional(),
    provider: z.enum(PROVIDER_IDS).describe('anthropic (Messages API), claude-code (the agent CLI), scripted (offline; never evidence).'),
    model: z.string().min(1).describe('The model asked for (scripted: any label).'),
    temperature: z.number().min(0).max(1).default(0).describe('Recorded in the protocol id; sent only to providers that take it (the Messages API of @anthropic-ai/sdk 1.15 has no sampling parameters).'),
    maxTokens: z.number().int().positive().default(4096),
    maxTurns: z.number().int().positive().max(50).default(8).describe('Tool-loop bound per trial.'),
    trials: z.number().int().positive().max(100).default(3).describe('Independent trials per task and condition.'),
    k: z.number().int().positive().optional().describe('k of pass@k and pass^k (default: trials).'),
    conditions: z.array(z.enum(CONDITION_IDS)).min(1).default([...CONDITION_IDS]),
    baseline: z.enum(CONDITION_IDS).default('cold').describe('The condition lifts are measured against.'),
    pricing: z
      .strictObject({ inputPerMTok: z.number().nonnegative(), outputPerMTok: z.number().nonnegative() })
      .optional()
      .describe('USD per million tokens, for the cost columns (anthropic); claude-code reports its own cost.'),
    scripted: z
      .strictObject({ answers: z.string().min(1).describe('Answers file, relative to the spec.') })
      .optional()
      .describe('The scripted provider: canned answers, so the pipeline runs offline. Not evidence.'),
    tasks: z.array(TaskSchema).min(1),
  })
  .superRefine((spec, ctx) => {
    const ids = spec.tasks.map((t) => t.id);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) ctx.addIssue({ code: 'custom', path: ['tasks', i, 'id'], message: `duplicate task id "${id}"` });
    });
    if (spec.provider === 'scripted' && spec.scripted === undefined) ctx.addIssue({ code: 'custom', path: ['scripted'], message: 'the scripted provider needs scripted.answers' });
    if (spec.k !== undefined && spec.k > spec.trials) ctx.addIssue({ code: 'custom', path: ['k'], message: `k (${spec.k}) must not exceed trials (${spec.trials})` });
  })
  .describe('dsctl benchmark spec');

export type BenchSpec = z.output<typeof BenchSpecSchema>;
export type BenchTask = z.output<typeof TaskSchema>;

export interface LoadedSpec {
  readonly spec: BenchSpec;
  /** Absolute path of the spec file. */
  readonly path: string;
  /** As shown to the user (relative to the project when inside it). */
  readonly display: string;
}

export const DEFAULT_SPEC = 'design/benchmarks/benchmark.json';

export function readSpec(absPath: string, root: string): LoadedSpec {
  const display = relative(root, absPath).startsWith('..') ? absPath : relative(root, absPath);
  const spec = parseConfigDocument(readJsonDocument(absPath, display, 'benchmark spec'), BenchSpecSchema, 'bench/spec', 'benchmark spec');
  return { spec, path: absPath, display };
}

/** A path the spec names, relative to the spec's folder. */
export const specRelative = (loaded: LoadedSpec, path: string): string => resolve(dirname(loaded.path), path);
