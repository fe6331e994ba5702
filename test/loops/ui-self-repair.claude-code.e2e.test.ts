import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAUDE, CLAUDE_TEST_MODEL, claudeEnv } from '../support/claude-code.js';
import { BIN, dsctl, dsctlAsync } from '../support/cli.js';
import { starterRepo } from '../support/git-repo.js';
import { editJson } from '../support/project.js';
import { startScriptedModel, type ScriptedModel } from '../support/scripted-model.js';
import { tempDir } from '../support/temp-dir.js';

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

const BAD = '<main class="p-4">\n  <h1 class="text-black">Billing</h1>\n</main>\n';
const CLEAN = '<main class="p-4">\n  <h1 class="text-fg">Billing</h1>\n</main>\n';

describe('W1 with the real Claude Code CLI driver (scripted model)', () => {
  it('the model writes a violation, gets the lint findings in its resumed session, writes a clean page; the record carries cost and turns', async () => {
    const { app } = starterRepo('dsctl-w1-claude-');
    editJson(app, 'dsctl.config.json', (config) => {
      config.agent = { driver: 'claude-code', claudeCode: { command: CLAUDE, model: CLAUDE_TEST_MODEL } };
    });
    const page = join(app, 'examples/billing.html');
    model = await startScriptedModel((request) => {
      const prompt = request.lastUserText();
      const results = request.lastToolResults();
      if (prompt.includes('Write the result to examples/billing.html')) return { toolUse: [{ name: 'Write', input: { file_path: page, content: BAD } }] };
      if (prompt.includes('dsctl lint found')) return { toolUse: [{ name: 'Read', input: { file_path: page } }] };
      const last = results[0];
      if (last && !last.isError && last.content.includes('text-black')) return { toolUse: [{ name: 'Write', input: { file_path: page, content: CLEAN } }] };
      return { text: 'done' };
    });

    const env = claudeEnv(model, tempDir('dsctl-claude-home-'));
    const run = await dsctlAsync(['run', 'ui-self-repair', '--target', 'examples/billing.html', '--prompt', 'A billing page heading', '--json'], app, { ...env, CI: '' });
    expect(model.requests.filter((r) => r.error !== undefined).map((r) => r.error)).toEqual([]);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const { data } = JSON.parse(run.stdout) as {
      data: { status: string; record: { attempts: number; agent: { driver: string; session_id: string; turns: number; cost_usd: number } }; result: { label: string } };
    };
    expect(data.status).toBe('passed');
    expect(data.result.label).toBe('lint-clean draft / brand not approved');
    expect(data.record.attempts).toBe(1);
    expect(readFileSync(page, 'utf8')).toBe(CLEAN);

    // The repair turn was the same session, resumed, and it carried the finding with its alternative.
    const turns = model.scriptTurns();
    // The session got dsctl's own MCP server (not the project's .mcp.json, which runs npx).
    expect(turns[0]?.toolNames()).toEqual(expect.arrayContaining(['mcp__dsctl__check_html', 'mcp__dsctl__get_rules', 'Write']));
    const repair = turns.find((t) => t.lastUserText().includes('dsctl lint found'));
    expect(repair?.lastUserText()).toMatch(/examples\/billing\.html:2:\d+ {2}error {2}COLOR_NO_RAW_BLACK_WHITE .*\(use: /);
    expect(JSON.stringify(repair?.messages)).toContain('Write the result to examples/billing.html');

    const { agent } = data.record;
    expect(agent.driver).toBe('claude-code');
    expect(agent.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(agent.turns).toBeGreaterThanOrEqual(4);
    expect(agent.cost_usd).toBeGreaterThan(0);
    expect(dsctl(['audit', 'verify'], app).code).toBe(0);
  }, 120_000);

  it("runs the session inside dsctl's sandbox, with the project's Claude Code sandbox on: Bash works, a gated write does not land", async () => {
    const { app } = starterRepo('dsctl-w1-claude-sandbox-');
    editJson(app, 'dsctl.config.json', (config) => {
      config.agent = { driver: 'claude-code', claudeCode: { command: CLAUDE, model: CLAUDE_TEST_MODEL } };
    });
    expect(dsctl(['hooks', 'install', '--claude', '--command', `${process.execPath} ${BIN}`], app).code).toBe(0);
    const agents = readFileSync(join(app, 'AGENTS.md'), 'utf8');
    const page = join(app, 'examples/billing.html');
    const shell: string[] = [];
    model = await startScriptedModel((request, index) => {
      if (index > 0) shell.push(request.lastToolResults()[0]?.content ?? '');
      if (index === 0) return { toolUse: [{ name: 'Bash', input: { command: 'echo ok > examples/note.txt && cat examples/note.txt', description: 'an ordinary write' } }] };
      if (index === 1) return { toolUse: [{ name: 'Bash', input: { command: "python3 -c \"open('AGENT'+'S.md','w').write('x')\"", description: 'a write no hook can read' } }] };
      if (index === 2) return { toolUse: [{ name: 'Write', input: { file_path: page, content: CLEAN } }] };
      return { text: 'done' };
    });
    const env = claudeEnv(model, tempDir('dsctl-claude-home-'));
    const run = await dsctlAsync(['run', 'ui-self-repair', '--target', 'examples/billing.html', '--prompt', 'A billing page heading', '--json'], app, { ...env, CI: '' });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const { data } = JSON.parse(run.stdout) as { data: { status: string; record: { sandbox: string } } };
    expect(data).toMatchObject({ status: 'passed', record: { sandbox: 'bubblewrap' } });
    expect(shell[0]).toContain('ok');
    expect(readFileSync(join(app, 'examples/note.txt'), 'utf8')).toBe('ok\n');
    expect(readFileSync(join(app, 'AGENTS.md'), 'utf8')).toBe(agents);
    expect(readFileSync(page, 'utf8')).toBe(CLEAN);
  }, 120_000);
});
