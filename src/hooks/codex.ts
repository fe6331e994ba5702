import type { ToolCall } from '../governance/tool-guard.js';
import { claudeHook, claudeToolCall, type ClaudeEvent, type HookOptions } from './claude.js';
import type { HookOutcome } from './outcome.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const invalid = (tool: string, what: string): ToolCall => ({ kind: 'invalid', reason: `the ${tool} call's input is not what dsctl expects (${what}), so it is denied` });

/**
 * Codex speaks Claude Code's hook contract (JSON on stdin, exit 2 blocks); its tools differ: `shell`
 * takes an argv array and `apply_patch` a patch whose headers name the files.
 */
export function codexToolCall(tool: string | undefined, input: unknown): ToolCall {
  if (tool === 'shell' || tool === 'local_shell' || tool === 'exec_command' || tool === 'Bash' || tool === 'container.exec') {
    if (!isRecord(input)) return invalid(tool, 'no tool input');
    const command = input.command ?? input.cmd;
    if (typeof command === 'string') return { kind: 'shell', command };
    if (!Array.isArray(command) || command.length === 0 || !command.every((c) => typeof c === 'string')) return invalid(tool, 'command is neither a string nor a list of strings');
    const argv = command as string[];
    // `["bash", "-lc", "…"]` is how Codex runs a script; any other argv is quoted back into one command.
    const text = argv.length === 3 && /sh$/.test(argv[0] ?? '') && /^-\w*c$/.test(argv[1] ?? '') ? (argv[2] ?? '') : argv.map(quote).join(' ');
    return { kind: 'shell', command: text };
  }
  if (tool === 'apply_patch') {
    const patch = isRecord(input) ? [input.input, input.patch, input.command].find((v) => typeof v === 'string') : typeof input === 'string' ? input : undefined;
    if (typeof patch !== 'string') return invalid(tool, 'no patch text');
    const files = [...patch.matchAll(/^\*\*\* (?:Add File|Update File|Delete File|Move to): (.+)$/gm)].map((m) => (m[1] ?? '').trim());
    // A patch that names no file in a form dsctl reads may still write some: it cannot be judged.
    if (files.length === 0) return invalid(tool, 'the patch names no file dsctl can read');
    return files.length === 1 ? { kind: 'write', path: files[0] as string } : { kind: 'writes', paths: files };
  }
  return claudeToolCall(tool, input);
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

export async function codexHook(event: ClaudeEvent, stdin: string, fallbackCwd: string, options: HookOptions = {}): Promise<HookOutcome> {
  return claudeHook(event, stdin, fallbackCwd, codexToolCall, options);
}
