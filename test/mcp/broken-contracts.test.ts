import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { editJson, starterProject } from '../support/project.js';
import { call, connect, text } from './connect.js';

/** Valid arguments for every tool: with sound contracts each of them answers without isError. */
const ARGS: Record<string, Record<string, unknown>> = {
  check_html: { source: '<p>ok</p>' },
  get_component: { id: 'button' },
  get_rules: {},
  get_token: { path: 'spacing.4' },
  list_components: {},
  search: { query: 'button' },
  search_tokens: { query: 'muted' },
};

/** Writes a file with a later mtime, so the stamp cache sees the change even within one clock tick. */
function write(dir: string, rel: string, content: string, ageMs: number): void {
  writeFileSync(join(dir, rel), content);
  const when = new Date(Date.now() + ageMs);
  utimesSync(join(dir, rel), when, when);
}

const BREAKAGES: { name: string; file: string; edit: (text: string) => string; located: RegExp }[] = [
  {
    name: 'an unknown key in rules.json (schema)',
    file: 'design/contracts/rules.json',
    edit: (t) => t.replace('"version"', '"bogus": true, "version"'),
    located: /^design\/contracts\/rules\.json:\d+:\d+ \/bogus {2}\S/m,
  },
  {
    name: 'a component naming an unknown rule (cross-reference)',
    file: 'design/contracts/components/button.contract.json',
    edit: (t) => {
      const contract = JSON.parse(t) as { rules: string[] };
      contract.rules = ['NO_SUCH_RULE', ...contract.rules];
      return `${JSON.stringify(contract, null, 2)}\n`;
    },
    located: /^design\/contracts\/components\/button\.contract\.json:\d+:\d+ \/rules\/0 {2}.*NO_SUCH_RULE/m,
  },
  {
    name: 'malformed JSON in tokens.json',
    file: 'design/contracts/tokens.json',
    edit: (t) => `${t.trimEnd().slice(0, -1)}\n`,
    located: /^design\/contracts\/tokens\.json:\d+:\d+ {2}invalid JSON/m,
  },
];

describe('MCP server with broken contracts', () => {
  it.each(BREAKAGES)('starts with $name; every tool says where; fixing the file brings the tools back', async ({ file, edit, located }) => {
    const dir = starterProject();
    const original = readFileSync(join(dir, file), 'utf8');
    write(dir, file, edit(original), 5_000);

    const { client } = await connect(dir);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(Object.keys(ARGS));

    for (const [name, args] of Object.entries(ARGS)) {
      const result = await call(client, name, args);
      expect(result.isError, name).toBe(true);
      expect(result.structuredContent, name).toBeUndefined();
      expect(text(result), name).toMatch(/^dsctl cannot answer: the design system has .*do not edit them/);
      expect(text(result), name).toMatch(located);
    }

    write(dir, file, original, 10_000);
    for (const [name, args] of Object.entries(ARGS)) {
      const result = await call(client, name, args);
      expect(result.isError, `${name}: ${text(result)}`).toBeFalsy();
    }
  });

  it('breaks and heals within one session, as a person edits the rules', async () => {
    const { client, dir } = await connect();
    const file = 'design/contracts/rules.json';
    const original = readFileSync(join(dir, file), 'utf8');
    expect((await call(client, 'get_rules', {})).isError).toBeFalsy();
    write(dir, file, original.replace('"severity": "error"', '"severity": "fatal"'), 5_000);
    const broken = await call(client, 'get_rules', {});
    expect(broken.isError).toBe(true);
    expect(text(broken)).toMatch(/^design\/contracts\/rules\.json:\d+:\d+ \/rules\/\d+\/severity {2}/m);
    write(dir, file, original, 10_000);
    expect((await call(client, 'get_rules', {})).structuredContent).toMatchObject({ total: 45 });
  });

  it('lists at most 50 problems and says how many more there are', async () => {
    const dir = starterProject();
    editJson<{ rules: Record<string, unknown>[] }>(dir, 'design/contracts/rules.json', (r) => {
      for (const rule of r.rules) Object.assign(rule, { severity: 'fatal', automationStatus: 'sometimes' });
    });
    const { client } = await connect(dir);
    const lines = text(await call(client, 'list_components', {})).split('\n');
    expect(lines.filter((l) => l.startsWith('design/contracts/rules.json:'))).toHaveLength(50);
    expect(lines[0]).toContain('the design system has 90 contract error(s)');
    expect(lines.at(-1)).toBe('… and 40 more: run `dsctl check` for all of them.');
  });

  it('resources: the constitution and the lists still answer; contract reads are a -32603 that locates the problem', async () => {
    const dir = starterProject();
    write(dir, 'design/contracts/rules.json', readFileSync(join(dir, 'design/contracts/rules.json'), 'utf8').replace('"version"', '"bogus": 1, "version"'), 5_000);
    const { client } = await connect(dir);
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['dsctl://design-constitution', 'dsctl://tokens', 'dsctl://rules', 'dsctl://components']);
    expect(((await client.readResource({ uri: 'dsctl://design-constitution' })).contents[0] as { text: string }).text).toContain('# Tessera');
    for (const uri of ['dsctl://rules', 'dsctl://tokens', 'dsctl://components', 'dsctl://components/button']) {
      const error = await client.readResource({ uri }).then(
        () => undefined,
        (e: { code: number; message: string }) => e,
      );
      expect(error, uri).toMatchObject({ code: -32603 });
      expect(error?.message, uri).toMatch(/design\/contracts\/rules\.json:\d+:\d+ \/bogus/);
    }
  });
});
