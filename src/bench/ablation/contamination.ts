import type { TranscriptFacts } from '../transcript.js';

/*
 * Contamination flags of a run: what should not have been there. MCP servers or plugins beyond those
 * the arm allows, another model than requested, network-shaped or history-mining tool calls. A flagged
 * run is kept and reported, not silently dropped.
 */

const NETWORK_TOOLS = new Set(['WebFetch', 'WebSearch']);
const NETWORK_SHELL = /\b(curl|wget|nc|ssh|scp|rsync|npm\s+(view|info|install)|pip\s+install)\b|https?:\/\//;
const HISTORY_SHELL = /\bgit\s+(log|show|reflog|blame|rev-list|cat-file|fsck|stash\s+list)\b|\.git\/(objects|refs|logs)/;

export function contaminationFlags(facts: TranscriptFacts, expected: { readonly model?: string | undefined; readonly mcpServers: readonly string[] }): string[] {
  const flags = new Set<string>();
  for (const server of facts.mcpServers) if (!expected.mcpServers.includes(server)) flags.add(`mcp-server:${server}`);
  if (expected.model !== undefined && facts.model !== undefined && !facts.model.startsWith(expected.model)) flags.add(`model:${facts.model}`);
  for (const call of facts.toolCalls) {
    if (NETWORK_TOOLS.has(call.name)) flags.add(`network:${call.name}`);
    if (call.name.startsWith('mcp__') && !expected.mcpServers.some((s) => call.name.startsWith(`mcp__${s}__`))) flags.add(`mcp-tool:${call.name}`);
    const command = call.name === 'Bash' ? String((call.input as { command?: unknown } | undefined)?.command ?? '') : '';
    if (NETWORK_SHELL.test(command)) flags.add('network:Bash');
    if (HISTORY_SHELL.test(command)) flags.add('history:Bash');
    const path = String((call.input as { file_path?: unknown; path?: unknown } | undefined)?.file_path ?? (call.input as { path?: unknown } | undefined)?.path ?? '');
    if (/(^|\/)\.git(\/|$)/.test(path)) flags.add(`history:${call.name}`);
  }
  return [...flags].sort();
}
