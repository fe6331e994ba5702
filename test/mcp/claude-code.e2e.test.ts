import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runClaudeCode, type ClaudeRun } from '../support/claude-code.js';
import { BIN, dsctl } from '../support/cli.js';
import { writeJson } from '../support/project.js';
import { startScriptedModel, type ScriptedModel, type ToolResult } from '../support/scripted-model.js';
import { tempDir } from '../support/temp-dir.js';

const TOOL = 'mcp__dsctl__check_html';

interface CheckResult {
  readonly passed: boolean;
  readonly label: string;
  readonly errorCount: number;
  readonly violations: readonly { readonly ruleId: string; readonly line: number; readonly column: number; readonly alternative?: string }[];
  readonly next: string;
}

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

/** A fresh `dsctl init app` whose .mcp.json runs this checkout's built binary. */
function project(): string {
  const dir = tempDir('dsctl-claude-mcp-');
  const init = dsctl(['init', 'app'], dir);
  expect(init.code, init.stderr).toBe(0);
  const app = join(dir, 'app');
  writeJson(app, '.mcp.json', { mcpServers: { dsctl: { command: process.execPath, args: [BIN, 'mcp'] } } });
  return app;
}

/**
 * Claude Code, driven by a scripted model, calls dsctl's check_html over MCP with `source`;
 * returns the run and the tool result the model received in turn 2.
 */
async function checkThroughClaude(source: string): Promise<{ run: ClaudeRun; received: ToolResult; check: CheckResult }> {
  const cwd = project();
  let received: ToolResult | undefined;
  model = await startScriptedModel((request, index) => {
    if (index === 0) {
      if (!request.toolNames().includes(TOOL)) throw new Error(`${TOOL} is not offered to the model; tools: ${request.toolNames().join(', ')}`);
      return { toolUse: [{ name: TOOL, input: { source } }] };
    }
    received = request.lastToolResults()[0];
    return { text: 'ok' };
  });

  const run = await runClaudeCode({
    cwd,
    prompt: 'Check this button against the design system.',
    model,
    args: ['--mcp-config', '.mcp.json', '--strict-mcp-config', '--allowedTools', TOOL, '--permission-mode', 'acceptEdits'],
  });

  const failed = model.requests.filter((r) => r.error !== undefined).map((r) => r.error);
  expect(failed, 'the script failed').toEqual([]);
  expect(run.result, run.stderr + run.stdout).toMatchObject({ subtype: 'success', is_error: false, result: 'ok', num_turns: 2, permission_denials: [] });
  expect(model.scriptTurns()).toHaveLength(2);
  expect(received, 'turn 2 carried no tool_result').toBeDefined();
  const result = received as ToolResult;
  expect(result, result.raw).toMatchObject({ toolUseId: 'toolu_turn_0_0', isError: false });
  return { run, received: result, check: JSON.parse(result.content) as CheckResult };
}

describe('Claude Code calling dsctl mcp (real CLI, scripted model, built binary)', () => {
  it('the model receives check_html violations for raw black and a button without type', async () => {
    const { check } = await checkThroughClaude('<button class="text-black">Save</button>');

    expect(check.passed).toBe(false);
    expect(check.errorCount).toBeGreaterThanOrEqual(1);
    expect(check.violations).toContainEqual(expect.objectContaining({ ruleId: 'COLOR_NO_RAW_BLACK_WHITE', line: 1, alternative: expect.any(String) }));
    expect(check.violations).toContainEqual(expect.objectContaining({ ruleId: 'A11Y_BUTTON_TYPE', line: 1 }));
    expect(check.next).toContain('check_html again');
  }, 90_000);

  it('the model receives a lint-clean draft for a clean button', async () => {
    const { check } = await checkThroughClaude('<button type="button" class="btn">Save</button>');

    expect(check).toMatchObject({ passed: true, label: 'lint-clean draft', errorCount: 0, violations: [] });
  }, 90_000);
});
