import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClaudeCodeDriver } from '../../agents/claude-code.js';
import { UserError } from '../../diagnostics/user-error.js';
import { conditionById, usesTools } from '../conditions.js';
import { readTranscript } from '../transcript.js';
import { type BenchProvider, type ProviderContext, type TrialOutput } from './provider.js';

/*
 * The agentic provider: one Claude Code session per trial, through the loop runner's driver, inside
 * dsctl's OS sandbox (the project read-only), in an empty folder outside the project so that the
 * condition's context is all it gets. Tool conditions get dsctl's MCP server, nothing else.
 */

const LIMITED = /rate.?limit|usage limit|429|overloaded/i;

export function createClaudeCodeProvider(ctx: ProviderContext): BenchProvider {
  const settings = ctx.project.config.agent.claudeCode;
  let sequence = 0;
  return {
    id: 'claude-code',
    scripted: false,
    // Its session starts dsctl's MCP server itself (`dsctl mcp`): the bench opens none for it.
    callsTools: false,
    async run(input) {
      const withTools = usesTools(conditionById(input.condition));
      if (withTools && ctx.dsctlBin === undefined) throw new UserError('bench/mcp', "the tool conditions need dsctl's MCP server, and the dsctl binary to start it is unknown");
      const driver = createClaudeCodeDriver({
        command: settings.command,
        args: settings.args,
        model: ctx.spec.model,
        ...(withTools ? { mcpServer: { command: process.execPath, args: [ctx.dsctlBin as string, '--config', ctx.project.configPath, 'mcp'] } } : {}),
      });
      const cwd = mkdtempSync(join(tmpdir(), 'dsctl-bench-'));
      const workDir = join(ctx.workDir, input.key.replaceAll('/', '_'));
      mkdirSync(workDir, { recursive: true });
      const seq = sequence++;
      try {
        const result = await driver.run({
          role: 'author',
          prompt: `${input.system}\n\n---\n\n${input.prompt}`,
          cwd,
          // A server-wide permission rule: every tool of dsctl's server, whatever its tools are today.
          allowedTools: withTools ? ['mcp__dsctl'] : [],
          readOnly: false,
          maxTurns: ctx.spec.maxTurns,
          maxBudgetUsd: ctx.project.policy.loops.maxBudgetUsd,
          sequence: seq,
          runId: input.key,
          workDir,
          ...(input.signal ? { signal: input.signal } : {}),
          ...(ctx.sandbox ? { sandbox: ctx.sandbox } : {}),
        });
        const facts = readTranscript(join(workDir, `claude-${seq}.jsonl`));
        const usage = { inputTokens: facts.inputTokens, outputTokens: facts.outputTokens, costUsd: result.costUsd ?? 0, turns: result.turns ?? 0, toolCalls: facts.toolCalls.map((t) => ({ name: t.name, isError: false })) };
        if (result.ok) return { status: 'answered', text: result.text, ...usage } satisfies TrialOutput;
        if (result.subtype === 'error_max_turns' || result.subtype === 'error_max_budget_usd') return { status: 'answered', text: result.text, stop: result.subtype, ...usage };
        return { status: LIMITED.test(`${result.error ?? ''} ${result.text}`) ? 'rate-limited' : 'provider-error', text: result.text, error: result.error ?? result.subtype, ...usage };
      } finally {
        rmSync(cwd, { recursive: true, force: true });
      }
    },
  };
}
