import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { HistorySchema, type HistoryEntry } from '../../src/bench/history-schema.js';
import { isUserError } from '../../src/diagnostics/user-error.js';
import type { RunRecord } from '../../src/governance/run-record.js';
import { benchmarkSection, readBenchInputs } from '../../src/report/benchmarks.js';
import { componentSection } from '../../src/report/component-loop.js';
import { gateFailures } from '../../src/report/governance.js';
import { tempDir } from '../support/temp-dir.js';
import { ledgerRun, syntheticRun } from './fixture.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/report/', import.meta.url));
const history = HistorySchema.parse(JSON.parse(readFileSync(join(FIXTURES, 'history.json'), 'utf8'))).entries;
const scripted = JSON.parse(readFileSync(join(FIXTURES, 'scripted-summary.json'), 'utf8')) as HistoryEntry;

describe('benchmarkSection', () => {
  it('is undefined without any run', () => {
    expect(benchmarkSection({ history: [], local: [], problems: [] })).toBeUndefined();
  });

  it('splits the evidence into one series per protocol id, numbered in order, and keeps scripted runs apart', () => {
    const b = benchmarkSection({ history, local: [scripted], problems: [] });
    expect(b?.series.map((s) => [s.index, s.protocolId, s.runs.length])).toEqual([
      [1, 'w3-2026.1', 3],
      [2, 'w3-2026.2', 2],
    ]);
    expect(b?.scripted.map((r) => r.provider)).toEqual(['scripted']);
    // The scripted run is newer than some evidence and scores higher: it must not be "latest".
    expect(b?.latestConditions?.ranAt).toBe('2026-11-23T09:00:00Z');
    expect(b?.latestConditions?.protocolId).toBe('w3-2026.2');
    expect(b?.latestAblation?.protocolId).toBe('w3-2026.1');
    expect(b?.latestConditions?.conditions.find((c) => c.condition === 'full')).toEqual({ condition: 'full', trials: 20, mean: 0.74, low: 0.68, high: 0.8, passRate: 0.64, costUsd: 1.2 });
  });

  it.each([
    { name: 'a local real run not in the history yet is evidence', local: [{ ...(history[0] as HistoryEntry), dir: '.dsctl/bench/new', ranAt: '2026-12-01T00:00:00Z' }], runs: 6 },
    { name: 'a local copy of a committed run is counted once', local: [history[0] as HistoryEntry], runs: 5 },
    { name: 'a scripted run is never evidence', local: [scripted], runs: 5 },
  ])('$name', ({ local, runs }) => {
    const b = benchmarkSection({ history, local, problems: [] });
    expect(b?.series.reduce((n, s) => n + s.runs.length, 0)).toBe(runs);
  });

  it('reads the committed history strictly and the local summaries leniently', () => {
    const root = tempDir();
    mkdirSync(join(root, 'design/benchmarks'), { recursive: true });
    mkdirSync(join(root, '.dsctl/bench/a'), { recursive: true });
    mkdirSync(join(root, '.dsctl/bench/b'), { recursive: true });
    writeFileSync(join(root, '.dsctl/bench/a/summary.json'), JSON.stringify(scripted));
    writeFileSync(join(root, '.dsctl/bench/b/summary.json'), '{"protocolId": 1}');
    writeFileSync(join(root, 'design/benchmarks/history.json'), readFileSync(join(FIXTURES, 'history.json')));
    const inputs = readBenchInputs(root);
    expect(inputs.history).toHaveLength(5);
    expect(inputs.local.map((e) => e.scripted)).toEqual([true]);
    expect(inputs.problems).toEqual([expect.stringMatching(/^\.dsctl\/bench\/b\/summary\.json: not a benchmark summary/)]);

    writeFileSync(join(root, 'design/benchmarks/history.json'), '{"schema": "dsctl.bench-history/v1", "entries": [{"protocolId": ""}]}');
    let error: unknown;
    try {
      readBenchInputs(root);
    } catch (e) {
      error = e;
    }
    expect(isUserError(error) && error.code).toBe('report/bench-history-invalid');
    expect(isUserError(error) && error.location?.file).toBe('design/benchmarks/history.json');
  });
});

