import { spawnSync } from 'node:child_process';

/** Wall time of one child process, in ms. */
export function timeCommand(command, args, options = {}) {
  const start = process.hrtime.bigint();
  const result = spawnSync(command, args, { stdio: 'ignore', ...options });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${result.status}`);
  return ms;
}

/**
 * Runs each case `rounds` times, interleaved so that machine noise hits every case alike, after a
 * warm-up round. Each round starts at a different case, so that no case always runs first (or right
 * after the same neighbour). Returns the median and p90 per case.
 */
export function compare(cases, rounds = 40) {
  for (const c of cases) c.run();
  const samples = cases.map(() => []);
  for (let i = 0; i < rounds; i++) {
    for (let k = 0; k < cases.length; k++) {
      const j = (i + k) % cases.length;
      samples[j].push(cases[j].run());
    }
  }
  return cases.map((c, j) => ({ name: c.name, median: quantile(samples[j], 0.5), p90: quantile(samples[j], 0.9) }));
}

export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
