import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { HistorySchema } from '../../src/bench/history-schema.js';
import { connect } from '../mcp/connect.js';
import { dsctlAsync } from '../support/cli.js';
import { starterProject } from '../support/project.js';
import { startScriptedModel, type ModelReply, type ModelRequest, type ScriptedModel } from '../support/scripted-model.js';
import { installSpec, summaryOf, trialsOf } from './helpers.js';

const BADGE = '<span class="badge inline-flex items-center rounded-full font-medium bg-warning-bg text-warning-fg px-2 py-1 text-xs">Needs review</span>';
const ACTIONS = '<div class="flex items-center justify-end gap-2"><button type="button" class="btn rounded-md font-medium border border-border bg-surface text-fg hover:bg-bg-subtle h-10 px-4 gap-2 text-sm">Cancel</button><button type="submit" class="btn rounded-md font-medium bg-primary text-on-primary hover:bg-primary-hover h-10 px-4 gap-2 text-sm">Save</button></div>';
const DRAFT = '<span class="bg-[#ffcc00] px-[3px]">Needs review</span>';

const systemText = (r: ModelRequest) => (typeof r.system === 'string' ? r.system : (r.system ?? []).map((b) => b.text ?? '').join(''));
const userText = (r: ModelRequest) => {
  const first = r.messages?.[0]?.content;
  return typeof first === 'string' ? first : (first ?? []).map((b) => b.text ?? '').join('');
};

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

describe('dsctl bench run --provider anthropic against the scripted model server', () => {
  it('makes real SDK calls; tool conditions get the MCP server tools and call check_html through the MCP client', async () => {
    const app = starterProject();
    installSpec(app, (spec) => {
      spec.provider = 'anthropic';
      spec.model = 'claude-sonnet-4-5';
      spec.trials = 2;
      spec.pricing = { inputPerMTok: 3, outputPerMTok: 15 };
      delete spec.scripted;
    });
    // Tool conditions first check a rough draft with check_html, then answer the fixed version; others answer at once.
    const script = (request: ModelRequest): ModelReply => {
      const answer = userText(request).includes('badge') ? BADGE : ACTIONS;
      const tools = request.toolNames();
      if (tools.includes('check_html') && request.lastToolResults().length === 0) return { text: 'Checking a draft.', toolUse: [{ name: 'check_html', input: { source: DRAFT } }] };
      return { text: `Here it is:\n\n\`\`\`html\n${answer}\n\`\`\`` };
    };
    model = await startScriptedModel(script, { isTurn: (body) => Array.isArray(body.messages) });
    const run = await dsctlAsync(['bench', 'run', '--json'], app, { ANTHROPIC_BASE_URL: model.url, ANTHROPIC_API_KEY: 'test' });
    expect(run.code, run.stderr).toBe(0);
    const { data } = JSON.parse(run.stdout) as { data: { dir: string; protocolId: string; historyWritten: boolean } };
    const dir = join(app, data.dir);

    // Tools offered are exactly what dsctl's MCP server lists: names, descriptions, input schemas.
    const { client } = await connect(app);
    const listed = (await client.listTools()).tools;
    const turns = model.requests.filter((r) => r.endpoint.startsWith('POST /v1/messages'));
    const withTools = turns.filter((r) => systemText(r).includes('# Tools'));
    const without = turns.filter((r) => !systemText(r).includes('# Tools'));
    expect(withTools.length).toBeGreaterThan(0);
    for (const r of withTools) {
      expect(r.toolNames().sort()).toEqual(listed.map((t) => t.name).sort());
      for (const t of r.tools ?? []) expect(t.input_schema).toEqual(listed.find((l) => l.name === t.name)?.inputSchema);
    }
    for (const r of without) expect(r.tools ?? []).toEqual([]);
    // The second turn of a tool trial carries the real check_html result (the draft fails the rules).
    const results = withTools.flatMap((r) => r.lastToolResults());
    expect(results.length).toBe(3 * 2 * 2);
    for (const result of results) {
      const parsed = JSON.parse(result.content) as { passed: boolean; errorCount: number };
      expect(parsed.passed).toBe(false);
      expect(parsed.errorCount).toBeGreaterThan(0);
    }
    expect(turns.every((r) => r.model === 'claude-sonnet-4-5')).toBe(true);

    const trials = trialsOf(dir);
    expect(trials).toHaveLength(2 * 6 * 2);
    for (const t of trials) {
      expect(t.status).toBe('scored');
      expect(t.passed, t.key).toBe(true);
      expect(t.inputTokens + t.outputTokens).toBeGreaterThan(0);
      expect(t.toolCalls).toEqual(['mcp-raw', 'full', 'mcp-only'].includes(t.condition) ? [{ name: 'check_html', isError: false }] : []);
      expect(t.turns).toBe(['mcp-raw', 'full', 'mcp-only'].includes(t.condition) ? 2 : 1);
    }
    const provenance = JSON.parse(readFileSync(join(dir, 'provenance.json'), 'utf8')) as { provider: string; protocolId: string; scripted: boolean };
    expect(provenance).toMatchObject({ provider: 'anthropic', protocolId: data.protocolId, scripted: false });
    const report = readFileSync(join(dir, 'report.md'), 'utf8');
    expect(report).not.toContain('scripted — not evidence');
    expect(report).toContain(data.protocolId);
    // A real provider's run enters the history, keyed by its protocol id.
    expect(data.historyWritten).toBe(true);
    const history = HistorySchema.parse(JSON.parse(readFileSync(join(app, 'design/benchmarks/history.json'), 'utf8')));
    expect(history.entries).toHaveLength(1);
    expect(history.entries[0]).toEqual(summaryOf(dir));
    expect(history.entries[0]?.conditions.every((c) => c.costUsd > 0 && c.tokens > 0)).toBe(true);
  }, 120_000);
});