describe('gateFailures', () => {
  const rec = (over: Partial<RunRecord>) => ({ ...syntheticRun(0), status: 'passed', escalation: null, prev: null, hash: '0'.repeat(64), ...over }) as RunRecord;
  const escalation = (severity: 'warn' | 'error' | 'blocking', evidence: string[]) => ({ workflow: 'drift-repair', run_id: 'r', stuck_reason: 'why', severity, proposed_diff: '', evidence, human_question: 'q?' });

  it.each([
    { name: 'a passed run', record: rec({}), want: [] },
    { name: 'an error escalation (not a gate)', record: rec({ status: 'escalated', escalation: escalation('error', []) }), want: [] },
    { name: 'the runner guard, naming its gate', record: rec({ status: 'escalated', escalation: escalation('blocking', ['modified a (hard gate "ssot-contracts"): restored', 'modified b (hard gate "policy"): restored']) }), want: [['policy', 'ssot-contracts']] },
    { name: 'a failed gate-check run', record: rec({ workflow: 'gate-check', status: 'failed' }), want: [[]] },
  ])('$name', ({ record, want }) => {
    expect(gateFailures([record]).map((f) => f.gates)).toEqual(want);
  });

  it('lists the newest ten, newest first', () => {
    const records = Array.from({ length: 12 }, (_, i) => rec({ run_id: `r${i}`, workflow: 'gate-check', status: 'failed' }));
    expect(gateFailures(records).map((f) => f.run_id)).toEqual(['r11', 'r10', 'r9', 'r8', 'r7', 'r6', 'r5', 'r4', 'r3', 'r2']);
  });
});

describe('componentSection', () => {
  it('summarises the ledger by tier and path and lists the newest runs first', () => {
    const entries = Array.from({ length: 60 }, (_, i) => ledgerRun(i)) as Parameters<typeof componentSection>[0];
    const c = componentSection(entries);
    expect(c?.total.runs).toBe(60);
    expect(c?.groups.map((g) => [g.risk, g.path, g.runs])).toEqual([
      ['interactive', 'full', 30],
      ['display', 'standard', 30],
    ]);
    expect(c?.runs).toHaveLength(50);
    expect(c?.runs[0]?.ranAt).toBe(ledgerRun(59).ranAt);
    expect(componentSection([])).toBeUndefined();
  });
});

describe('renderReportHtml', () => {
  it('keeps data and script inert inside the page, whatever they hold', async () => {
    const { renderReportHtml } = await import('../../src/report/html.js');
    const { reportTheme } = await import('../../src/report/theme.js');
    const data = {
      schema: 'dsctl.report/v1',
      project: '<b>Evil</b> & co',
      asOf: null,
      theme: reportTheme(undefined),
      governance: { audit: { log: 'x', ok: true, records: 0, head: null }, escalations: { open: [], resolved: 0, problems: ['</script><script>alert(1)</script><!--'] }, drift: { status: 'unavailable', reason: 'r' }, gates: [], gateFailures: [], approvals: [] },
      runs: { missing: 'none' },
      lint: { missing: 'none' },
      components: { missing: 'none' },
      benchmarks: { missing: 'none' },
    } as const;
    const html = renderReportHtml(data as unknown as Parameters<typeof renderReportHtml>[0], 'var s = "</script><!--";');
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(html).not.toContain('<!--');
    expect(html).toContain('<title>&lt;b&gt;Evil&lt;/b&gt; &amp; co: design-system governance report</title>');
    const json = /<script type="application\/json" id="dsctl-report-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(JSON.parse(json).governance.escalations.problems).toEqual(['</script><script>alert(1)</script><!--']);
    expect(renderReportHtml(data as unknown as Parameters<typeof renderReportHtml>[0], '')).toBe(renderReportHtml(data as unknown as Parameters<typeof renderReportHtml>[0], ''));
  });
});
