import { describe, expect, it } from 'vitest';
import { createMcpContext } from '../../src/mcp/context.js';
import { starterProject } from '../support/project.js';
import { call, connect, text } from './connect.js';

type Coverage = { detail: string; summary: string; automatedCount: number; notAutomatedCount: number; automated?: string[]; notAutomated?: unknown[] };
const SOURCE = '<p class="text-black">x</p>';

/** Calls check_html in one session with each `coverage` input in turn; returns the detail each answer had. */
async function details(inputs: readonly ('summary' | 'full' | undefined)[]): Promise<string[]> {
  const { client } = await connect();
  const out: string[] = [];
  for (const coverage of inputs) {
    const result = await call(client, 'check_html', { source: SOURCE, ...(coverage === undefined ? {} : { coverage }) });
    const got = (result.structuredContent as { coverage: Coverage }).coverage;
    // The lists are there exactly when the detail says so.
    expect(got.automated === undefined).toBe(got.detail === 'summary');
    expect(got.notAutomated === undefined).toBe(got.detail === 'summary');
    out.push(got.detail);
  }
  return out;
}

describe('check_html lists the rule coverage once a session, or on request', () => {
  it.each([
    { given: [undefined, undefined, undefined], want: ['full', 'summary', 'summary'] },
    { given: [undefined, 'full', undefined], want: ['full', 'full', 'summary'] },
    // Asking for the summary first does not count as having seen the lists.
    { given: ['summary', undefined, undefined], want: ['summary', 'full', 'summary'] },
    { given: ['full', 'summary', 'full'], want: ['full', 'summary', 'full'] },
  ] as const)('$given → $want', async ({ given, want }) => {
    expect(await details(given)).toEqual(want);
  });

  it('full lists all 45 rules of the starter; the summary keeps the counts', async () => {
    const { client } = await connect();
    const full = ((await call(client, 'check_html', { source: SOURCE })).structuredContent as { coverage: Coverage }).coverage;
    expect(full).toMatchObject({ detail: 'full', automatedCount: 30, notAutomatedCount: 15 });
    expect((full.automated?.length ?? 0) + (full.notAutomated?.length ?? 0)).toBe(45);
    const summary = ((await call(client, 'check_html', { source: SOURCE })).structuredContent as { coverage: Coverage }).coverage;
    expect(summary).toEqual({ detail: 'summary', summary: full.summary, automatedCount: 30, notAutomatedCount: 15, uncheckedCount: 0, unchecked: [] });
  });

  it('each session gets the lists once, even on one shared context (one per HTTP process)', async () => {
    const dir = starterProject();
    const context = createMcpContext({ cwd: dir });
    for (const { client } of [await connect(dir, context), await connect(dir, context)]) {
      expect(((await call(client, 'check_html', { source: SOURCE })).structuredContent as { coverage: Coverage }).coverage.detail).toBe('full');
    }
  });

  it('a passing check points at coverage: "full" for the rules a person must check', async () => {
    const { client } = await connect();
    await call(client, 'check_html', { source: '<p>ok</p>' });
    const second = (await call(client, 'check_html', { source: '<p>ok</p>' })).structuredContent as { next: string; coverage: Coverage };
    expect(second.coverage.detail).toBe('summary');
    expect(second.next).toContain('15 rule(s) need a person (coverage.notAutomated; pass coverage: "full" to list them again)');
  });

  it('refuses an unknown coverage value', async () => {
    const { client } = await connect();
    const result = await call(client, 'check_html', { source: SOURCE, coverage: 'none' });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/coverage/);
  });
});
