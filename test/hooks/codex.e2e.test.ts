import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, dsctl } from '../support/cli.js';
import { runCodex, type CodexRun } from '../support/codex.js';
import { startScriptedOpenAi, type OpenAiToolCall, type ResponsesRequest, type ToolOutput } from '../support/scripted-openai.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * The real Codex CLI (`@openai/codex` 0.169.0, `codex exec`) against a scripted Responses API on
 * 127.0.0.1, in a starter project with `dsctl hooks install --codex`: its PreToolUse hook denies gated
 * writes by the shell, by apply_patch (add, move) and by a shell heredoc that Codex applies as a patch;
 * its PostToolUse hook lints what apply_patch wrote; dsctl's MCP tools are offered to the model.
 */

const patch = (body: string) => `*** Begin Patch\n${body}*** End Patch\n`;

function starter(): string {
  const dir = tempDir('dsctl-codex-');
  const init = dsctl(['init', 'app'], dir);
  expect(init.code, init.stderr).toBe(0);
  const app = join(dir, 'app');
  const install = dsctl(['hooks', 'install', '--codex', '--command', `${process.execPath} ${BIN}`], app);
  expect(install.code, install.stderr).toBe(0);
  return app;
}

/** The real CLI making one tool call a turn, as listed, then ending with "done". */
async function replay(app: string, calls: readonly OpenAiToolCall[], args: readonly string[] = []): Promise<{ outputs: (ToolOutput | undefined)[]; requests: ResponsesRequest[]; run: CodexRun }> {
  const outputs: (ToolOutput | undefined)[] = [];
  const model = await startScriptedOpenAi((request, index) => {
    if (index > 0) outputs.push(request.lastToolOutputs()[0]);
    const call = calls[index];
    return call === undefined ? { text: 'done' } : { calls: [call] };
  });
  try {
    const run = await runCodex({ cwd: app, prompt: 'Change the design system.', model, args });
    const errors = model.requests.filter((r) => r.error !== undefined).map((r) => r.error);
    const finished = run.events.some((e) => e.type === 'turn.completed');
    if (errors.length > 0 || run.code !== 0 || !finished) throw new Error(`the scripted session did not finish (exit ${run.code}): ${JSON.stringify(errors)}\n${run.stderr.slice(-4000)}`);
    return { outputs, requests: model.requests, run };
  } finally {
    await model.close();
  }
}

describe('the installed hooks govern the real Codex CLI (scripted model)', () => {
  beforeAll(() => {
    expect(existsSync(BIN), 'npm run build first').toBe(true);
  });

  it('installs hooks Codex runs: .codex/hooks.json with PreToolUse, PostToolUse and Stop', () => {
    const app = starter();
    const hooks = JSON.parse(readFileSync(join(app, '.codex/hooks.json'), 'utf8')) as { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> };
    expect(Object.keys(hooks.hooks).sort()).toEqual(['PostToolUse', 'PreToolUse', 'Stop']);
    expect(hooks.hooks.PreToolUse?.[0]).toMatchObject({ matcher: '.*', hooks: [{ command: `${process.execPath} ${BIN} hook codex pre-tool-use` }] });
  });

  it('denies gated writes by the shell, by apply_patch (add, move into a gate) and by an apply_patch heredoc; the files stay as they were', async () => {
    const app = starter();
    const rules = join(app, 'design/contracts/rules.json');
    const rulesBefore = readFileSync(rules, 'utf8');
    writeFileSync(join(app, 'examples/move-me.html'), '<p>old</p>\n');

    const { outputs } = await replay(app, [
      { name: 'exec_command', arguments: { cmd: 'echo x > design/contracts/rules.json' } },
      { name: 'apply_patch', input: patch('*** Add File: design/contracts/components/evil.contract.json\n+{}\n') },
      { name: 'apply_patch', input: patch('*** Update File: examples/move-me.html\n*** Move to: design/contracts/moved.json\n@@\n-<p>old</p>\n+<p>new</p>\n') },
      // Codex applies this patch itself rather than running a shell; its hook sees a Bash call.
      { name: 'exec_command', arguments: { cmd: "cd examples && apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: ../design/contracts/heredoc.json\n+{}\n*** End Patch\nEOF\n" } },
      { name: 'exec_command', arguments: { cmd: 'echo ok > allowed.txt' } },
    ]);
    const [shell, add, move, heredoc, allowed] = outputs;
    for (const denied of [shell, add, move, heredoc]) {
      expect(denied?.output).toContain('blocked by PreToolUse hook');
      expect(denied?.output).toContain('hard gate "contracts"');
    }
    expect(move?.output).toContain('design/contracts/moved.json');
    expect(allowed?.output).not.toContain('blocked');

    expect(readFileSync(rules, 'utf8')).toBe(rulesBefore);
    expect(existsSync(join(app, 'design/contracts/components/evil.contract.json'))).toBe(false);
    expect(existsSync(join(app, 'design/contracts/moved.json'))).toBe(false);
    expect(existsSync(join(app, 'design/contracts/heredoc.json'))).toBe(false);
    expect(readFileSync(join(app, 'examples/move-me.html'), 'utf8')).toBe('<p>old</p>\n');
    expect(readFileSync(join(app, 'allowed.txt'), 'utf8')).toBe('ok\n');
  }, 180_000);

  it('lints what apply_patch wrote to a UI file: the findings reach the model as the tool output, and Stop sends it back', async () => {
    const app = starter();
    const { outputs, requests } = await replay(app, [{ name: 'apply_patch', input: patch('*** Add File: examples/x.html\n+<p class="text-black">hi</p>\n') }]);
    expect(readFileSync(join(app, 'examples/x.html'), 'utf8')).toBe('<p class="text-black">hi</p>\n');
    // A blocking PostToolUse replaces the tool's output with its reason.
    expect(outputs[0]?.output).toContain('dsctl lint found design-system errors');
    expect(outputs[0]?.output).toMatch(/examples\/x\.html:1:\d+ [A-Z_]+: "text-black"/);
    // The model said "done" with the error still there: the Stop hook (shared with Claude Code) refuses, as a new prompt.
    const later = requests.slice(2).map((r) => r.lastUserText());
    expect(later.some((t) => t.includes('Not done: UI files you wrote this session still break the design system'))).toBe(true);
  }, 180_000);

  it("lists dsctl's MCP tools to the model (dsctl mcp as a Codex MCP server)", async () => {
    const app = starter();
    const { requests } = await replay(app, [], ['-c', `mcp_servers.dsctl.command=${JSON.stringify(process.execPath)}`, '-c', `mcp_servers.dsctl.args=${JSON.stringify([BIN, 'mcp'])}`, '-c', `mcp_servers.dsctl.cwd=${JSON.stringify(app)}`]);
    const names = requests[0]?.toolNames() ?? [];
    for (const tool of ['check_html', 'get_component', 'get_rules', 'get_token', 'list_components', 'search_tokens']) expect(names).toContain(`mcp__dsctl__${tool}`);
  }, 180_000);
});
