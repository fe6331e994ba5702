import { describe, expect, it } from 'vitest';
import type { RunRecord } from '../../src/governance/run-record.js';
import { aggregateRuns, bucketUnit } from '../../src/report/runs-aggregate.js';
import { formatHash, parseHash, runsView } from '../../src/report/runs-view.js';
import { ageBetween, bucketStart } from '../../src/report/shared.js';
import { syntheticRun } from './fixture.js';

const record = (over: Partial<RunRecord>): RunRecord => ({ ...syntheticRun(0), status: 'passed', escalation: null, prev: null, hash: '0'.repeat(64), ...over }) as RunRecord;

describe('bucketStart', () => {
  it.each([
    { iso: '2026-11-04T23:59:59Z', unit: 'day', want: '2026-11-04' },
    { iso: '2026-11-04T23:30:00-02:00', unit: 'day', want: '2026-11-05' },
    { iso: '2026-11-04T10:00:00Z', unit: 'week', want: '2026-11-02' }, // a Wednesday → its Monday
    { iso: '2026-11-02T00:00:00Z', unit: 'week', want: '2026-11-02' },
    { iso: '2026-11-01T10:00:00Z', unit: 'week', want: '2026-10-26' }, // a Sunday belongs to the week before
    { iso: '2026-11-30T10:00:00Z', unit: 'month', want: '2026-11-01' },
  ] as const)('$iso by $unit → $want', ({ iso, unit, want }) => {
    expect(bucketStart(iso, unit)).toBe(want);
  });
});

describe('bucketUnit', () => {
  it.each([
    { days: 1, want: 'day' },
    { days: 400, want: 'day' },
    { days: 401, want: 'week' },
    { days: 2800, want: 'week' },
    { days: 2801, want: 'month' },
  ] as const)('$days days → $want', ({ days, want }) => {
    expect(bucketUnit(days)).toBe(want);
  });
});

describe('aggregateRuns', () => {
  it('is undefined for an empty log (the page says so instead of drawing)', () => {
    expect(aggregateRuns([])).toBeUndefined();
  });

  it('counts by day, workflow and status, sums attempts and agent cost', () => {
    const data = aggregateRuns(
      [
        record({ workflow: 'w1', ended_at: '2026-11-01T10:00:00Z', status: 'passed', attempts: 1, agent: { driver: 'scripted', cost_usd: 0.1 } }),
        record({ workflow: 'w1', ended_at: '2026-11-01T11:00:00Z', status: 'failed', attempts: 3, agent: { driver: 'scripted', cost_usd: 0.2 } }),
        record({ workflow: 'w2', ended_at: '2026-11-01T12:00:00Z', status: 'escalated', attempts: 2 }),
        record({ workflow: 'w1', ended_at: '2026-11-03T09:00:00Z', status: 'passed', attempts: 1 }),
      ],
      2,
    );
    expect(data).toMatchObject({ total: 4, unit: 'day', workflows: ['w1', 'w2'], first: '2026-11-01T10:00:00.000Z', last: '2026-11-03T09:00:00.000Z', skipped: 2 });
    expect(data?.buckets).toEqual([
      { t: '2026-11-01', workflow: 'w1', passed: 1, escalated: 0, failed: 1, attempts: 4, cost: 0.3 },
      { t: '2026-11-01', workflow: 'w2', passed: 0, escalated: 1, failed: 0, attempts: 2, cost: 0 },
      { t: '2026-11-03', workflow: 'w1', passed: 1, escalated: 0, failed: 0, attempts: 1, cost: 0 },
    ]);
    expect(data?.recent.map((r) => r.ended_at)).toEqual(['2026-11-03T09:00:00Z', '2026-11-01T12:00:00Z', '2026-11-01T11:00:00Z', '2026-11-01T10:00:00Z']);
  });

  it('keeps 100,000 runs over a year to a few hundred buckets and the newest 50 runs', () => {
    const records = Array.from({ length: 100_000 }, (_, i) => record({ ...syntheticRun(i, Date.UTC(2025, 11, 1), 5), hash: '0'.repeat(64), prev: null }));
    const data = aggregateRuns(records);
    expect(data?.total).toBe(100_000);
    expect(data?.unit).toBe('day');
    expect(data?.buckets.length).toBeLessThanOrEqual(400 * 3);
    expect(data?.buckets.reduce((s, b) => s + b.passed + b.escalated + b.failed, 0)).toBe(100_000);
    expect(data?.recent).toHaveLength(50);
  });
});

