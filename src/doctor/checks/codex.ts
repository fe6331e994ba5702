import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AGENT_HOOK_MESSAGES, checkAgentHooks, type AgentHookSpec } from '../agent-hooks.js';
import { reporter, type DoctorCheck } from '../check.js';

/** Codex's tools that can write: its shell (`Bash` in hook payloads), `apply_patch`, and MCP tools. */
const WRITE_TOOLS = ['Bash', 'apply_patch', 'mcp__filesystem__write_file'];

const SPEC: AgentHookSpec = {
  agent: 'codex',
  file: '.codex/hooks.json',
  grouped: true,
  events: [
    { event: 'PreToolUse', dsctl: 'pre-tool-use', mustCover: WRITE_TOOLS },
    { event: 'PostToolUse', dsctl: 'post-tool-use' },
    { event: 'Stop', dsctl: 'stop' },
  ],
  vars: () => ({}),
};

export const check: DoctorCheck = {
  id: 'codex',
  meta: {
    docs: { description: "Codex's .codex/hooks.json: dsctl's hooks run a command that exists and PreToolUse sees the shell, apply_patch and MCP tools" },
    messages: AGENT_HOOK_MESSAGES,
  },
  skip: (ctx) => (existsSync(join(ctx.root, SPEC.file)) ? undefined : `no ${SPEC.file}: Codex hooks are not installed (\`dsctl hooks install --codex\`)`),
  run: (ctx) => checkAgentHooks(ctx, SPEC, reporter(check)).findings,
};
