import { readFileSync, writeFileSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSTRUCTIONS } from '../../src/mcp/server.js';
import { editJson } from '../support/project.js';
import { call, connect, text, type ToolResult as Result } from './connect.js';

describe('MCP server (in-process, SDK client)', () => {
  it('keeps its instructions under the 2,048 characters clients keep', () => {
    expect(INSTRUCTIONS.length).toBeLessThan(2048);
  });

  it('get_component: by id or name, any case; unknown → isError with did-you-mean', async () => {
    const { client } = await connect();
    const byName = await call(client, 'get_component', { id: 'IconButton' });
    expect(byName.structuredContent).toMatchObject({ file: 'design/contracts/components/icon-button.contract.json', component: { id: 'icon-button', name: 'IconButton' } });
    expect((await call(client, 'get_component', { id: 'BUTTON' })).structuredContent).toMatchObject({ component: { id: 'button' } });
    const missing = await call(client, 'get_component', { id: 'buton' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('did you mean "button"');
  });

  it('list_components filters by type and category', async () => {
    const { client } = await connect();
    const all = (await call(client, 'list_components', {})).structuredContent as { total: number };
    expect(all.total).toBe(8);
    const inputs = (await call(client, 'list_components', { type: 'input' })).structuredContent as { components: { id: string }[] };
    expect(inputs.components.map((c) => c.id).sort()).toEqual(['checkbox', 'text-field']);
  });

  it('get_token resolves aliases; search_tokens ranks by meaning and type', async () => {
    const { client } = await connect();
    const token = (await call(client, 'get_token', { path: 'color.semantic.light.primary' })).structuredContent;
    expect(token).toMatchObject({ type: 'color', value: '{color.brand.600}', aliasChain: ['color.brand.600'], cssVariable: '--color-primary', tokenVariable: '--color-semantic-light-primary' });
    const found = (await call(client, 'search_tokens', { query: 'danger', type: 'color' })).structuredContent as { tokens: { path: string; type: string }[] };
    expect(found.tokens.length).toBeGreaterThan(0);
    expect(found.tokens.every((t) => t.type === 'color')).toBe(true);
    expect(found.tokens[0]?.path).toContain('danger');
    expect((await call(client, 'get_token', { path: 'color.brnd.600' })).isError).toBe(true);
  });

  it('get_rules validates filters against the real vocabularies', async () => {
    const { client } = await connect();
    const manual = (await call(client, 'get_rules', { automated: false })).structuredContent as { rules: { automated: boolean }[]; total: number };
    expect(manual.total).toBe(15);
    expect(manual.rules.every((r) => !r.automated)).toBe(true);
    const unknown = await call(client, 'get_rules', { category: 'colour' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/Unknown category "colour". Known categories: .*color/);
    const badEnum = await call(client, 'get_rules', { detector: 'regex' });
    expect(badEnum.isError).toBe(true);
  });

  it('search spans tokens, components and rules', async () => {
    const { client } = await connect();
    const result = (await call(client, 'search', { query: 'dialog' })).structuredContent as { results: { kind: string; id: string }[] };
    expect(result.results[0]).toMatchObject({ kind: 'component', id: 'dialog' });
    expect(new Set(result.results.map((r) => r.kind))).toEqual(new Set(['component', 'rule', 'token']));
  });

  it('check_html: violations with places and alternatives, coverage, and next', async () => {
    const { client } = await connect();
    const bad = (await call(client, 'check_html', { source: '<div>\n  <button class="text-black">Save</button>\n</div>' })).structuredContent as {
      passed: boolean;
      violations: { ruleId: string; line: number; column: number; alternative?: string }[];
      next: string;
      coverage: { notAutomated: unknown[] };
    };
    expect(bad.passed).toBe(false);
    expect(bad.violations).toContainEqual(expect.objectContaining({ ruleId: 'COLOR_NO_RAW_BLACK_WHITE', line: 2, column: 18, alternative: expect.any(String) }));
    expect(bad.next).toMatch(/^Fix the \d+ error\(s\)/);
    const good = (await call(client, 'check_html', { source: 'export const A = () => <button type="button" className="btn">Save</button>;', sourceType: 'tsx' })).structuredContent as { passed: boolean; label: string; next: string };
    expect(good).toMatchObject({ passed: true, label: 'lint-clean draft' });
    expect(good.next).toContain('not brand-approved');
  });

  it('check_html refuses a 10 MB source with a clear isError, and keeps serving', async () => {
    const { client } = await connect();
    const huge = await call(client, 'check_html', { source: `<p>${'x'.repeat(10_000_000)}</p>` });
    expect(huge.isError).toBe(true);
    expect(text(huge)).toContain('over the 1048576 of lint.maxFileSize');
    expect((await call(client, 'check_html', { source: '<p>ok</p>' })).structuredContent).toMatchObject({ passed: true });
  });

  it.each([
    ['a missing argument', 'get_component', {}],
    ['a wrong-typed argument', 'get_token', { path: 42 }],
    ['an unknown sourceType', 'check_html', { source: '<p></p>', sourceType: 'svelte' }],
    ['an unknown tool', 'no_such_tool', {}],
  ])('answers %s with an error and keeps serving', async (_name, tool, args) => {
    const { client } = await connect();
    const outcome = await client.callTool({ name: tool, arguments: args }).then(
      (r) => ({ isError: (r as Result).isError === true, message: text(r as Result) }),
      (e: Error) => ({ isError: true, message: e.message }),
    );
    expect(outcome.isError).toBe(true);
    expect(outcome.message.length).toBeGreaterThan(10);
    expect((await call(client, 'list_components', {})).isError).toBeFalsy();
  });

  it('serves every resource and the component template (listed)', async () => {
    const { client } = await connect();
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(expect.arrayContaining(['dsctl://design-constitution', 'dsctl://tokens', 'dsctl://rules', 'dsctl://components', 'dsctl://components/button']));
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['dsctl://components/{id}']);
    const read = async (uri: string) => ((await client.readResource({ uri })).contents[0] as { text: string }).text;
    expect(await read('dsctl://design-constitution')).toContain('# Tessera');
    expect(JSON.parse(await read('dsctl://tokens')).tokens.length).toBe(126);
    expect(JSON.parse(await read('dsctl://rules')).rules.length).toBe(45);
    expect(JSON.parse(await read('dsctl://components')).components.length).toBe(8);
    expect(JSON.parse(await read('dsctl://components/tabs')).id).toBe('tabs');
    await expect(client.readResource({ uri: 'dsctl://components/nope' })).rejects.toMatchObject({ code: -32002, message: expect.stringContaining('No component "nope"') });
    await expect(client.readResource({ uri: 'dsctl://nothing' })).rejects.toMatchObject({ code: -32002 });
  });

  it('reloads the contracts when a file changes during a session', async () => {
    const { client, dir } = await connect();
    expect((await call(client, 'check_html', { source: '<p class="italic">x</p>' })).structuredContent).toMatchObject({ passed: true });
    editJson<{ rules: Record<string, unknown>[] }>(dir, 'design/contracts/rules.json', (r) => {
      r.rules.push({ id: 'NO_ITALIC', category: 'typography', severity: 'error', description: 'No italics.', detector: 'tailwind-class', matchPatterns: ['italic'], automationStatus: 'auto' });
    });
    const future = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'design/contracts/rules.json'), future, future);
    const after = (await call(client, 'check_html', { source: '<p class="italic">x</p>' })).structuredContent as { passed: boolean; violations: { ruleId: string }[] };
    expect(after.passed).toBe(false);
    expect(after.violations.map((v) => v.ruleId)).toEqual(['NO_ITALIC']);
  });

  it('says clearly when the contracts are broken mid-edit', async () => {
    const { client, dir } = await connect();
    writeFileSync(join(dir, 'design/contracts/rules.json'), readFileSync(join(dir, 'design/contracts/rules.json'), 'utf8').replace('"version"', '"version": "x", "bogus"'));
    const future = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'design/contracts/rules.json'), future, future);
    const result = await call(client, 'list_components', {});
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/contracts|rules\.json/);
  });
});

describe('the public MCP contract is pinned', () => {
  it('matches test/golden/mcp-contract.json (change that file on purpose to change the contract)', async () => {
    const { client } = await connect();
    const { tools } = await client.listTools();
    const { resources } = await client.listResources();
    const { resourceTemplates } = await client.listResourceTemplates();
    const contract = {
      tools: tools.map((t) => ({ name: t.name, inputSchema: t.inputSchema, outputSchema: t.outputSchema, annotations: t.annotations })),
      resources: resources.filter((r) => !r.uri.startsWith('dsctl://components/')).map((r) => r.uri),
      resourceTemplates: resourceTemplates.map((t) => t.uriTemplate),
    };
    const golden = new URL('../golden/mcp-contract.json', import.meta.url);
    if (process.env.UPDATE_GOLDEN === '1') writeFileSync(golden, `${JSON.stringify(contract, null, 2)}\n`);
    expect(contract).toEqual(JSON.parse(readFileSync(golden, 'utf8')));
  });
});
