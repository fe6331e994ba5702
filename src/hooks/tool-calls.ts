/**
 * Claude Code's tools as dsctl's tool calls, checked field by field. A tool that can write and comes
 * with a payload of another shape (a path that is an array, `edits: [null]`, no input at all) is an
 * `invalid` call, which the guard denies: a hook that skips what it does not understand fails open.
 * Verified against Claude Code 2.1.328's payloads (test/hooks/claude-print-mode.e2e.test.ts records one).
 */
import type { ToolCall } from '../governance/tool-guard.js';
import { AGENT_HOOKS, toolsOfKind } from '../project/agent-hooks.js';

/** Built-in tools that write no file: they pass whatever their input. */
const READ_ONLY = new Set(toolsOfKind(AGENT_HOOKS.claude.tools, 'read-only'));

/** MCP tools whose name says they only read (`mcp__filesystem__read_file`, `…__list_directory`). */
const MCP_READS = /^(read|get|list|search|find|fetch|query|view|show|describe|lookup|stat|count|directory_tree|tree|check|validate|lint)(_|$)/i;
const MCP_WRITES = /(write|edit|create|delete|remove|move|rename|set|update|put|patch|apply|exec|run|save|upload|insert|replace|append|mkdir|copy)/i;

type Fields = Record<string, unknown>;
const isRecord = (v: unknown): v is Fields => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (tool: string, what: string): ToolCall => ({ kind: 'invalid', reason: `the ${tool} call's input is not what dsctl expects (${what}), so it is denied` });

export function toolCallOf(tool: string | undefined, input: unknown): ToolCall {
  if (tool === undefined) return { kind: 'invalid', reason: 'the hook input names no tool, so the call is denied' };
  if (READ_ONLY.has(tool)) return { kind: 'other' };
  if (tool.startsWith('mcp__')) {
    const name = tool.split('__').slice(2).join('__');
    if (MCP_READS.test(name) && !MCP_WRITES.test(name)) return { kind: 'other' };
  }
  if (!isRecord(input)) return bad(tool, 'tool_input is missing or not an object');
  switch (tool) {
    case 'Write':
      if (typeof input.file_path !== 'string') return bad(tool, 'file_path is not a string');
      if (typeof input.content !== 'string') return bad(tool, 'content is not a string');
      return { kind: 'write', path: input.file_path, after: () => input.content as string };
    case 'Edit': {
      if (typeof input.file_path !== 'string') return bad(tool, 'file_path is not a string');
      const edit = editOf(input);
      if (typeof edit === 'string') return bad(tool, edit);
      return { kind: 'write', path: input.file_path, after: (before) => applyEdit(before, edit) };
    }
    case 'MultiEdit': {
      if (typeof input.file_path !== 'string') return bad(tool, 'file_path is not a string');
      if (!Array.isArray(input.edits) || input.edits.length === 0) return bad(tool, 'edits is not a list of edits');
      const edits: Edit[] = [];
      for (const [i, raw] of input.edits.entries()) {
        const edit = isRecord(raw) ? editOf(raw) : 'not an object';
        if (typeof edit === 'string') return bad(tool, `edits[${i}]: ${edit}`);
        edits.push(edit);
      }
      return { kind: 'write', path: input.file_path, after: (before) => edits.reduce<string | undefined>((text, edit) => (text === undefined ? undefined : applyEdit(text, edit)), before) };
    }
    case 'NotebookEdit':
      if (typeof input.notebook_path !== 'string') return bad(tool, 'notebook_path is not a string');
      return { kind: 'write', path: input.notebook_path };
    case 'Bash':
      if (typeof input.command !== 'string') return bad(tool, 'command is not a string');
      return { kind: 'shell', command: input.command };
    default:
      // MCP tools and tools dsctl does not know: whatever path their input names may be written.
      return { kind: 'scan', tool, input };
  }
}

interface Edit {
  readonly from: string;
  readonly to: string;
  readonly all: boolean;
}

function editOf(input: Fields): Edit | string {
  if (typeof input.old_string !== 'string') return 'old_string is not a string';
  if (typeof input.new_string !== 'string') return 'new_string is not a string';
  if (input.replace_all !== undefined && typeof input.replace_all !== 'boolean') return 'replace_all is not a boolean';
  return { from: input.old_string, to: input.new_string, all: input.replace_all === true };
}

function applyEdit(before: string, edit: Edit): string | undefined {
  if (!before.includes(edit.from)) return undefined;
  return edit.all ? before.split(edit.from).join(edit.to) : before.replace(edit.from, () => edit.to);
}
