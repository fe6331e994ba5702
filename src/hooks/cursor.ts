import { denialMessage, type ToolCall } from '../governance/tool-guard.js';
import { AGENT_HOOKS } from '../project/agent-hooks.js';
import { loadPolicy } from '../project/policy.js';
import { defineHookAdapter, type HookOptions } from './adapter.js';
import { claudeToolCall } from './claude.js';
import { isHeadless } from './headless.js';
import { parseHookInput, text } from './input.js';
import { judgeToolCall } from './judge.js';
import { json, type HookOutcome } from './outcome.js';
import { readSessionState, writeSessionState } from './session-state.js';

export type CursorEvent = keyof typeof AGENT_HOOKS.cursor.events;

export const cursorAdapter = defineHookAdapter<CursorEvent>({
  id: 'cursor',
  meta: {
    docs: {
      description: 'Cursor: preToolUse and beforeShellExecution judge tool calls and shell commands against the gates, afterFileEdit notes what was written, stop asks for a follow-up while it has lint errors',
      url: 'https://cursor.com/docs/agent/hooks',
    },
    events: AGENT_HOOKS.cursor.events,
    tools: AGENT_HOOKS.cursor.tools,
  },
  handle: (event, stdin, cwd, options) => cursorHook(event, stdin, cwd, options),
  // The reason on stderr too: Cursor shows a hook's stderr in its log, the JSON to the person and the model.
  deny: (reason) => ({ ...permission('deny', reason), stderr: `${reason}\n` }),
});

const MAX_FOLLOWUPS = 3;

/** Cursor reads permission hooks' stdout as JSON and blocks on anything else, so every answer is JSON. */
function permission(value: 'allow' | 'deny' | 'ask', message?: string): HookOutcome {
  return json({ permission: value, ...(message === undefined ? {} : { user_message: message, agent_message: message }) }, value === 'deny' ? 2 : 0);
}

export async function cursorHook(event: CursorEvent, stdin: string, fallbackCwd: string, options: HookOptions = {}): Promise<HookOutcome> {
  const env = options.env ?? {};
  const input = parseHookInput(stdin);
  if (!input) return event === 'after-file-edit' || event === 'stop' ? json({}) : permission('deny', 'dsctl could not read the hook input, so this action is denied.');
  const roots = Array.isArray(input.workspace_roots) ? input.workspace_roots.filter((r): r is string => typeof r === 'string') : [];
  const cwd = text(input, 'cwd') ?? roots[0] ?? fallbackCwd;
  const conversation = text(input, 'conversation_id') ?? '';
  const filePath = text(input, 'file_path');
  const loopCount = typeof input.loop_count === 'number' ? input.loop_count : undefined;
  switch (event) {
    case 'pre-tool-use':
    case 'before-shell-execution': {
      const command = text(input, 'command');
      const call: ToolCall =
        event === 'before-shell-execution'
          ? command === undefined
            ? { kind: 'invalid', reason: 'the shell call names no command, so it is denied' }
            : { kind: 'shell', command }
          : claudeToolCall(text(input, 'tool_name'), input.tool_input);
      const { decision, notes } = await judgeToolCall(call, cwd, env);
      const outcome =
        decision.decision === 'allow'
          ? permission('allow')
          : decision.decision === 'ask' && !isHeadless(env)
            ? permission('ask', decision.reason)
            : permission('deny', decision.decision === 'deny' ? denialMessage(decision) : `dsctl: ${decision.reason}. No person is there to ask, so it is denied.`);
      return notes.length > 0 ? { ...outcome, stderr: `${notes.join('\n')}\n` } : outcome;
    }
    case 'after-file-edit': {
      if (!filePath) return json({});
      const { lintUiFiles } = await import('./ui-lint.js');
      const lints = await lintUiFiles(cwd, [filePath]);
      if (lints.length === 0) return json({});
      const { root } = await loadPolicy({ cwd });
      const state = readSessionState(root, 'cursor', conversation);
      if (!state.written.includes(lints[0]!.file)) state.written.push(lints[0]!.file);
      writeSessionState(root, 'cursor', conversation, state);
      // afterFileEdit cannot block or talk to the model; the stop hook follows up.
      return json({});
    }
    case 'stop': {
      // Driven by `dsctl run`: the runner owns repairs and the one escalation.
      if ((env.DSCTL_RUN_ID ?? '') !== '') return json({});
      const { root } = await loadPolicy({ cwd });
      const state = readSessionState(root, 'cursor', conversation);
      const { describeFindings, lintUiFiles } = await import('./ui-lint.js');
      const lints = (await lintUiFiles(root, state.written)).filter((l) => l.errors.length > 0);
      if (lints.length === 0 || (loopCount ?? state.stopBlocks) >= MAX_FOLLOWUPS) return json({});
      state.stopBlocks++;
      writeSessionState(root, 'cursor', conversation, state);
      return json({ followup_message: `UI files you wrote still break the design system; fix them, then finish:\n${describeFindings(lints, 'errors')}` });
    }
  }
}
