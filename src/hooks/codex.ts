import type { ToolCall } from '../governance/tool-guard.js';
import { claudeHook, claudeToolCall, type ClaudeEvent } from './claude.js';
import type { HookOutcome } from './outcome.js';

/**
 * Codex speaks Claude Code's hook contract (JSON on stdin, exit 2 blocks); its tools differ: `shell`
 * takes an argv array and `apply_patch` a patch whose headers name the files.
 */
export function codexToolCall(tool: string | undefined, input: Record<string, unknown>): ToolCall {
  if (tool === 'shell' || tool === 'local_shell' || tool === 'exec_command' || tool === 'Bash') {
    const command = Array.isArray(input.command) ? input.command.map(String) : typeof input.command === 'string' ? input.command : '';
    // `["bash", "-lc", "…"]` is how Codex runs a script; any other argv is quoted back into one command.
    const text = Array.isArray(command) ? (command.length === 3 && /sh$/.test(command[0] ?? '') && command[1]?.endsWith('c') ? command[2] ?? '' : command.map(quote).join(' ')) : command;
    return { kind: 'shell', command: text };
  }
  if (tool === 'apply_patch') {
    const patch = [input.input, input.patch, input.command].find((v) => typeof v === 'string') as string | undefined;
    const files = [...(patch ?? '').matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm)].map((m) => (m[1] ?? '').trim());
    // One write per file named by the patch; several files are checked as a shell write list.
    return files.length === 1 ? { kind: 'write', path: files[0] as string } : { kind: 'shell', command: files.map((f) => `touch ${quote(f)}`).join(' && ') };
  }
  return claudeToolCall(tool, input);
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export async function codexHook(event: ClaudeEvent, stdin: string, fallbackCwd: string): Promise<HookOutcome> {
  return claudeHook(event, stdin, fallbackCwd, codexToolCall);
}
