import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HistorySchema, type HistoryEntry } from '../../src/bench/history-schema.js';
import { appendHistory, previousReport, readHistory } from '../../src/bench/history.js';
import { compareRuns } from '../../src/bench/compare.js';
import { tempDir } from '../support/temp-dir.js';

const entry = (over: Partial<HistoryEntry>): HistoryEntry => ({
  protocolId: 'bp-1',
  ranAt: '2026-12-01T10:00:00.000Z',
  kind: 'conditions',
  provider: 'anthropic',
  model: 'm',
  scripted: false,
  dir: '.dsctl/bench/a',
  conditions: [{ condition: 'full', trials: 3, mean: 0.8, sd: 0.1, ci95: [0.55, 1], passRate: 1, refusals: 0, providerErrors: 0, costUsd: 0, tokens: 0 }],
  lifts: [],
  arms: [],
  ...over,
});

describe('benchmark history', () => {
  it('appends concurrently without losing an entry; refuses scripted runs', async () => {
    const root = tempDir();
    await Promise.all([1, 2, 3, 4].map((n) => appendHistory(root, entry({ dir: `.dsctl/bench/${n}` }))));
    const history = HistorySchema.parse(JSON.parse(readFileSync(join(root, 'design/benchmarks/history.json'), 'utf8')));
    expect(history.entries.map((e) => e.dir).sort()).toEqual(['.dsctl/bench/1', '.dsctl/bench/2', '.dsctl/bench/3', '.dsctl/bench/4']);
    await expect(appendHistory(root, entry({ scripted: true }))).rejects.toThrow(/never enter/);
    expect(readHistory(root).entries).toHaveLength(4);
  });

  it('the previous report is the last earlier one of the same protocol id', async () => {
    const root = tempDir();
    await appendHistory(root, entry({ dir: 'a', ranAt: '2026-12-01T10:00:00.000Z' }));
    await appendHistory(root, entry({ dir: 'b', ranAt: '2026-12-02T10:00:00.000Z' }));
    await appendHistory(root, entry({ dir: 'c', ranAt: '2026-12-03T10:00:00.000Z', protocolId: 'bp-2' }));
    expect(previousReport(root, entry({ dir: 'd', ranAt: '2026-12-04T10:00:00.000Z' }))?.dir).toBe('b');
    expect(previousReport(root, entry({ dir: 'd', ranAt: '2026-12-04T10:00:00.000Z', protocolId: 'bp-3' }))).toBeUndefined();
    expect(previousReport(root, entry({ dir: 'd', ranAt: '2026-12-04T10:00:00.000Z', scripted: true }))).toBeUndefined();
  });

  it.each([
    [0.56, []],
    [0.55, []],
    [0.5, ['full']],
  ])('a mean of %d against [0.55, 1] regresses: %j', (mean, regressed) => {
    const after = entry({ dir: 'b', conditions: [{ ...entry({}).conditions[0]!, mean }] });
    expect(compareRuns(entry({}), after).regressions.map((r) => r.condition)).toEqual(regressed);
  });
});
