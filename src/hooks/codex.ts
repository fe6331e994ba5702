/**
 * The Codex adapter. Verified against `@openai/codex` 0.169.0 with `codex exec` against a scripted model
 * (test/hooks/codex.e2e.test.ts; payloads recorded in test/hooks/fixtures/codex-0.169.0-*.json):
 * - hooks come from `.codex/hooks.json` (Claude Code's layout: event → [{matcher, hooks: [{type, command,
 *   timeout}]}]), with `PreToolUse`, `PostToolUse` and `Stop`; stdin carries `session_id`, `turn_id`,
 *   `transcript_path`, `cwd`, `hook_event_name`, `model`, `permission_mode`, then `tool_name`,
 *   `tool_input`, `tool_use_id` (and `tool_response`, a string, after the tool), or `stop_hook_active`
 *   and `last_assistant_message` for Stop;
 * - the shell tool (`exec_command` for the model) reaches hooks as `Bash` with `{command: "<script>"}`;
 *   `apply_patch` (a freeform tool) as `apply_patch` with `{command: "<the patch>"}`; MCP tools as
 *   `mcp__<server>__<tool>` with their arguments;
 * - a shell call's `workdir` becomes the payload's `cwd` (the command is as the model wrote it);
 * - exit 2 blocks the call and the model gets "Command blocked by PreToolUse hook: <stderr>";
 * - a shell command `apply_patch <<'EOF' … EOF` (also after `cd <dir> &&`) is not run by the shell:
 *   Codex applies the patch itself, and its hooks still see it as `Bash` with that text, so the patch
 *   inside is judged here as if it came through the apply_patch tool.
 */
import { isAbsolute, join } from 'node:path';
import type { ToolCall } from '../governance/tool-guard.js';
import { AGENT_HOOKS, toolsOfKind } from '../project/agent-hooks.js';
import { loadPolicy } from '../project/policy.js';
import { defineHookAdapter, type HookOptions } from './adapter.js';
import { claudeHook, claudeToolCall, denyOutcome } from './claude.js';
import { parseHookInput, record, text } from './input.js';
import { json, SILENT, type HookOutcome } from './outcome.js';
import { readSessionState, writeSessionState } from './session-state.js';

/** The Codex version whose hook payloads this adapter was checked against. */
export const CODEX_VERIFIED_VERSION = '0.169.0';

export type CodexEvent = keyof typeof AGENT_HOOKS.codex.events;

