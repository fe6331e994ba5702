/*
 * The statistics of a benchmark report: pure functions over numbers, no I/O. Trials are independent
 * samples; a confidence interval is reported with every mean so a reader sees how little three trials say.
 */

export type Interval = [number, number];

export function mean(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** Sample standard deviation (n − 1); 0 for fewer than two values. */
export function sd(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / (xs.length - 1));
}

// Two-sided 95% quantiles of Student's t for 1…30 degrees of freedom (t_{0.975, df}).
const T975 = [12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.306, 2.2622, 2.2281, 2.201, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.093, 2.086, 2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423];
const Z975 = 1.959964;

/** t_{0.975, df}: the table up to 30, then the Cornish–Fisher expansion (error < 1e-4 beyond 30). */
export function t975(df: number): number {
  if (!Number.isInteger(df) || df < 1) throw new RangeError(`t975: degrees of freedom must be a positive integer, got ${df}`);
  if (df <= T975.length) return T975[df - 1] as number;
  const z = Z975;
  return z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2);
}

/** 95% t interval of the mean; a single value (or none) gives the degenerate [m, m]. */
export function tInterval(xs: readonly number[]): Interval {
  const m = mean(xs);
  if (xs.length < 2) return [m, m];
  const half = (t975(xs.length - 1) * sd(xs)) / Math.sqrt(xs.length);
  return [m - half, m + half];
}

/** mulberry32: a small seeded PRNG, so a bootstrap interval is the same on every run and machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Percentile bootstrap 95% interval of the mean, with a seeded generator. */
export function bootstrapInterval(xs: readonly number[], options: { readonly resamples?: number; readonly seed?: number } = {}): Interval {
  const m = mean(xs);
  if (xs.length < 2) return [m, m];
  const resamples = options.resamples ?? 2000;
  const random = seededRandom(options.seed ?? 1);
  const means: number[] = [];
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < xs.length; i++) sum += xs[Math.floor(random() * xs.length)] as number;
    means.push(sum / xs.length);
  }
  means.sort((a, b) => a - b);
  return [quantile(means, 0.025), quantile(means, 0.975)];
}

/** Linear-interpolated quantile of sorted values (type 7, R's default). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const h = (sorted.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.ceil(h);
  return (sorted[lo] as number) + (h - lo) * ((sorted[hi] as number) - (sorted[lo] as number));
}

/** n choose k as a float (exact for the small n of benchmark trials). */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

/**
 * pass@k (Chen et al. 2021, unbiased): the chance that at least one of k trials drawn from n, of which c
 * passed, passes: 1 − C(n−c, k) / C(n, k).
 */
export function passAtK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  if (n - c < k) return 1;
  return 1 - choose(n - c, k) / choose(n, k);
}

/** pass^k (Yao et al. 2024, τ-bench): the chance that all k trials drawn from n pass: C(c, k) / C(n, k). */
export function passHatK(n: number, c: number, k: number): number {
  checkCounts(n, c, k);
  return choose(c, k) / choose(n, k);
}

function checkCounts(n: number, c: number, k: number): void {
  if (!(n >= 1 && c >= 0 && c <= n && k >= 1 && k <= n)) throw new RangeError(`pass@k needs 1 ≤ k ≤ n and 0 ≤ c ≤ n (n=${n}, c=${c}, k=${k})`);
}

export interface PairedLift {
  /** Mean of (condition − baseline) over the shared keys. */
  readonly lift: number;
  readonly ci95: Interval;
  readonly pairs: number;
}

export type LiftResult = { readonly ok: true; readonly value: PairedLift } | { readonly ok: false; readonly reason: string };

/**
 * Paired lift of `condition` over `baseline`, one pair per key (a prompt): the mean difference and its t
 * interval. Refused when the two scored different key sets: a lift over different prompts measures the prompts.
 */
export function pairedLift(condition: ReadonlyMap<string, number>, baseline: ReadonlyMap<string, number>): LiftResult {
  const a = [...condition.keys()].sort();
  const b = [...baseline.keys()].sort();
  if (a.length !== b.length || a.some((k, i) => k !== b[i])) {
    const onlyA = a.filter((k) => !baseline.has(k));
    const onlyB = b.filter((k) => !condition.has(k));
    return { ok: false, reason: `different prompt sets (only in the condition: ${onlyA.join(', ') || 'none'}; only in the baseline: ${onlyB.join(', ') || 'none'})` };
  }
  if (a.length === 0) return { ok: false, reason: 'no prompt was scored in both' };
  const diffs = a.map((k) => (condition.get(k) as number) - (baseline.get(k) as number));
  return { ok: true, value: { lift: mean(diffs), ci95: tInterval(diffs), pairs: diffs.length } };
}
