import { describe, expect, it } from 'vitest';
import { bootstrapInterval, choose, mean, pairedLift, passAtK, passHatK, quantile, sd, seededRandom, t975, tInterval } from '../../src/bench/stats.js';

describe('bench statistics', () => {
  it('mean and sample sd of a fixed sample', () => {
    expect(mean([1, 2, 3, 4, 5])).toBe(3);
    expect(sd([1, 2, 3, 4, 5])).toBeCloseTo(Math.sqrt(2.5), 12);
    expect(sd([7])).toBe(0);
    expect(mean([])).toBe(0);
  });

  it('t quantiles: the table, then the Cornish–Fisher expansion', () => {
    const known: [number, number][] = [
      [1, 12.7062],
      [2, 4.3027],
      [4, 2.7764],
      [10, 2.2281],
      [30, 2.0423],
      [60, 2.0003],
      [120, 1.9799],
    ];
    for (const [df, t] of known) expect(t975(df), `df ${df}`).toBeCloseTo(t, 3);
    expect(() => t975(0)).toThrow(RangeError);
  });

  it('95% t interval of 1…5 is [1.0368, 4.9632]', () => {
    const [lo, hi] = tInterval([1, 2, 3, 4, 5]);
    expect(lo).toBeCloseTo(1.0368, 4);
    expect(hi).toBeCloseTo(4.9632, 4);
    expect(tInterval([0.4])).toEqual([0.4, 0.4]);
    const [a, b] = tInterval([0.2, 0.4, 0.6]);
    expect(a).toBeCloseTo(0.4 - (4.3027 * 0.2) / Math.sqrt(3), 6);
    expect(b).toBeCloseTo(0.4 + (4.3027 * 0.2) / Math.sqrt(3), 6);
  });

  it('bootstrap interval is reproducible with a seed and bounded by the sample', () => {
    const xs = [0, 0.5, 0.5, 1, 1, 1, 0.25, 0.75];
    const one = bootstrapInterval(xs, { seed: 42 });
    expect(bootstrapInterval(xs, { seed: 42 })).toEqual(one);
    expect(bootstrapInterval(xs, { seed: 7 })).not.toEqual(one);
    expect(one[0]).toBeGreaterThanOrEqual(0);
    expect(one[1]).toBeLessThanOrEqual(1);
    expect(one[0]).toBeLessThan(mean(xs));
    expect(one[1]).toBeGreaterThan(mean(xs));
    expect(bootstrapInterval([0.3, 0.3, 0.3])).toEqual([0.3, 0.3]);
    const r = seededRandom(1);
    const first = [r(), r(), r()];
    const again = seededRandom(1);
    expect([again(), again(), again()]).toEqual(first);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
  });

  it('pass@k and pass^k against hand-computed values', () => {
    expect(choose(5, 2)).toBe(10);
    expect(passAtK(10, 3, 1)).toBeCloseTo(0.3, 12);
    expect(passAtK(5, 2, 2)).toBeCloseTo(0.7, 12); // 1 − C(3,2)/C(5,2)
    expect(passAtK(3, 0, 3)).toBe(0);
    expect(passAtK(3, 1, 3)).toBe(1);
    expect(passHatK(5, 2, 2)).toBeCloseTo(0.1, 12); // C(2,2)/C(5,2)
    expect(passHatK(3, 3, 3)).toBe(1);
    expect(passHatK(3, 2, 3)).toBe(0);
    expect(passHatK(4, 3, 2)).toBeCloseTo(0.5, 12); // C(3,2)/C(4,2) = 3/6
    expect(() => passAtK(3, 4, 1)).toThrow(RangeError);
    expect(() => passHatK(3, 1, 4)).toThrow(RangeError);
  });

  it('paired lift over the same prompts, with its t interval; refused over different prompt sets', () => {
    const lift = pairedLift(new Map([['a', 0.6], ['b', 0.9], ['c', 1]]), new Map([['a', 0.4], ['b', 0.5], ['c', 0.4]]));
    expect(lift.ok).toBe(true);
    if (!lift.ok) return;
    expect(lift.value.lift).toBeCloseTo(0.4, 12);
    expect(lift.value.pairs).toBe(3);
    expect(lift.value.ci95[0]).toBeCloseTo(0.4 - (4.3027 * 0.2) / Math.sqrt(3), 6);
    const differ = pairedLift(new Map([['a', 1]]), new Map([['a', 0], ['b', 0]]));
    expect(differ).toEqual({ ok: false, reason: 'different prompt sets (only in the condition: none; only in the baseline: b)' });
    expect(pairedLift(new Map(), new Map()).ok).toBe(false);
  });
});
