import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ARMS, armById } from '../../src/bench/ablation/arms.js';
import { contaminationFlags } from '../../src/bench/ablation/contamination.js';
import { armTable } from '../../src/bench/ablation/table.js';
import { CONDITIONS, conditionContext, quickReference } from '../../src/bench/conditions.js';
import { inShard, parseShard, trialMatrix } from '../../src/bench/matrix.js';
import { openMcpTools } from '../../src/bench/mcp-tools.js';
import { createProvider } from '../../src/bench/providers/index.js';
import { PROVIDER_IDS } from '../../src/bench/providers/provider.js';
import { extractSource, scoreAnswer } from '../../src/bench/scorer.js';
import { BenchSpecSchema } from '../../src/bench/spec.js';
import { readTranscript } from '../../src/bench/transcript.js';
import { createLinter } from '../../src/lint/engine.js';
import { loadValidProject } from '../../src/project/project.js';
import { BIN } from '../support/cli.js';
import { sharedStarterProject } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';

const app = sharedStarterProject();

describe('benchmark conditions', () => {
  it.each([
    ['cold', [], ['Answer with the complete UI source']],
    ['designmd', ['designmd'], ['# DESIGN.md', '## Quick Reference']],
    ['contracts', ['designmd', 'contracts'], ['# Component contracts', '## Button (interactive)']],
    ['mcp-raw', ['designmd', 'contracts', 'tools'], ['# Tools']],
    ['full', ['designmd', 'contracts', 'tools', 'instructions'], ['# How to work', 'check_html']],
    ['mcp-only', ['quickref', 'tools'], ['# Quick Reference (from DESIGN.md)', '# Tools']],
  ])('%s', (id, parts, contains) => {
    const condition = CONDITIONS.find((c) => c.id === id);
    expect(condition?.parts).toEqual(parts);
    const text = conditionContext(loadValidProject({ cwd: app }), condition!);
    for (const s of contains) expect(text).toContain(s);
    if (id === 'cold') expect(text).not.toContain('DESIGN.md');
    if (id === 'mcp-only') expect(text).not.toContain('# DESIGN.md');
  });

  it('quick reference is the section up to the next level-2 heading', () => {
    expect(quickReference('# T\n## Principles\np\n## Quick Reference\nA\n### sub\nB\n## Components\nC')).toBe('A\n### sub\nB');
    expect(quickReference('# none')).toBe('');
  });

  it("tools come from dsctl's MCP server through the SDK client", async () => {
    const mcp = await openMcpTools({ dsctlBin: BIN, root: app, configPath: join(app, 'dsctl.config.json') });
    try {
      expect(mcp.tools.map((t) => t.name)).toContain('check_html');
      const result = await mcp.call('check_html', { source: '<p class="text-[#123456]">x</p>' });
      expect(result.isError).toBe(false);
      expect(JSON.parse(result.text)).toMatchObject({ passed: false });
      expect((await mcp.call('no_such_tool', {})).isError).toBe(true);
      expect(mcp.instructions).toContain('check_html');
      const full = conditionContext(loadValidProject({ cwd: app }), CONDITIONS.find((c) => c.id === 'full')!, mcp.instructions);
      expect(full).toContain(mcp.instructions);
    } finally {
      await mcp.close();
    }
  });
});

describe('benchmark providers', () => {
  it('are registered by id', () => {
    expect([...PROVIDER_IDS]).toEqual(['anthropic', 'claude-code', 'scripted']);
  });

  it('scripted: exact key, then condition/*, */task, */*; lists cycle per trial', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'answers.json'), JSON.stringify({ answers: { 'full/a': ['x', 'y'], 'full/*': 'f', '*/b': { refusal: true, text: 'no' }, '*/*': { rateLimit: true } } }));
    const spec = BenchSpecSchema.parse({ provider: 'scripted', model: 's', scripted: { answers: 'answers.json' }, tasks: [{ id: 'a', prompt: 'p' }] });
    const provider = await createProvider('scripted', { project: loadValidProject({ cwd: app }), spec, specPath: join(dir, 'spec.json'), workDir: dir });
    const ask = (condition: string, task: string, trial: number) => provider.run({ key: `${condition}/${task}/${trial}`, condition, task: { ...spec.tasks[0]!, id: task }, trial, system: '', prompt: '', tools: undefined });
    expect(provider.scripted).toBe(true);
    expect((await ask('full', 'a', 0)).text).toBe('x');
    expect((await ask('full', 'a', 3)).text).toBe('y');
    expect((await ask('full', 'c', 0)).text).toBe('f');
    expect((await ask('cold', 'b', 0)).status).toBe('refusal');
    expect((await ask('cold', 'c', 0)).status).toBe('rate-limited');
  });
});

describe('the scorer', () => {
  it('lints the first fenced block with the same lint(); patterns and signals weigh in', async () => {
    const project = loadValidProject({ cwd: app });
    const linter = await createLinter(project);
    const task = { id: 't', prompt: 'p', filename: 'answer.html', required: ['Save'], forbidden: ['style='], signals: ['class="btn\\b'] };
    expect(extractSource('Sure:\n```html\n<b>x</b>\n```\nbye')).toBe('<b>x</b>');
    const clean = scoreAnswer(linter, task, '```html\n<button type="button" class="btn rounded-md font-medium bg-primary text-on-primary hover:bg-primary-hover h-10 px-4 gap-2 text-sm">Save</button>\n```');
    expect(clean).toMatchObject({ score: 1, passed: true, errors: 0 });
    const dirty = scoreAnswer(linter, task, '<button class="bg-[#0055ff]" style="x">Go</button>');
    expect(dirty.passed).toBe(false);
    expect(dirty.errors).toBeGreaterThan(0);
    expect(dirty.checks.filter((c) => !c.ok).map((c) => c.id)).toEqual(expect.arrayContaining(['no-lint-errors', 'required:Save', 'forbidden:style=', 'signal:class="btn\\b']));
    expect(scoreAnswer(linter, task, '   ')).toMatchObject({ score: 0, passed: false, checks: [{ id: 'answered', ok: false }] });
  });
});

