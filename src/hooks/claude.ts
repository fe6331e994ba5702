import { resolve } from 'node:path';
import { denialMessage, type ToolCall } from '../governance/tool-guard.js';
import { AGENT_HOOKS } from '../project/agent-hooks.js';
import { loadPolicy } from '../project/policy.js';
import { defineHookAdapter, type HookOptions } from './adapter.js';
import { isHeadless } from './headless.js';
import { parseHookInput, record, text, type HookInput } from './input.js';
import { judgeToolCall } from './judge.js';
import { json, SILENT, type HookOutcome } from './outcome.js';
import { readSessionState, writeSessionState } from './session-state.js';
import { toolCallOf } from './tool-calls.js';

export type ClaudeEvent = keyof typeof AGENT_HOOKS.claude.events;

export const claudeAdapter = defineHookAdapter<ClaudeEvent>({
  id: 'claude',
  meta: {
    docs: {
      description: 'Claude Code: PreToolUse judges every tool call against the gates, PostToolUse lints what the file tools wrote, Stop holds a session back while what it wrote has lint errors',
      url: 'https://code.claude.com/docs/en/hooks',
      verified: '2.1.328',
    },
    events: AGENT_HOOKS.claude.events,
    tools: AGENT_HOOKS.claude.tools,
  },
  handle: (event, stdin, cwd, options) => claudeHook(event, stdin, cwd, claudeToolCall, options),
  deny: (reason) => denyOutcome(reason),
});

const MAX_STOP_BLOCKS = 3;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** Claude Code's tools → dsctl's tool calls (Write/Edit/MultiEdit know the content, so two-layered files can be judged). */
export function claudeToolCall(tool: string | undefined, input: unknown): ToolCall {
  return toolCallOf(tool, input);
}

/** Exit 2 blocks in every Claude Code version and sends stderr to the model; the JSON says the same for clients that read it. */
export function denyOutcome(reason: string): HookOutcome {
  return json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } }, 2, reason);
}

export async function claudeHook(
  event: ClaudeEvent,
  stdin: string,
  fallbackCwd: string,
  toToolCall: (tool: string | undefined, input: unknown) => ToolCall = claudeToolCall,
  options: HookOptions = {},
): Promise<HookOutcome> {
  const env = options.env ?? {};
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
      const shape = payloadProblem(input);
      const call = shape === undefined ? toToolCall(tool, input.tool_input) : ({ kind: 'invalid', reason: shape } as const);
      const { decision, notes } = await judgeToolCall(call.kind === 'invalid' && !mayWriteTool(tool) ? { kind: 'other' } : call, cwd, env);
      const note = notes.length > 0 ? `${notes.join('\n')}\n` : '';
      if (decision.decision === 'allow') return note ? { exitCode: 0, stderr: note } : SILENT;
      if (decision.decision === 'ask') {
        // No one to ask under `claude -p` or the runner: what a person would have to decide is denied.
        if (isHeadless(env)) return withNote(denyOutcome(`dsctl: ${decision.reason}. No person is there to ask in this headless session, so it is denied; do it another way or leave it to a person.`), note);
        return withNote(json({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: decision.reason } }), note);
      }
      return withNote(denyOutcome(denialMessage(decision)), note);
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
      // A stage of `dsctl run`: the runner lints, repairs within its limits and escalates once; a second
      // loop of refusals here would fight it.
      if ((env.DSCTL_RUN_ID ?? '') !== '') return SILENT;
      const { root, policy } = await loadPolicy({ cwd });
      const state = readSessionState(root, 'claude', session);
      if (state.written.length === 0) return SILENT;
      const { describeFindings, lintUiFiles } = await import('./ui-lint.js');
      const lints = (await lintUiFiles(root, state.written)).filter((l) => l.errors.length > 0);
      if (lints.length === 0) return SILENT;
      if (state.stopBlocks >= MAX_STOP_BLOCKS) {
        // Never loop forever: let the agent stop, and hand the question to a person.
        const { escalationRunEntry, escalationSlot, writeEscalation } = await import('../governance/escalation.js');
        // One escalation a session while it waits; once a person resolved it, a new one is seen.
        const slot = escalationSlot(root, `claude-session-${session.replace(/[^A-Za-z0-9_-]/g, '_') || 'unknown'}`);
        const escalation = {
          run_id: slot.id,
          workflow: 'agent-session',
          stuck_reason: `UI files still break the design system after ${MAX_STOP_BLOCKS} stop attempts`,
          severity: 'error' as const,
          proposed_diff: lints.map((l) => l.file).join('\n'),
          evidence: describeFindings(lints, 'errors').split('\n').map((line) => line.replace(/^- /, '')),
          human_question: 'Fix these files by hand, or is this an acceptable exception (a new rule, or a baseline entry)?',
        };
        const file = writeEscalation(root, escalation);
        let unrecorded = '';
        if (!slot.open) {
          try {
            const { appendRun } = await import('../governance/audit-log.js');
            const entry = escalationRunEntry(escalation, { level: 'model-loop', trigger: env.CI === 'true' ? 'ci' : 'manual', changed_paths: lints.map((l) => l.file), attempts: state.stopBlocks, at: new Date() });
            await appendRun(resolve(root, policy.runLog), entry);
          } catch (error) {
            unrecorded = ` It could not be recorded in ${policy.runLog}: ${error instanceof Error ? error.message : String(error)}.`;
          }
        }
        return { exitCode: 0, stderr: `dsctl: ${lints.length} UI file(s) still have lint errors after ${MAX_STOP_BLOCKS} attempts; stopping anyway — escalated to a person (${file}; see dsctl escalations).${unrecorded}\n` };
      }
      state.stopBlocks++;
      writeSessionState(root, 'claude', session, state);
      return json({ decision: 'block', reason: `Not done: UI files you wrote this session still break the design system (attempt ${state.stopBlocks} of ${MAX_STOP_BLOCKS}):\n${describeFindings(lints, 'errors')}` });
    }
  }
}

function withNote(outcome: HookOutcome, note: string): HookOutcome {
  return note === '' ? outcome : { ...outcome, stderr: `${note}${outcome.stderr ?? ''}` };
}

/** What is wrong with the payload's own fields (not the tool's), for a pre-tool-use call. */
function payloadProblem(input: HookInput): string | undefined {
  if (input.hook_event_name !== undefined && input.hook_event_name !== 'PreToolUse') return `the hook input is for the event ${JSON.stringify(input.hook_event_name)}, not PreToolUse`;
  if (typeof input.tool_name !== 'string') return 'the hook input names no tool (tool_name)';
  if (input.cwd !== undefined && typeof input.cwd !== 'string') return 'the hook input\'s cwd is not a string';
  return undefined;
}

/** A tool that cannot write passes even with a payload dsctl does not understand. */
function mayWriteTool(tool: string | undefined): boolean {
  return toolCallOf(tool, {}).kind !== 'other';
}
