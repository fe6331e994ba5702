import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_HOOK_MESSAGES, checkAgentHooks, type AgentHookSpec } from '../agent-hooks.js';
import { reporter, type DoctorCheck } from '../check.js';

const SPEC: AgentHookSpec = {
  agent: 'cursor',
  file: '.cursor/hooks.json',
  grouped: false,
  events: [
    { event: 'preToolUse', dsctl: 'pre-tool-use' },
    { event: 'beforeShellExecution', dsctl: 'before-shell-execution' },
    { event: 'afterFileEdit', dsctl: 'after-file-edit' },
    { event: 'stop', dsctl: 'stop' },
  ],
  vars: () => ({}),
};

export const check: DoctorCheck = {
  id: 'cursor',
  meta: {
    docs: { description: "Cursor's .cursor/hooks.json: a dsctl hook for every event, each running a command that exists" },
    messages: AGENT_HOOK_MESSAGES,
  },
  skip: (ctx) => (existsSync(join(ctx.root, SPEC.file)) ? undefined : `no ${SPEC.file}: Cursor hooks are not installed (\`dsctl hooks install --cursor\`)`),
  run: (ctx) => checkAgentHooks(ctx, SPEC, reporter(check)).findings,
};
