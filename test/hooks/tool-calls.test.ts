import { describe, expect, it } from 'vitest';
import { toolCallOf } from '../../src/hooks/tool-calls.js';
import { recorded as recordedPayload } from './payloads.js';

/** A PreToolUse payload as Claude Code 2.1.328 sent it to a hook under `claude -p` (recorded). */
const recorded = recordedPayload('claude-2.1.328-pre-tool-use-write') as { tool_name: string; tool_input: unknown };

describe('toolCallOf (Claude Code 2.1.328)', () => {
  it('reads the recorded Write payload', () => {
    const call = toolCallOf(recorded.tool_name, recorded.tool_input);
    expect(call).toMatchObject({ kind: 'write', path: '/tmp/probe-mo8f1N/x.txt' });
    expect(call.kind === 'write' && call.after?.('')).toBe('x');
  });

  const cases: readonly { tool: string; input: unknown; want: string }[] = [
    { tool: 'Write', input: { file_path: 'a', content: 'x' }, want: 'write' },
    { tool: 'Write', input: { file_path: 1, content: 'x' }, want: 'invalid' },
    { tool: 'Edit', input: { file_path: 'a', old_string: 'x', new_string: 'y', replace_all: 'yes' }, want: 'invalid' },
    { tool: 'MultiEdit', input: { file_path: 'a', edits: [] }, want: 'invalid' },
    { tool: 'MultiEdit', input: { file_path: 'a', edits: [{ old_string: 'x', new_string: 'y' }, 'z'] }, want: 'invalid' },
    { tool: 'NotebookEdit', input: { notebook_path: 'n.ipynb', new_source: 'x' }, want: 'write' },
    { tool: 'NotebookEdit', input: { file_path: 'n.ipynb' }, want: 'invalid' },
    { tool: 'Bash', input: { command: 'ls' }, want: 'shell' },
    { tool: 'Bash', input: null, want: 'invalid' },
    { tool: 'Read', input: null, want: 'other' },
    { tool: 'Glob', input: 'x', want: 'other' },
    { tool: 'mcp__filesystem__read_text_file', input: { path: 'x' }, want: 'other' },
    { tool: 'mcp__filesystem__write_file', input: { path: 'x' }, want: 'scan' },
    { tool: 'mcp__github__create_or_update_file', input: { path: 'x' }, want: 'scan' },
    { tool: 'mcp__db__list_and_delete', input: {}, want: 'scan' },
    { tool: 'SomeNewTool', input: { anything: 1 }, want: 'scan' },
    { tool: 'SomeNewTool', input: undefined, want: 'invalid' },
  ];
  it.each(cases)('$tool $input → $want', ({ tool, input, want }) => {
    expect(toolCallOf(tool, input).kind).toBe(want);
  });

  it('applies edits as Claude Code does: first occurrence, or all with replace_all; a missing old_string yields nothing', () => {
    const edit = toolCallOf('MultiEdit', { file_path: 'a', edits: [{ old_string: 'a', new_string: 'b' }, { old_string: 'c', new_string: 'd', replace_all: true }] });
    expect(edit.kind === 'write' && edit.after?.('a a c c')).toBe('b a d d');
    expect(edit.kind === 'write' && edit.after?.('zzz')).toBeUndefined();
  });
});
