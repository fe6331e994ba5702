import { AGENT_HOOKS } from '../../project/agent-hooks.js';
import { agentHooksCheck } from '../agent-hooks.js';

export const check = agentHooksCheck('codex', AGENT_HOOKS.codex, "Codex's .codex/hooks.json: dsctl's hooks run a command that exists and PreToolUse sees the shell, apply_patch and MCP tools");