describe('the trial matrix', () => {
  it('shards are disjoint and cover the matrix', () => {
    const spec = { tasks: [{ id: 'a' }, { id: 'b' }], conditions: ['cold', 'full'], trials: 3 } as Parameters<typeof trialMatrix>[0];
    const all = trialMatrix(spec);
    expect(all).toHaveLength(12);
    expect(all[0]).toEqual({ index: 0, key: 'cold/a/0', condition: 'cold', task: 'a', trial: 0 });
    const shards = [1, 2, 3].map((k) => all.filter((s) => inShard(s, { k, n: 3 })).map((s) => s.index));
    expect(shards.flat().sort((x, y) => x - y)).toEqual(all.map((s) => s.index));
    expect(parseShard('2/5')).toEqual({ k: 2, n: 5 });
    for (const bad of ['0/2', '3/2', 'a/b', '1']) expect(() => parseShard(bad)).toThrow(/--shard must be k\/n/);
  });
});

describe('ablation arms', () => {
  const config = loadValidProject({ cwd: app }).config;
  it.each([
    ['bare', ['AGENTS.md', 'design/contracts/rules.json', 'design/schemas/**', 'docs/loop-playbook.md', '.dsctl/**'], false],
    ['context', ['docs/loop-playbook.md', '.dsctl/**'], false],
    ['index', ['docs/loop-playbook.md', '*/**/AGENTS.md'], false],
    ['full', [], true],
  ])('%s', (id, removes, loop) => {
    const arm = armById(id);
    expect(arm.loop).toBe(loop);
    for (const glob of removes) expect(arm.remove(config)).toContain(glob);
    if (id !== 'bare') expect(arm.remove(config)).not.toContain('design/contracts/rules.json');
  });
  it('are the four of the harness ablation', () => expect(ARMS.map((a) => a.id)).toEqual(['bare', 'context', 'index', 'full']));

  it('the table: per arm and per risk tier, $/clean null without a clean run', () => {
    const run = (arm: string, risk: 'interactive' | 'display', clean: boolean, costUsd: number) => ({ arm, risk, clean, costUsd, tokens: 10, counted: true });
    const rows = armTable([run('a', 'display', true, 1), run('a', 'interactive', false, 2), run('a', 'interactive', true, 1)], ['a']);
    expect(rows).toEqual([
      { arm: 'a', runs: 3, clean: 2, cleanRate: 0.666667, costUsd: 4, costPerClean: 2, tokens: 30 },
      { arm: 'a', risk: 'interactive', runs: 2, clean: 1, cleanRate: 0.5, costUsd: 3, costPerClean: 3, tokens: 20 },
      { arm: 'a', risk: 'display', runs: 1, clean: 1, cleanRate: 1, costUsd: 1, costPerClean: 1, tokens: 10 },
    ]);
    expect(armTable([run('b', 'display', false, 1)], ['b'])[0]?.costPerClean).toBeNull();
  });

  it.each([
    [{ toolCalls: [{ name: 'WebFetch', input: {} }] }, ['network:WebFetch']],
    [{ toolCalls: [{ name: 'Bash', input: { command: 'curl https://example.com' } }] }, ['network:Bash']],
    [{ toolCalls: [{ name: 'Bash', input: { command: 'git log -p -- src/Badge.tsx' } }] }, ['history:Bash']],
    [{ toolCalls: [{ name: 'Read', input: { file_path: '/ws/.git/ORIG_HEAD' } }] }, ['history:Read']],
    [{ mcpServers: ['figma'], toolCalls: [{ name: 'mcp__figma__get', input: {} }] }, ['mcp-server:figma', 'mcp-tool:mcp__figma__get']],
    [{ model: 'claude-haiku-4-5' }, ['model:claude-haiku-4-5']],
    [{ model: 'claude-sonnet-4-5-20250929', toolCalls: [{ name: 'Write', input: { file_path: 'src/Badge.tsx' } }] }, []],
  ])('contamination %#', (facts, flags) => {
    expect(contaminationFlags({ mcpServers: [], toolCalls: [], inputTokens: 0, outputTokens: 0, ...facts }, { model: 'claude-sonnet-4-5', mcpServers: [] })).toEqual(flags);
  });

  it('reads a Claude Code stream-json transcript', () => {
    const file = join(tempDir(), 'claude-0.jsonl');
    const lines = [
      { type: 'system', subtype: 'init', model: 'claude-sonnet-4-5', mcp_servers: [{ name: 'dsctl', status: 'connected' }] },
      { type: 'assistant', message: { content: [{ type: 'text', text: 'hi' }, { type: 'tool_use', id: 't', name: 'Write', input: { file_path: 'a' } }] } },
      { type: 'result', subtype: 'success', usage: { input_tokens: 120, output_tokens: 30 } },
    ];
    writeFileSync(file, lines.map((l) => JSON.stringify(l)).join('\n') + '\nnot json\n');
    expect(readTranscript(file)).toEqual({ model: 'claude-sonnet-4-5', mcpServers: ['dsctl'], toolCalls: [{ name: 'Write', input: { file_path: 'a' } }], inputTokens: 120, outputTokens: 30 });
    expect(readTranscript(join(tempDir(), 'none.jsonl')).toolCalls).toEqual([]);
  });
});
