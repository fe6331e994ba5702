import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dsctlAsync } from '../support/cli.js';
import { CLAUDE, CLAUDE_TEST_MODEL, claudeEnv } from '../support/claude-code.js';
import { editJson, starterProject } from '../support/project.js';
import { startScriptedModel, type ScriptedModel } from '../support/scripted-model.js';
import { tempDir } from '../support/temp-dir.js';
import { installSpec, trialsOf } from './helpers.js';

const BADGE = '<span class="badge inline-flex items-center rounded-full font-medium bg-warning-bg text-warning-fg px-2 py-1 text-xs">Needs review</span>';

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe('dsctl bench run --provider claude-code (real CLI, scripted model)', () => {
  it("runs each trial as a sandboxed session; tool conditions get dsctl's MCP server only", async () => {
    const app = starterProject();
    editJson(app, 'dsctl.config.json', (config) => {
      config.agent = { driver: 'claude-code', claudeCode: { command: CLAUDE } };
    });
    installSpec(app, (spec) => {
      spec.provider = 'claude-code';
      spec.model = CLAUDE_TEST_MODEL;
      spec.trials = 1;
      spec.conditions = ['cold', 'mcp-raw'];
      spec.tasks = [(spec.tasks as unknown[])[0]];
      delete spec.scripted;
    });
    model = await startScriptedModel((request) => {
      const tools = request.toolNames();
      if (tools.includes('mcp__dsctl__check_html') && request.lastToolResults().length === 0) return { toolUse: [{ name: 'mcp__dsctl__check_html', input: { source: BADGE } }] };
      return { text: `\`\`\`html\n${BADGE}\n\`\`\`` };
    });
    const run = await dsctlAsync(['bench', 'run', '--json'], app, { ...claudeEnv(model, tempDir('dsctl-claude-home-')), CI: '' }, 150_000);
    expect(model.requests.filter((r) => r.error !== undefined).map((r) => r.error)).toEqual([]);
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const { data } = JSON.parse(run.stdout) as { data: { dir: string } };
    const trials = trialsOf(join(app, data.dir));
    expect(trials.map((t) => `${t.key} ${t.status} ${t.passed}`)).toEqual(['cold/badge/0 scored true', 'mcp-raw/badge/0 scored true']);
    expect(trials[0]?.toolCalls).toEqual([]);
    expect(trials[1]?.toolCalls).toEqual([{ name: 'mcp__dsctl__check_html', isError: false }]);
    for (const t of trials) expect(t.costUsd).toBeGreaterThan(0);
    const turns = model.scriptTurns();
    const mcpNames = (names: string[]) => names.filter((n) => n.startsWith('mcp__'));
    expect(mcpNames(turns[0]?.toolNames() ?? [])).toEqual([]);
    expect(mcpNames(turns[1]?.toolNames() ?? [])).toEqual(expect.arrayContaining(['mcp__dsctl__check_html']));
    expect(mcpNames(turns[1]?.toolNames() ?? []).every((n) => n.startsWith('mcp__dsctl__'))).toBe(true);
    // The check_html answer came from dsctl's server, through the session.
    expect(JSON.parse(turns[2]?.lastToolResults()[0]?.content ?? '{}')).toMatchObject({ passed: true });
    const provenance = JSON.parse(readFileSync(join(app, data.dir, 'provenance.json'), 'utf8')) as { sandbox?: string; provider: string };
    expect(provenance).toMatchObject({ provider: 'claude-code', sandbox: 'bubblewrap' });
  }, 180_000);
});