export const codexAdapter = defineHookAdapter<CodexEvent>({
  id: 'codex',
  meta: {
    docs: {
      description: 'Codex: PreToolUse judges shell commands, apply_patch and MCP calls against the gates, PostToolUse lints what a patch wrote, Stop holds a session back while what it wrote has lint errors',
      url: 'https://developers.openai.com/codex/hooks',
      verified: CODEX_VERIFIED_VERSION,
    },
    events: AGENT_HOOKS.codex.events,
    tools: AGENT_HOOKS.codex.tools,
  },
  handle: (event, stdin, cwd, options) => codexHook(event, stdin, cwd, options),
  // Codex reads Claude Code's answer: exit 2 blocks, and the model gets stderr.
  deny: (reason) => denyOutcome(reason),
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const invalid = (tool: string, what: string): ToolCall => ({ kind: 'invalid', reason: `the ${tool} call's input is not what dsctl expects (${what}), so it is denied` });

/** Shell tools: what 0.169.0 sends (`Bash`), and older Codex names, read the same way. */
const SHELL_TOOLS = new Set([...toolsOfKind(AGENT_HOOKS.codex.tools, 'shell'), 'shell', 'local_shell', 'exec_command', 'container.exec', 'shell_command']);

/** One file a patch touches. `content` is an added file's whole text. */
export interface PatchFile {
  readonly op: 'add' | 'update' | 'delete';
  readonly path: string;
  readonly moveTo?: string;
  readonly content?: string;
}

export type PatchParse = { readonly ok: true; readonly files: readonly PatchFile[] } | { readonly ok: false; readonly reason: string };

const HEADERS = [
  ['*** Add File:', 'add'],
  ['*** Update File:', 'update'],
  ['*** Delete File:', 'delete'],
  ['*** Move to:', 'move'],
] as const;

/**
 * Reads an apply_patch patch the way Codex's parser does, and refuses what it cannot read fully. Codex
 * trims a line before it looks for a header, so headers are found trimmed; lines that start with `+` or
 * `-` are content. Where dsctl and Codex could disagree about which files a patch writes (a header out
 * of place, a line that is neither a header nor a change), the parse fails and the call is denied.
 */
export function parseApplyPatch(patch: string): PatchParse {
  const fail = (reason: string): PatchParse => ({ ok: false, reason });
  const lines = patch.split(/\r?\n/);
  while (lines.length > 0 && lines[0]!.trim() === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1]!.trim() === '') lines.pop();
  // Codex's lenient mode: the patch still wrapped in the heredoc it was written in.
  const heredoc = /^<<\s*(['"]?)(\w+)\1$/.exec(lines[0]?.trim() ?? '');
  if (heredoc && lines.length >= 2 && lines[lines.length - 1]!.trim().endsWith(heredoc[2]!)) {
    lines.shift();
    lines.pop();
  }
  if (lines[0]?.trim() !== '*** Begin Patch') return fail('it does not start with "*** Begin Patch"');
  if (lines.length < 2 || lines[lines.length - 1]!.trim() !== '*** End Patch') return fail('it does not end with "*** End Patch"');
  const files: PatchFile[] = [];
  let current: { op: PatchFile['op']; path: string; moveTo?: string; content: string[]; changes: number } | undefined;
  const close = () => {
    if (current) files.push({ op: current.op, path: current.path, ...(current.moveTo === undefined ? {} : { moveTo: current.moveTo }), ...(current.op === 'add' ? { content: current.content.map((l) => `${l}\n`).join('') } : {}) });
    current = undefined;
  };
  for (const [i, raw] of lines.slice(1, -1).entries()) {
    const where = `line ${i + 2}`;
    if (raw.startsWith('+') || raw.startsWith('-')) {
      if (current === undefined || current.op === 'delete' || (current.op === 'add' && raw.startsWith('-'))) return fail(`${where} is a change outside a file that takes one`);
      if (current.op === 'add') current.content.push(raw.slice(1));
      current.changes++;
      continue;
    }
    const line = raw.trim();
    const header = HEADERS.find(([marker]) => line.startsWith(marker));
    if (header) {
      const path = line.slice(header[0].length).trim();
      if (path === '') return fail(`${where} names no file`);
      if (header[1] === 'move') {
        // Only right after its Update File header, as Codex reads it.
        if (current?.op !== 'update' || current.moveTo !== undefined || current.changes > 0) return fail(`${where}: "*** Move to:" does not follow an "*** Update File:" header`);
        current.moveTo = path;
        continue;
      }
      close();
      current = { op: header[1], path, content: [], changes: 0 };
      continue;
    }
    if (current?.op === 'update' && (line === '' || line === '*** End of File' || raw.startsWith('@@') || raw.startsWith(' '))) {
      current.changes++;
      continue;
    }
    if (line === '' && current !== undefined) continue;
    return fail(`${where} is neither a file header nor a change line`);
  }
  close();
  if (files.length === 0) return fail('it names no file');
  return { ok: true, files };
}

/** Every path a parsed patch writes: added, updated, deleted, and where an update moves its file. */
export function patchTargets(files: readonly PatchFile[]): string[] {
  return files.flatMap((f) => (f.moveTo === undefined ? [f.path] : [f.path, f.moveTo]));
}

/** The files a patch leaves with content to lint (not deleted ones; a moved file where it lands). */
function patchResults(files: readonly PatchFile[]): string[] {
  return files.filter((f) => f.op !== 'delete').map((f) => f.moveTo ?? f.path);
}

const APPLY_PATCH_WORD = /(^|[^\w-])(apply_patch|applypatch)(?![\w-])/;
// What Codex applies itself instead of running a shell: `[cd DIR &&] apply_patch <<'TAG'\n…\nTAG`.
const APPLY_PATCH_HEREDOC = /^\s*(?:cd\s+('[^']*'|"[^"$`\\]*"|[\w@%+=:,./-]+)\s*&&\s*)?(?:apply_patch|applypatch)\s*<<-?\s*(['"]?)(\w+)\2[ \t]*\n([\s\S]*?)\n\3[ \t]*(?:\n\s*)?$/;

type PatchInShell = { readonly files: readonly PatchFile[]; readonly dir: string | undefined } | { readonly reason: string };

/** A shell command that runs apply_patch: the patch it carries and the folder it is applied from, or why it cannot be read. */
function patchInShell(command: string): PatchInShell | undefined {
  if (!APPLY_PATCH_WORD.test(command)) return undefined;
  const m = APPLY_PATCH_HEREDOC.exec(command);
  if (!m) return { reason: 'it runs apply_patch in a form dsctl cannot read (use the apply_patch tool, or `apply_patch <<\'EOF\'` alone)' };
  const parsed = parseApplyPatch(m[4] ?? '');
  if (!parsed.ok) return { reason: `its patch cannot be read: ${parsed.reason}` };
  // `~` and globs are not expanded here: only a folder spelled out is read as one.
  const dir = m[1] === undefined ? undefined : m[1].replace(/^(['"])([\s\S]*)\1$/, '$2');
  if (dir !== undefined && /[~*?[]/.test(dir)) return { reason: `it applies a patch from ${dir}, a folder dsctl does not expand` };
  return { files: parsed.files, dir };
}

const inDir = (dir: string | undefined, path: string) => (dir === undefined || isAbsolute(path) ? path : join(dir, path));

function patchCall(files: readonly PatchFile[], dir: string | undefined): ToolCall {
  const [only] = files;
  if (files.length === 1 && only?.op === 'add' && only.content !== undefined) {
    const content = only.content;
    return { kind: 'write', path: inDir(dir, only.path), after: () => content };
  }
  const paths = patchTargets(files).map((p) => inDir(dir, p));
  return paths.length === 1 ? { kind: 'write', path: paths[0] as string } : { kind: 'writes', paths };
}

/** The patch text of an apply_patch call: `{command}` in 0.169.0; `{input}`/`{patch}` or a bare string accepted too. */
function patchText(input: unknown): string | undefined {
  if (typeof input === 'string') return input;
  if (!isRecord(input)) return undefined;
  return [input.command, input.input, input.patch].find((v): v is string => typeof v === 'string');
}

function shellText(tool: string, input: unknown): string | ToolCall {
  if (!isRecord(input)) return invalid(tool, 'no tool input');
  const command = input.command ?? input.cmd;
  if (typeof command === 'string') return command;
  if (!Array.isArray(command) || command.length === 0 || !command.every((c) => typeof c === 'string')) return invalid(tool, 'command is neither a string nor a list of strings');
  const argv = command as string[];
  // `["bash", "-lc", "…"]` is how older Codex ran a script; any other argv is quoted back into one command.
  return argv.length === 3 && /sh$/.test(argv[0] ?? '') && /^-\w*c$/.test(argv[1] ?? '') ? (argv[2] ?? '') : argv.map(quote).join(' ');
}

/** Codex's tools → dsctl's tool calls. */
export function codexToolCall(tool: string | undefined, input: unknown): ToolCall {
  if (tool !== undefined && SHELL_TOOLS.has(tool)) {
    const command = shellText(tool, input);
    if (typeof command !== 'string') return command;
    const patch = patchInShell(command);
    if (patch === undefined) return { kind: 'shell', command };
    if ('reason' in patch) return { kind: 'invalid', reason: `the ${tool} command is denied: ${patch.reason}` };
    return patchCall(patch.files, patch.dir);
  }
  if (tool === 'apply_patch') {
    const patch = patchText(input);
    if (patch === undefined) return invalid(tool, 'no patch text');
    const parsed = parseApplyPatch(patch);
    // A patch dsctl cannot read may still write something: it cannot be judged.
    if (!parsed.ok) return invalid(tool, `the patch cannot be read: ${parsed.reason}`);
    return patchCall(parsed.files, undefined);
  }
  return claudeToolCall(tool, input);
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The UI files a finished tool call left behind: what its patch added, updated or moved into. */
function writtenFiles(tool: string | undefined, input: unknown): string[] {
  if (tool === 'apply_patch') {
    const text = patchText(input);
    const parsed = text === undefined ? undefined : parseApplyPatch(text);
    return parsed?.ok ? patchResults(parsed.files) : [];
  }
  if (tool !== undefined && SHELL_TOOLS.has(tool)) {
    const command = shellText(tool, input);
    const patch = typeof command === 'string' ? patchInShell(command) : undefined;
    return patch !== undefined && !('reason' in patch) ? patchResults(patch.files).map((p) => inDir(patch.dir, p)) : [];
  }
  return [];
}

/**
 * The session state is kept under Claude Code's name: Codex's Stop is the shared one (src/hooks/claude.ts),
 * which reads it from there; session ids are Codex's own UUIDs, so the two never meet.
 */
const STATE_AGENT = 'claude';

/** PostToolUse: lints the UI files a patch wrote; errors block (the reason reaches the model), warnings are context. */
async function codexPostToolUse(stdin: string, fallbackCwd: string): Promise<HookOutcome> {
  const input = parseHookInput(stdin);
  if (!input) return SILENT;
  const tool = text(input, 'tool_name');
  const cwd = text(input, 'cwd') ?? fallbackCwd;
  const session = text(input, 'session_id') ?? '';
  const rawInput = input.tool_input === undefined ? undefined : typeof input.tool_input === 'string' ? input.tool_input : record(input, 'tool_input');
  const paths = writtenFiles(tool, rawInput);
  if (paths.length === 0) return SILENT;
  // The linter is heavy; pre-tool-use, which runs on every call, never loads it.
  const { describeFindings, lintUiFiles } = await import('./ui-lint.js');
  const lints = await lintUiFiles(cwd, paths.map((p) => (isAbsolute(p) ? p : join(cwd, p))));
  if (lints.length === 0) return SILENT;
  const { root } = await loadPolicy({ cwd });
  const state = readSessionState(root, STATE_AGENT, session);
  for (const lint of lints) if (!state.written.includes(lint.file)) state.written.push(lint.file);
  writeSessionState(root, STATE_AGENT, session, state);
  if (lints.some((l) => l.errors.length > 0)) {
    return json({ decision: 'block', reason: `dsctl lint found design-system errors in what you just wrote; fix them:\n${describeFindings(lints, 'errors')}` });
  }
  if (lints.some((l) => l.warnings.length > 0)) {
    return json({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: `dsctl lint warnings (worth fixing):\n${describeFindings(lints, 'warnings')}` } });
  }
  return SILENT;
}

export async function codexHook(event: CodexEvent, stdin: string, fallbackCwd: string, options: HookOptions = {}): Promise<HookOutcome> {
  if (event === 'post-tool-use') return codexPostToolUse(stdin, fallbackCwd);
  return claudeHook(event, stdin, fallbackCwd, codexToolCall, options);
}
