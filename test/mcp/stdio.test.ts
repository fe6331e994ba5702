import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { BIN } from '../support/cli.js';
import { starterProject } from '../support/project.js';

const INSPECTOR = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/inspector/cli/build/cli.js', import.meta.url));

describe('dsctl mcp over stdio (built binary)', () => {
  it('talks to the SDK client: tools, a check, a resource', async () => {
    const dir = starterProject();
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: dir, stderr: 'pipe' });
    const client = new Client({ name: 'stdio-test', version: '1' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['check_html', 'get_component', 'get_rules', 'get_token', 'list_components', 'search', 'search_tokens']);
      expect(tools.every((t) => t.annotations?.readOnlyHint === true)).toBe(true);
      const result = (await client.callTool({ name: 'check_html', arguments: { source: '<img src="a.png">' } })) as unknown as { structuredContent: { passed: boolean; violations: { ruleId: string }[] } };
      expect(result.structuredContent.passed).toBe(false);
      expect(result.structuredContent.violations.map((v) => v.ruleId)).toContain('A11Y_IMG_ALT');
      const resource = await client.readResource({ uri: 'dsctl://components/badge' });
      expect(JSON.parse((resource.contents[0] as { text: string }).text).id).toBe('badge');
    } finally {
      await client.close();
    }
  });

  it('answers 200 malformed messages in a row and then still serves correctly', async () => {
    const dir = starterProject();
    const child = spawn(process.execPath, [BIN, 'mcp'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    const lines = createInterface({ input: child.stdout });
    const received: Record<string, unknown>[] = [];
    lines.on('line', (line) => received.push(JSON.parse(line) as Record<string, unknown>));
    const malformed = ['not json', '{"jsonrpc":"2.0"', '{"hello":"world"}', '[]', '{"jsonrpc":"2.0","id":1,"method":42}'];
    for (let i = 0; i < 200; i++) child.stdin.write(`${malformed[i % malformed.length]}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 'init', method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 'list', method: 'tools/list' })}\n`);
    const deadline = Date.now() + 15_000;
    while (!received.some((m) => m.id === 'list') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    child.stdin.end();
    await once(child, 'exit');
    const errors = received.filter((m) => m.id === null);
    expect(errors).toHaveLength(200);
    expect(errors[0]).toMatchObject({ error: { code: -32700, message: expect.stringContaining('Parse error') } });
    expect(errors[2]).toMatchObject({ error: { code: -32600 } });
    const list = received.find((m) => m.id === 'list') as { result: { tools: unknown[] } } | undefined;
    expect(list?.result.tools).toHaveLength(7);
  });

  it('lists its tools through the MCP Inspector CLI', () => {
    const dir = starterProject();
    const run = spawnSync(process.execPath, [INSPECTOR, '--cli', process.execPath, BIN, 'mcp', '--method', 'tools/list'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    expect(run.status, run.stderr).toBe(0);
    const { tools } = JSON.parse(run.stdout) as { tools: { name: string }[] };
    expect(tools.map((t) => t.name)).toContain('check_html');
  });

  it('starts with broken contracts: tools are listed and answer isError with the place; fixing the file brings them back', async () => {
    const dir = starterProject();
    const rules = join(dir, 'design/contracts/rules.json');
    const original = readFileSync(rules, 'utf8');
    const touch = (ms: number) => utimesSync(rules, new Date(Date.now() + ms), new Date(Date.now() + ms));
    writeFileSync(rules, original.replace('"version"', '"bogus": true, "version"'));
    touch(5_000);
    const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], cwd: dir, stderr: 'pipe' });
    const client = new Client({ name: 'stdio-broken', version: '1' });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools).toHaveLength(7);
      const broken = (await client.callTool({ name: 'check_html', arguments: { source: '<img src="a.png">' } })) as unknown as { isError?: boolean; content: { text: string }[] };
      expect(broken.isError).toBe(true);
      expect(broken.content[0]?.text).toMatch(/^design\/contracts\/rules\.json:\d+:\d+ \/bogus {2}/m);
      writeFileSync(rules, original);
      touch(10_000);
      const fixed = (await client.callTool({ name: 'check_html', arguments: { source: '<img src="a.png">' } })) as unknown as { isError?: boolean; structuredContent: { violations: { ruleId: string }[] } };
      expect(fixed.isError).toBeFalsy();
      expect(fixed.structuredContent.violations.map((v) => v.ruleId)).toContain('A11Y_IMG_ALT');
    } finally {
      await client.close();
    }
  });

  it('exits 2 with a clear message when there is no project to serve', () => {
    const run = spawnSync(process.execPath, [BIN, 'mcp'], { cwd: '/', encoding: 'utf8', input: '' });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no dsctl.config.json found');
  });
});

describe('dsctl mcp --http (built binary)', () => {
  it('serves Streamable HTTP on 127.0.0.1 and refuses a foreign Host header', async () => {
    const dir = starterProject();
    const child = spawn(process.execPath, [BIN, 'mcp', '--http', '0'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let banner = '';
      child.stderr.on('data', (chunk: Buffer) => (banner += chunk.toString()));
      const deadline = Date.now() + 10_000;
      while (!/http:\/\/127\.0\.0\.1:\d+\/mcp/.test(banner) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      const url = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(banner)?.[0];
      expect(url).toBeDefined();
      const client = new Client({ name: 'http-test', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(url as string)));
      expect((await client.listTools()).tools).toHaveLength(7);
      await client.close();
      // fetch() will not send a forged Host header; node:http will, as a rebinding attack's browser would.
      const status = await new Promise<number | undefined>((resolve, reject) => {
        const request = httpRequest(url as string, { method: 'POST', headers: { host: 'evil.example', 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }, (res) => {
          res.resume();
          resolve(res.statusCode);
        });
        request.on('error', reject);
        request.end(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }));
      });
      expect(status).toBe(403);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
