import { createToolGuard, denialMessage, type ToolCall } from '../governance/tool-guard.js';
import { loadPolicy } from '../project/policy.js';
import { parseHookInput, record, text, type HookInput } from './input.js';
import { json, SILENT, type HookOutcome } from './outcome.js';
import { readSessionState, writeSessionState } from './session-state.js';

export const CLAUDE_EVENTS = ['pre-tool-use', 'post-tool-use', 'stop'] as const;
export type ClaudeEvent = (typeof CLAUDE_EVENTS)[number];

const MAX_STOP_BLOCKS = 3;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Claude Code's tools → dsctl's tool calls (Write/Edit/MultiEdit know the content, so two-layered files can be judged). */
export function claudeToolCall(tool: string | undefined, input: Record<string, unknown>): ToolCall {
  const path = str(input.file_path) ?? str(input.notebook_path);
  switch (tool) {
    case 'Write':
      return path === undefined ? { kind: 'other' } : { kind: 'write', path, after: () => str(input.content) ?? '' };
    case 'Edit':
      return path === undefined ? { kind: 'other' } : { kind: 'write', path, after: (before) => applyEdit(before, input) };
    case 'MultiEdit':
      return path === undefined
        ? { kind: 'other' }
        : {
            kind: 'write',
            path,
            after: (before) => (Array.isArray(input.edits) ? input.edits : []).reduce<string | undefined>((text, edit) => (text === undefined ? undefined : applyEdit(text, edit as Record<string, unknown>)), before),
          };
    case 'NotebookEdit':
      return path === undefined ? { kind: 'other' } : { kind: 'write', path };
    case 'Bash':
      return { kind: 'shell', command: str(input.command) ?? '' };
    default:
      return { kind: 'other' };
  }
}

function applyEdit(before: string, edit: Record<string, unknown>): string | undefined {
  const from = str(edit.old_string);
  const to = str(edit.new_string);
  if (from === undefined || to === undefined || !before.includes(from)) return undefined;
  return edit.replace_all === true ? before.split(from).join(to) : before.replace(from, () => to);
}

function denyOutcome(reason: string): HookOutcome {
  // Exit 2 blocks in every Claude Code version and sends stderr to the model; the JSON says the same for clients that read it.
  return json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } }, 2, reason);
}

export async function claudeHook(
  event: ClaudeEvent,
  stdin: string,
  fallbackCwd: string,
  toToolCall: (tool: string | undefined, input: Record<string, unknown>) => ToolCall = claudeToolCall,
): Promise<HookOutcome> {
  const input: HookInput | undefined = parseHookInput(stdin);
  if (!input) {
    return event === 'pre-tool-use' ? denyOutcome('dsctl could not read the hook input (expected Claude Code hook JSON on stdin), so this tool call is denied.') : SILENT;
  }
  const cwd = text(input, 'cwd') ?? fallbackCwd;
  const tool = text(input, 'tool_name');
  const toolInput = record(input, 'tool_input');
  const session = text(input, 'session_id') ?? '';
  switch (event) {
    case 'pre-tool-use': {
      const guard = createToolGuard(await loadPolicy({ cwd }));
      const decision = await guard.decide(toToolCall(tool, toolInput), cwd);
      if (decision.decision === 'allow') return SILENT;
      if (decision.decision === 'ask') return json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: decision.reason } });
      return denyOutcome(denialMessage(decision));
    }
    case 'post-tool-use': {
      const path = str(toolInput.file_path);
      if (!path || !['Write', 'Edit', 'MultiEdit'].includes(tool ?? '')) return SILENT;
      // The linter is heavy; pre-tool-use, which runs on every call, never loads it.
      const { describeFindings, lintUiFiles } = await import('./ui-lint.js');
      const lints = await lintUiFiles(cwd, [path]);
      if (lints.length === 0) return SILENT;
      const { root } = await loadPolicy({ cwd });
      const state = readSessionState(root, 'claude', session);
      if (!state.written.includes(lints[0]!.file)) state.written.push(lints[0]!.file);
      writeSessionState(root, 'claude', session, state);
      if (lints.some((l) => l.errors.length > 0)) {
        return json({ decision: 'block', reason: `dsctl lint found design-system errors in what you just wrote; fix them:\n${describeFindings(lints, 'errors')}` });
      }
      if (lints.some((l) => l.warnings.length > 0)) {
        return json({ hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: `dsctl lint warnings (worth fixing):\n${describeFindings(lints, 'warnings')}` } });
      }
      return SILENT;
    }
    case 'stop': {
      const { root } = await loadPolicy({ cwd });
      const state = readSessionState(root, 'claude', session);
      if (state.written.length === 0) return SILENT;
      const { describeFindings, lintUiFiles } = await import('./ui-lint.js');
      const lints = (await lintUiFiles(root, state.written)).filter((l) => l.errors.length > 0);
      if (lints.length === 0) return SILENT;
      if (state.stopBlocks >= MAX_STOP_BLOCKS) {
        // Never loop forever: let the agent stop, and hand the question to a person.
        const { writeEscalation } = await import('../governance/escalation.js');
        const file = writeEscalation(root, {
          run_id: `claude-session-${session.replace(/[^A-Za-z0-9_-]/g, '_') || 'unknown'}`,
          workflow: 'agent-session',
          stuck_reason: `UI files still break the design system after ${MAX_STOP_BLOCKS} stop attempts`,
          severity: 'error',
          proposed_diff: lints.map((l) => l.file).join('\n'),
          evidence: describeFindings(lints, 'errors').split('\n'),
          human_question: 'Fix these files by hand, or is this an acceptable exception (a new rule, or a baseline entry)?',
        });
        return { exitCode: 0, stderr: `dsctl: ${lints.length} UI file(s) still have lint errors after ${MAX_STOP_BLOCKS} attempts; stopping anyway — escalated to a person (${file}).\n` };
      }
      state.stopBlocks++;
      writeSessionState(root, 'claude', session, state);
      return json({ decision: 'block', reason: `Not done: UI files you wrote this session still break the design system (attempt ${state.stopBlocks} of ${MAX_STOP_BLOCKS}):\n${describeFindings(lints, 'errors')}` });
    }
  }
}
