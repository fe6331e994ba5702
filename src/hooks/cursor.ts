import { createToolGuard, denialMessage, type ToolCall } from '../governance/tool-guard.js';
import { loadPolicy } from '../project/policy.js';
import { claudeToolCall } from './claude.js';
import { parseHookInput, record, text } from './input.js';
import { json, type HookOutcome } from './outcome.js';
import { readSessionState, writeSessionState } from './session-state.js';

export const CURSOR_EVENTS = ['pre-tool-use', 'before-shell-execution', 'after-file-edit', 'stop'] as const;
export type CursorEvent = (typeof CURSOR_EVENTS)[number];

const MAX_FOLLOWUPS = 3;

/** Cursor reads permission hooks' stdout as JSON and blocks on anything else, so every answer is JSON. */
function permission(value: 'allow' | 'deny' | 'ask', message?: string): HookOutcome {
  return json({ permission: value, ...(message === undefined ? {} : { user_message: message, agent_message: message }) }, value === 'deny' ? 2 : 0);
}

export async function cursorHook(event: CursorEvent, stdin: string, fallbackCwd: string): Promise<HookOutcome> {
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
      const call: ToolCall = event === 'before-shell-execution' ? { kind: 'shell', command: text(input, 'command') ?? '' } : claudeToolCall(text(input, 'tool_name'), record(input, 'tool_input'));
      const decision = await createToolGuard(await loadPolicy({ cwd })).decide(call, cwd);
      if (decision.decision === 'allow') return permission('allow');
      if (decision.decision === 'ask') return permission('ask', decision.reason);
      return permission('deny', denialMessage(decision));
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
