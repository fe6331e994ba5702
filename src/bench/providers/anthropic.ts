import Anthropic from '@anthropic-ai/sdk';
import type { McpTools } from '../mcp-tools.js';
import { priced, type BenchProvider, type ProviderContext, type ToolCall, type TrialInput, type TrialOutput } from './provider.js';

/*
 * The Messages API through @anthropic-ai/sdk (1.15.0). The tool loop is bounded by the spec's maxTurns;
 * tools are dsctl's MCP tools as `tools/list` gives them. The SDK reads ANTHROPIC_API_KEY and
 * ANTHROPIC_BASE_URL (tests point it at the scripted model server on 127.0.0.1). The SDK's Messages API
 * takes no sampling parameters: the spec's temperature is recorded in the protocol, not sent.
 */

type Param = Anthropic.MessageParam;

export function createAnthropicProvider(ctx: ProviderContext): BenchProvider {
  const client = new Anthropic({ apiKey: process.env.ANTHROPIC_API_KEY ?? '', maxRetries: 2 });
  return { id: 'anthropic', scripted: false, callsTools: true, run: (input) => runTrial(client, ctx, input) };
}

async function runTrial(client: Anthropic, ctx: ProviderContext, input: TrialInput): Promise<TrialOutput> {
  const { spec } = ctx;
  const tools = input.tools?.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema as Anthropic.Tool.InputSchema }));
  const messages: Param[] = [{ role: 'user', content: input.prompt }];
  const toolCalls: ToolCall[] = [];
  let inputTokens = 0;
  let outputTokens = 0;
  let text = '';
  const usage = (turns: number) => ({ inputTokens, outputTokens, costUsd: priced(spec, inputTokens, outputTokens), turns, toolCalls });
  for (let turn = 1; turn <= spec.maxTurns; turn++) {
    let response: Anthropic.Message;
    try {
      response = await client.messages.create(
        {
          model: spec.model,
          max_tokens: spec.maxTokens,
          system: input.system,
          messages,
          ...(tools && tools.length ? { tools } : {}),
        },
        input.signal ? { signal: input.signal } : undefined,
      );
    } catch (error) {
      return { status: limited(error) ? 'rate-limited' : 'provider-error', text, error: errorText(error), ...usage(turn - 1) };
    }
    inputTokens += response.usage.input_tokens;
    outputTokens += response.usage.output_tokens;
    text = response.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('\n');
    if (response.stop_reason === 'refusal') return { status: 'refusal', text, ...usage(turn) };
    const uses = response.content.filter((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use');
    if (response.stop_reason !== 'tool_use' || uses.length === 0) return { status: 'answered', text, ...usage(turn) };
    messages.push({ role: 'assistant', content: response.content as Anthropic.ContentBlockParam[] });
    messages.push({ role: 'user', content: await toolResults(input.tools, uses, toolCalls) });
  }
  return { status: 'answered', text, stop: 'max_turns', ...usage(spec.maxTurns) };
}

async function toolResults(tools: McpTools | undefined, uses: readonly Anthropic.ToolUseBlock[], calls: ToolCall[]): Promise<Anthropic.ToolResultBlockParam[]> {
  const results: Anthropic.ToolResultBlockParam[] = [];
  for (const use of uses) {
    const result = tools ? await tools.call(use.name, use.input) : { text: `no tool named ${use.name} in this condition`, isError: true };
    calls.push({ name: use.name, isError: result.isError });
    results.push({ type: 'tool_result', tool_use_id: use.id, content: result.text, ...(result.isError ? { is_error: true } : {}) });
  }
  return results;
}

/** 429 (rate limit) and 529 (overloaded): the run stops resumable instead of scoring errors. */
function limited(error: unknown): boolean {
  return error instanceof Anthropic.APIError && (error.status === 429 || error.status === 529);
}

function errorText(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]?.slice(0, 300) ?? 'error';
}
