import { z } from 'zod';
import { createToolGuard, type ToolCall } from '../governance/tool-guard.js';
import { loadPolicy } from '../project/policy.js';
import { claudeToolCall } from './claude.js';
import { json, type HookOutcome } from './outcome.js';
import { readSessionState, writeSessionState } from './session-state.js';

/** Cursor's hook input (one shape with optional fields per event); unknown fields are ignored. */
const InputSchema = z.looseObject({
  conversation_id: z.string().optional(),
  workspace_roots: z.array(z.string()).optional(),
  cwd: z.string().optional(),
  command: z.string().optional(),
  tool_name: z.string().optional(),
  tool_input: z.record(z.string(), z.unknown()).optional(),
  file_path: z.string().optional(),
  loop_count: z.number().optional(),
});

export const CURSOR_EVENTS = ['pre-tool-use', 'before-shell-execution', 'after-file-edit', 'stop'] as const;
export type CursorEvent = (typeof CURSOR_EVENTS)[number];

const MAX_FOLLOWUPS = 3;

/** Cursor reads permission hooks' stdout as JSON and blocks on anything else, so every answer is JSON. */
function permission(value: 'allow' | 'deny' | 'ask', message?: string): HookOutcome {
  return json({ permission: value, ...(message === undefined ? {} : { user_message: message, agent_message: message }) }, value === 'deny' ? 2 : 0);
}

export async function cursorHook(event: CursorEvent, stdin: string, fallbackCwd: string): Promise<HookOutcome> {
  let input: z.output<typeof InputSchema>;
  try {
    input = InputSchema.parse(JSON.parse(stdin));
  } catch {
    return event === 'after-file-edit' || event === 'stop' ? json({}) : permission('deny', 'dsctl could not read the hook input, so this action is denied.');
  }
  const cwd = input.cwd ?? input.workspace_roots?.[0] ?? fallbackCwd;
  switch (event) {
    case 'pre-tool-use':
    case 'before-shell-execution': {
      const call: ToolCall = event === 'before-shell-execution' ? { kind: 'shell', command: input.command ?? '' } : claudeToolCall(input.tool_name, input.tool_input ?? {});
      const decision = await createToolGuard(loadPolicy({ cwd })).decide(call, cwd);
      if (decision.decision === 'allow') return permission('allow');
      if (decision.decision === 'ask') return permission('ask', decision.reason);
      return permission('deny', `dsctl: ${decision.reason}. ${decision.instead}`);
    }
    case 'after-file-edit': {
      if (!input.file_path) return json({});
      const { lintUiFiles } = await import('./ui-lint.js');
      const lints = await lintUiFiles(cwd, [input.file_path]);
      if (lints.length === 0) return json({});
      const { root } = loadPolicy({ cwd });
      const state = readSessionState(root, 'cursor', input.conversation_id ?? '');
      if (!state.written.includes(lints[0]!.file)) state.written.push(lints[0]!.file);
      writeSessionState(root, 'cursor', input.conversation_id ?? '', state);
      // afterFileEdit cannot block or talk to the model; the stop hook follows up.
      return json({});
    }
    case 'stop': {
      const { root } = loadPolicy({ cwd });
      const state = readSessionState(root, 'cursor', input.conversation_id ?? '');
      const { describeFindings, lintUiFiles } = await import('./ui-lint.js');
      const lints = (await lintUiFiles(root, state.written)).filter((l) => l.errors.length > 0);
      if (lints.length === 0 || (input.loop_count ?? state.stopBlocks) >= MAX_FOLLOWUPS) return json({});
      state.stopBlocks++;
      writeSessionState(root, 'cursor', input.conversation_id ?? '', state);
      return json({ followup_message: `UI files you wrote still break the design system; fix them, then finish:\n${describeFindings(lints, 'errors')}` });
    }
  }
}
