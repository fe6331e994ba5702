/**
 * The agent hooks dsctl installs, in one table: each agent's settings file, the events dsctl hooks
 * (by dsctl's name and by the agent's), the matcher and time-out written, and what its tool names can
 * do. `dsctl hooks install` writes it (src/hooks/install.ts), the hook adapters answer its events
 * (src/hooks/registry.ts), and doctor checks what a project has against it (src/doctor/).
 */

export type AgentId = 'claude' | 'codex' | 'cursor';

/** What a tool name can do, as the hook reads it; a name not listed is scanned for the paths it names. */
export type ToolKind = 'write' | 'shell' | 'read-only';

export interface AgentHookEvent {
  /** The agent's name for the event in its settings file. */
  readonly on: string;
  /** The event decides whether a tool call runs: any failure there is a deny (exit 2), never a pass. */
  readonly blocking: boolean;
  /** The matcher installed, where hooks are grouped under one; none matches every call. */
  readonly matcher?: string;
}

export interface AgentHooks {
  readonly id: AgentId;
  /** The agent, for people. */
  readonly name: string;
  /** The settings file, from the project root. */
  readonly file: string;
  /** `grouped`: `{ matcher, hooks: [{ type, command, timeout }] }` per event (Claude Code, Codex); `flat`: `{ command }` (Cursor). */
  readonly layout: 'grouped' | 'flat';
  /** The file's `version`, written when it has none (Cursor reads no hooks file without it). */
  readonly fileVersion?: number;
  /** Seconds the agent gives one hook call, written on every grouped dsctl hook. */
  readonly timeout?: number;
  /** By dsctl's event name (`dsctl hook <agent> <event>`), in the order they are installed. */
  readonly events: Readonly<Record<string, AgentHookEvent>>;
  readonly tools: Readonly<Record<string, ToolKind>>;
  /** Variables the agent sets for its hook commands. */
  readonly vars: (root: string) => Readonly<Record<string, string>>;
}

/** A timed-out hook lets the tool run; the bin denies at 20 s, well before. */
const HOOK_TIMEOUT_S = 60;

/** Every tool, MCP tools and tools that do not exist yet included: the hook decides what can write (it fails closed). */
const ALL_TOOLS = '.*';

/** An MCP tool that writes (`mcp__<server>__<tool>`): a PreToolUse matcher must let MCP tools through too. */
const MCP_WRITE_EXAMPLE = 'mcp__filesystem__write_file';

/** Claude Code 2.1.328's tools (src/hooks/tool-calls.ts reads their input field by field). */
const CLAUDE_TOOLS: Readonly<Record<string, ToolKind>> = {
  Write: 'write',
  Edit: 'write',
  MultiEdit: 'write',
  NotebookEdit: 'write',
  Bash: 'shell',
  ...Object.fromEntries(
    [
      'Read', 'Grep', 'Glob', 'LS', 'WebFetch', 'WebSearch', 'TodoWrite', 'TodoRead', 'Task', 'Agent', 'ExitPlanMode', 'EnterPlanMode', 'BashOutput',
      'KillShell', 'KillBash', 'ListMcpResourcesTool', 'ReadMcpResourceTool', 'NotebookRead', 'AskUserQuestion', 'ToolSearch', 'TaskOutput', 'TaskStop',
      'TaskCreate', 'TaskGet', 'TaskList', 'TaskUpdate',
    ].map((tool) => [tool, 'read-only' as const]),
  ),
};

export const AGENT_HOOKS = {
  claude: {
    id: 'claude',
    name: 'Claude Code',
    file: '.claude/settings.json',
    layout: 'grouped',
    timeout: HOOK_TIMEOUT_S,
    events: {
      'pre-tool-use': { on: 'PreToolUse', blocking: true, matcher: ALL_TOOLS },
      // It lints what the file tools wrote; nothing else needs to reach it.
      'post-tool-use': { on: 'PostToolUse', blocking: false, matcher: 'Write|Edit|MultiEdit' },
      stop: { on: 'Stop', blocking: false },
    },
    tools: CLAUDE_TOOLS,
    vars: (root) => ({ CLAUDE_PROJECT_DIR: root }),
  },
  codex: {
    id: 'codex',
    name: 'Codex',
    file: '.codex/hooks.json',
    layout: 'grouped',
    timeout: HOOK_TIMEOUT_S,
    events: {
      'pre-tool-use': { on: 'PreToolUse', blocking: true, matcher: ALL_TOOLS },
      // It lints what a patch wrote, which may come through the shell tool too.
      'post-tool-use': { on: 'PostToolUse', blocking: false, matcher: ALL_TOOLS },
      stop: { on: 'Stop', blocking: false },
    },
    // As Codex 0.169.0 names them in hook payloads (the shell is `exec_command` for the model).
    tools: { Bash: 'shell', apply_patch: 'write' },
    vars: () => ({}),
  },
  cursor: {
    id: 'cursor',
    name: 'Cursor',
    file: '.cursor/hooks.json',
    layout: 'flat',
    fileVersion: 1,
    events: {
      'pre-tool-use': { on: 'preToolUse', blocking: true },
      'before-shell-execution': { on: 'beforeShellExecution', blocking: true },
      'after-file-edit': { on: 'afterFileEdit', blocking: false },
      stop: { on: 'stop', blocking: false },
    },
    // preToolUse is read with Claude Code's tool names; shell commands come through beforeShellExecution.
    tools: CLAUDE_TOOLS,
    vars: () => ({}),
  },
} as const satisfies Readonly<Record<AgentId, AgentHooks>>;

/** Every agent, sorted by id. */
export const AGENT_IDS: readonly AgentId[] = (Object.keys(AGENT_HOOKS) as AgentId[]).sort();

/** The tool names of these kinds, in the order they are declared. */
export function toolsOfKind(tools: Readonly<Record<string, ToolKind>>, ...kinds: readonly ToolKind[]): string[] {
  return Object.keys(tools).filter((tool) => kinds.includes(tools[tool]!));
}

/** The tools a blocking event's matcher must let reach the hook: every one that can write, and MCP tools. */
export function toolsThatWrite(agent: AgentHooks): string[] {
  return [...toolsOfKind(agent.tools, 'write', 'shell'), MCP_WRITE_EXAMPLE];
}
