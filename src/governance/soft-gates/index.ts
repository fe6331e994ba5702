import { nearestNames } from '../../diagnostics/did-you-mean.js';
import type { SoftGate } from './define.js';
import { gate as brandApproval } from './brand-approval.js';
import { gate as learningPromotion } from './learning-promotion.js';
import { gate as lintDisable } from './lint-disable.js';
import { gate as mcpPublicContract } from './mcp-public-contract.js';
import { gate as release } from './release.js';
import { gate as ruleChange } from './rule-change.js';
import { gate as testWeakening } from './test-weakening.js';

/** Every soft gate, sorted by id (= file name in this folder); policy.softGates names which of them run. */
export const SOFT_GATES: readonly SoftGate[] = [brandApproval, learningPromotion, lintDisable, mcpPublicContract, release, ruleChange, testWeakening];

export function softGateById(id: string): SoftGate | undefined {
  return SOFT_GATES.find((g) => g.id === id);
}

/** The message for an id no gate has: the nearest ids, else the list. */
export function unknownSoftGate(id: unknown): string {
  const ids = SOFT_GATES.map((g) => g.id);
  if (typeof id !== 'string') return `expected a soft-gate id: one of ${ids.join(', ')}`;
  return `unknown soft gate "${id}": ${nearestNames(id, ids) ?? `expected one of ${ids.join(', ')}`}`;
}
