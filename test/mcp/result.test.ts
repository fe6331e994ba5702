import { describe, expect, it } from 'vitest';
import { MAX_RESULT_BYTES } from '../../src/mcp/result.js';
import { editJson, sharedStarterProject, starterProject } from '../support/project.js';
import { call, connect, text, type ToolResult } from './connect.js';

const shared = sharedStarterProject();
const manyViolations = (lines: number) => Array.from({ length: lines }, (_, i) => `<p class="text-black bg-white p-[13px]">line ${i}</p>`).join('\n');
const manyExpressions = (lines: number) => `export const A = () => (<div>${Array.from({ length: lines }, (_, i) => `<p className={pick(${i})}>x</p>`).join('\n')}</div>);`;

// The heaviest answers each tool can give on the starter, and check_html on sources built to overflow.
const HEAVY: { name: string; tool: string; args: Record<string, unknown> }[] = [
  { name: 'check_html with thousands of violations', tool: 'check_html', args: { source: manyViolations(3000) } },
  { name: 'check_html with thousands of violations and the full coverage', tool: 'check_html', args: { source: manyViolations(3000), coverage: 'full' } },
  { name: 'check_html with thousands of class expressions it cannot see into', tool: 'check_html', args: { source: manyExpressions(3000), sourceType: 'tsx', coverage: 'full' } },
  { name: 'get_rules, all of them', tool: 'get_rules', args: {} },
  { name: 'search for a word everything has', tool: 'search', args: { query: 'color' } },
  { name: 'search_tokens for every colour', tool: 'search_tokens', args: { query: 'color' } },
  { name: 'list_components', tool: 'list_components', args: {} },
  ...['button', 'dialog', 'tabs', 'text-field'].map((id) => ({ name: `get_component ${id}`, tool: 'get_component', args: { id } })),
];

describe(`every tool answer stays within the ${MAX_RESULT_BYTES}-byte budget on the wire`, () => {
  it('measures the largest JSON-RPC response of the heavy calls', async () => {
    const { client, wire } = await connect(shared);
    const sizes: Record<string, number> = {};
    const results: Record<string, ToolResult> = {};
    for (const { name, tool, args } of HEAVY) {
      wire.length = 0;
      results[name] = await call(client, tool, args);
      expect(results[name]?.isError, `${name}: ${text(results[name] as ToolResult)}`).toBeFalsy();
      sizes[name] = Math.max(...wire);
    }
    const largest = Math.max(...Object.values(sizes));
    expect(largest).toBeLessThanOrEqual(MAX_RESULT_BYTES);
    // The cap fills the budget rather than cutting early: the overflowing check sends a large share of it.
    expect(sizes['check_html with thousands of violations']).toBeGreaterThan(MAX_RESULT_BYTES * 0.6);
    const check = results['check_html with thousands of violations']?.structuredContent as { truncated: boolean; errorCount: number; violations: unknown[] };
    expect(check.truncated).toBe(true);
    expect(check.errorCount).toBeGreaterThan(check.violations.length);
    const hidden = results['check_html with thousands of class expressions it cannot see into']?.structuredContent as { coverage: { uncheckedCount: number; unchecked: unknown[] } };
    expect(hidden.coverage.uncheckedCount).toBe(3000);
    expect(hidden.coverage.unchecked).toHaveLength(50);
  });

  it('an answer that cannot be cut (one huge contract) is an isError that says so, not an oversized result', async () => {
    const dir = starterProject();
    editJson<{ usage: { when: string[] } }>(dir, 'design/contracts/components/badge.contract.json', (c) => {
      c.usage.when = Array.from({ length: 2000 }, (_, i) => `When a status needs a short label, number ${i}.`);
    });
    const { client, wire } = await connect(dir);
    wire.length = 0;
    const result = await call(client, 'get_component', { id: 'badge' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^The answer is \d+ bytes, over dsctl's 50000-byte result budget: narrow the query\.$/);
    expect(Math.max(...wire)).toBeLessThan(1000);
  });
});
