import { resolve } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';
import type { Project } from '../project/project.js';
import { DRIVERS, type AgentChoice } from './choice.js';
import type { AgentDriver } from './driver.js';

export interface AgentFlags {
  /** --agent */
  readonly driver?: string | undefined;
  /** --script (scripted driver), relative to the working directory */
  readonly script?: string | undefined;
  /** --agent-command (command driver) */
  readonly command?: string | undefined;
}

/**
 * Which driver a run uses: `--agent` or the config's `agent.driver`, with what it needs. Checked before
 * the run starts, and saved in the run's state so `dsctl run resume` drives the same agent.
 */
export function chooseAgent(project: Project, flags: AgentFlags, cwd: string): AgentChoice {
  const { agent } = project.config;
  const driver = flags.driver ?? agent.driver;
  if (!(DRIVERS as readonly string[]).includes(driver)) {
    throw new UserError('agent/unknown', `unknown agent driver "${driver}"; expected one of ${DRIVERS.join(', ')}`);
  }
  if (driver === 'scripted') {
    const script = flags.script !== undefined ? resolve(cwd, flags.script) : agent.scripted.script !== undefined ? resolve(project.root, agent.scripted.script) : undefined;
    if (script === undefined) throw new UserError('agent/script', 'the scripted driver needs a script: --script FILE, or agent.scripted.script in dsctl.config.json');
    return { driver, script };
  }
  if (driver === 'command') {
    const command = flags.command ?? agent.command.template;
    if (command === undefined) throw new UserError('agent/template', 'the command driver needs a template: --agent-command "…{prompt_file}…", or agent.command.template in dsctl.config.json');
    return { driver, command };
  }
  return { driver: 'claude-code' };
}

/**
 * Builds the driver for a choice; the claude-code driver reads the rest of its settings from the config.
 * `dsctlBin` (the running dsctl's entry script) gives claude-code sessions dsctl's own MCP server.
 */
export async function createDriver(project: Project, choice: AgentChoice, dsctlBin?: string): Promise<AgentDriver> {
  switch (choice.driver) {
    case 'scripted': {
      const [{ createScriptedDriver }, { readScript }] = await Promise.all([import('./scripted.js'), import('./scripted-script.js')]);
      const script = choice.script ?? '';
      return createScriptedDriver(readScript(script, script));
    }
    case 'command': {
      const { createCommandDriver } = await import('./command.js');
      return createCommandDriver({ template: choice.command ?? '' });
    }
    case 'claude-code': {
      const { createClaudeCodeDriver } = await import('./claude-code.js');
      const settings = project.config.agent.claudeCode;
      return createClaudeCodeDriver({
        command: settings.command,
        args: settings.args,
        ...(settings.model ? { model: settings.model } : {}),
        ...(dsctlBin ? { mcpServer: { command: process.execPath, args: [dsctlBin, 'mcp'] } } : {}),
      });
    }
  }
}
