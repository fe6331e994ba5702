import { existsSync, readFileSync } from 'node:fs';

/*
 * What a Claude Code stream-json transcript (the driver's claude-<n>.jsonl) says about a session beyond
 * its result: the model it ran, the MCP servers and tools it had, the tool calls it made, its tokens.
 * Fields as emitted by @anthropic-ai/claude-code 2.1.328 (system/init, assistant, result events).
 */

export interface TranscriptFacts {
  readonly model?: string | undefined;
  readonly mcpServers: readonly string[];
  readonly toolCalls: readonly { readonly name: string; readonly input: unknown }[];
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export function readTranscript(path: string): TranscriptFacts {
  const facts = { model: undefined as string | undefined, mcpServers: [] as string[], toolCalls: [] as { name: string; input: unknown }[], inputTokens: 0, outputTokens: 0 };
  if (!existsSync(path)) return facts;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    let event: Record<string, unknown>;
    try {
      event = JSON.parse(line) as Record<string, unknown>;
    } catch {
      continue;
    }
    if (event.type === 'system' && event.subtype === 'init') {
      if (typeof event.model === 'string') facts.model = event.model;
      const servers = Array.isArray(event.mcp_servers) ? event.mcp_servers : [];
      facts.mcpServers = servers.map((s) => (typeof s === 'object' && s !== null && typeof (s as { name?: unknown }).name === 'string' ? (s as { name: string }).name : String(s)));
    }
    if (event.type === 'assistant') {
      const content = (event.message as { content?: unknown } | undefined)?.content;
      for (const block of Array.isArray(content) ? content : []) {
        const b = block as { type?: unknown; name?: unknown; input?: unknown };
        if (b.type === 'tool_use' && typeof b.name === 'string') facts.toolCalls.push({ name: b.name, input: b.input });
      }
    }
    if (event.type === 'result') {
      const usage = event.usage as { input_tokens?: unknown; output_tokens?: unknown } | undefined;
      if (typeof usage?.input_tokens === 'number') facts.inputTokens = usage.input_tokens;
      if (typeof usage?.output_tokens === 'number') facts.outputTokens = usage.output_tokens;
    }
  }
  return facts;
}