describe('runsView', () => {
  const data = aggregateRuns([
    record({ workflow: 'a', ended_at: '2026-11-01T10:00:00Z', status: 'passed', attempts: 1 }),
    record({ workflow: 'b', ended_at: '2026-11-01T11:00:00Z', status: 'failed', attempts: 3 }),
    record({ workflow: 'a', ended_at: '2026-11-02T10:00:00Z', status: 'escalated', attempts: 2, escalation: null }),
    record({ workflow: 'b', ended_at: '2026-11-05T10:00:00Z', status: 'passed', attempts: 1 }),
  ]);
  if (!data) throw new Error('no data');

  it.each([
    { filter: {}, rows: [['2026-11-01', 2], ['2026-11-02', 1], ['2026-11-05', 1]], runs: 4 },
    { filter: { workflow: 'a' }, rows: [['2026-11-01', 1], ['2026-11-02', 1]], runs: 2 },
    { filter: { from: '2026-11-02' }, rows: [['2026-11-02', 1], ['2026-11-05', 1]], runs: 2 },
    { filter: { from: '2026-11-02', to: '2026-11-04', workflow: 'b' }, rows: [], runs: 0 },
  ])('$filter', ({ filter, rows, runs }) => {
    const view = runsView(data, filter);
    expect(view.rows.map((r) => [r.t, r.runs])).toEqual(rows);
    expect(view.runs).toBe(runs);
    expect(view.recent.length).toBe(runs);
  });

  it('sums a day over workflows and says it in the summary', () => {
    const view = runsView(data, {});
    expect(view.rows[0]).toEqual({ t: '2026-11-01', passed: 1, escalated: 0, failed: 1, runs: 2, meanAttempts: 2, cost: 0 });
    expect(view.byWorkflow.map((w) => [w.workflow, w.runs])).toEqual([
      ['a', 2],
      ['b', 2],
    ]);
    expect(view.summary).toBe('4 runs from 2026-11-01 to 2026-11-05: 50% passed, 1 escalation, 1 failure. 1.75 attempts a run on average; agents cost $0.00 in all. Most runs: a (2).');
    expect(runsView(data, { workflow: 'zzz' }).summary).toBe('No runs of zzz from 2026-11-01 to 2026-11-05.');
  });
});

describe('the URL hash', () => {
  it.each([
    { hash: '', want: {} },
    { hash: '#from=2026-01-01&to=2026-02-01&workflow=drift-repair', want: { from: '2026-01-01', to: '2026-02-01', workflow: 'drift-repair' } },
    { hash: '#governance', want: {} },
    { hash: '#from=yesterday&workflow=', want: {} },
  ])('$hash', ({ hash, want }) => {
    expect(parseHash(hash)).toEqual(want);
  });

  it('round-trips in a fixed key order', () => {
    expect(formatHash({ workflow: 'w 1', to: '2026-02-01', from: '2026-01-01' })).toBe('#from=2026-01-01&to=2026-02-01&workflow=w+1');
    expect(parseHash(formatHash({ workflow: 'w 1' }))).toEqual({ workflow: 'w 1' });
    expect(formatHash({})).toBe('');
  });
});

describe('ageBetween', () => {
  it.each([
    { from: '2026-11-01T00:00:00Z', to: '2026-11-01T00:00:30Z', want: 'under a minute' },
    { from: '2026-11-01T00:00:00Z', to: '2026-11-01T00:05:00Z', want: '5 min' },
    { from: '2026-11-01T00:00:00Z', to: '2026-11-02T12:00:00Z', want: '36 h' },
    { from: '2026-11-01T00:00:00Z', to: '2026-11-05T00:00:00Z', want: '4 d' },
  ])('$from → $to: $want', ({ from, to, want }) => {
    expect(ageBetween(from, to)).toBe(want);
  });
});
