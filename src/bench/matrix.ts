import { UserError } from '../diagnostics/user-error.js';
import type { BenchSpec } from './spec.js';

/*
 * The trial matrix: every task × condition × trial, in one fixed order, each with its index. A shard
 * k/n takes the indexes ≡ k−1 (mod n), so shards are disjoint, cover the matrix, and stay balanced
 * across conditions. Runs within a shard are sequential: parallel agents drain one usage window.
 */

export interface TrialSlot {
  readonly index: number;
  readonly key: string;
  readonly condition: string;
  readonly task: string;
  readonly trial: number;
}

export interface Shard {
  readonly k: number;
  readonly n: number;
}

export function trialMatrix(spec: Pick<BenchSpec, 'tasks' | 'conditions' | 'trials'>): TrialSlot[] {
  const slots: TrialSlot[] = [];
  for (const task of spec.tasks) {
    for (const condition of spec.conditions) {
      for (let trial = 0; trial < spec.trials; trial++) slots.push({ index: slots.length, key: `${condition}/${task.id}/${trial}`, condition, task: task.id, trial });
    }
  }
  return slots;
}

export const inShard = (slot: TrialSlot, shard: Shard | undefined): boolean => shard === undefined || slot.index % shard.n === shard.k - 1;

export function parseShard(text: string): Shard {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const k = m ? Number(m[1]) : NaN;
  const n = m ? Number(m[2]) : NaN;
  if (!m || n < 1 || k < 1 || k > n) throw new UserError('usage/shard', `--shard must be k/n with 1 ≤ k ≤ n (e.g. 1/4), got "${text}"`);
  return { k, n };
}

export const shardText = (shard: Shard): string => `${shard.k}/${shard.n}`;
