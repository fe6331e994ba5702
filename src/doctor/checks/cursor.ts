import { AGENT_HOOKS } from '../../project/agent-hooks.js';
import { agentHooksCheck } from '../agent-hooks.js';

export const check = agentHooksCheck('cursor', AGENT_HOOKS.cursor, "Cursor's .cursor/hooks.json: a dsctl hook for every event, each running a command that exists");
