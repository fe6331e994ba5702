import { z } from 'zod';
import { parseConfigDocument, readJsonDocument } from '../../project/read-json.js';
import { specRelative } from '../spec.js';
import { noUsage, type BenchProvider, type ProviderContext, type TrialOutput } from './provider.js';

/*
 * The offline provider: canned answers per `<condition>/<task>` (either side may be `*`), one per trial
 * (cycled). It exercises the whole pipeline — scoring, statistics, shards, resume, comparison — and is
 * never evidence: its reports are stamped so and never enter the history.
 */

const ReplySchema = z.union([
  z.string(),
  z.strictObject({
    text: z.string().default(''),
    refusal: z.boolean().default(false).describe('The model declined.'),
    error: z.string().min(1).optional().describe('A provider error with this message.'),
    rateLimit: z.boolean().default(false).describe('A rate or usage limit: the run stops, resumable.'),
    inputTokens: z.number().int().nonnegative().default(0),
    outputTokens: z.number().int().nonnegative().default(0),
    costUsd: z.number().nonnegative().default(0),
  }),
]);

export const AnswersSchema = z
  .strictObject({
    $schema: z.string().optional(),
    answers: z.record(z.string().regex(/^[^/]+\/[^/]+$/, '"<condition>/<task>", either side may be *'), z.union([ReplySchema, z.array(ReplySchema).min(1)])),
  })
  .describe('dsctl scripted benchmark answers');

type Reply = z.output<typeof ReplySchema>;

export function createScriptedProvider(ctx: ProviderContext): BenchProvider {
  const file = specRelative({ path: ctx.specPath, spec: ctx.spec, display: ctx.specPath }, ctx.spec.scripted?.answers ?? '');
  const { answers } = parseConfigDocument(readJsonDocument(file, file, 'scripted answers'), AnswersSchema, 'bench/answers', 'scripted answers');
  return {
    id: 'scripted',
    scripted: true,
    callsTools: false,
    async run(input) {
      const found = answers[input.key.split('/').slice(0, 2).join('/')] ?? answers[`${input.condition}/*`] ?? answers[`*/${input.task.id}`] ?? answers['*/*'];
      if (found === undefined) return { status: 'provider-error', text: '', error: `no scripted answer for ${input.condition}/${input.task.id}`, ...noUsage };
      const list = Array.isArray(found) ? found : [found];
      return output(list[input.trial % list.length] as Reply);
    },
  };
}

function output(reply: Reply): TrialOutput {
  if (typeof reply === 'string') return { status: 'answered', text: reply, ...noUsage, turns: 1 };
  const usage = { inputTokens: reply.inputTokens, outputTokens: reply.outputTokens, costUsd: reply.costUsd, turns: 1, toolCalls: [] };
  if (reply.rateLimit) return { status: 'rate-limited', text: '', error: 'scripted rate limit', ...usage };
  if (reply.error !== undefined) return { status: 'provider-error', text: '', error: reply.error, ...usage };
  if (reply.refusal) return { status: 'refusal', text: reply.text, ...usage };
  return { status: 'answered', text: reply.text, ...usage };
}
