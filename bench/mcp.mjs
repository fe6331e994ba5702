// check_html latency: in-process through the MCP SDK, and over stdio, against a bare lint() of the same page.
import { fileURLToPath } from 'node:url';
import { importTs } from './bundle.mjs';

export async function run() {
  const { measure } = await importTs('bench/mcp-entry.ts');
  const m = await measure(fileURLToPath(new URL('../dist/dsctl.js', import.meta.url)));
  const row = (name, t) => ({ name, text: `p50 ${t.p50.toFixed(2)} ms   p99 ${t.p99.toFixed(2)} ms` });
  return {
    title: `check_html latency (${(m.bytes / 1000).toFixed(1)} KB page)`,
    rows: [row('bare lint()', m.bare), row('check_html in-process', m.viaMcp), row('check_html over stdio', m.viaStdio)],
    ratios: [
      { name: 'in-process / bare lint (p50)', value: m.viaMcp.p50 / m.bare.p50 },
      { name: 'stdio / bare lint (p50)', value: m.viaStdio.p50 / m.bare.p50 },
    ],
  };
}
