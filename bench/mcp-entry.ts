import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createLinter } from '../src/lint/engine.js';
import { createServer } from '../src/mcp/server.js';
import { initProject } from '../src/project/init.js';
import { loadValidProject } from '../src/project/project.js';

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number;

/** A ~20 KB page from the lint corpus (built by bench/lint.mjs first). */
function page(): string {
  const dir = join(process.cwd(), 'bench/.corpus');
  const files = readdirSync(dir).filter((f) => f.endsWith('.html')).sort();
  for (const f of files) {
    const text = readFileSync(join(dir, f), 'utf8');
    if (text.length > 18_000 && text.length < 22_000) return text;
  }
  throw new Error('no ~20 KB page in bench/.corpus');
}

export async function measure(bin: string, rounds = 200) {
  const dir = mkdtempSync(join(tmpdir(), 'dsctl-bench-mcp-'));
  initProject(dir);
  const source = page();
  const linter = await createLinter(loadValidProject({ cwd: dir }));
  const time = async (fn: () => unknown, count = rounds) => {
    for (let i = 0; i < 20; i++) await fn();
    const samples: number[] = [];
    for (let i = 0; i < count; i++) {
      const t = performance.now();
      await fn();
      samples.push(performance.now() - t);
    }
    return { p50: quantile(samples, 0.5), p99: quantile(samples, 0.99) };
  };
  const bare = await time(() => linter.lint(source, { sourceType: 'html' }));

  const server = createServer({ cwd: dir, version: 'bench' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const inProcess = new Client({ name: 'bench', version: '1' });
  await inProcess.connect(a);
  const viaMcp = await time(() => inProcess.callTool({ name: 'check_html', arguments: { source } }));
  await inProcess.close();

  const stdio = new Client({ name: 'bench', version: '1' });
  await stdio.connect(new StdioClientTransport({ command: process.execPath, args: [bin, 'mcp'], cwd: dir, stderr: 'ignore' }));
  const viaStdio = await time(() => stdio.callTool({ name: 'check_html', arguments: { source } }), 100);
  await stdio.close();
  return { bytes: source.length, bare, viaMcp, viaStdio };
}
