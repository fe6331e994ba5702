import { isAutomated, type Rule } from '../contracts/rule-types.js';
import type { NotAutomated } from './types.js';

/** Which rules lint() runs and which it cannot: the same for every file of a project. */
export function ruleCoverage(rules: readonly Rule[]): { automated: string[]; notAutomated: NotAutomated[]; summary: string } {
  const automated: string[] = [];
  const notAutomated: NotAutomated[] = [];
  for (const rule of rules) {
    if (isAutomated(rule)) automated.push(rule.id);
    else notAutomated.push({ ruleId: rule.id, automationStatus: rule.automationStatus, reason: rule.detector === 'manual' ? 'manual' : 'requires-context' });
  }
  const byStatus = new Map<string, number>();
  for (const n of notAutomated) byStatus.set(n.automationStatus, (byStatus.get(n.automationStatus) ?? 0) + 1);
  const detail = [...byStatus].map(([status, count]) => `${count} ${status}`).join(', ');
  const summary =
    `${automated.length} of ${rules.length} rules checked automatically` +
    (notAutomated.length ? `; ${notAutomated.length} not checked here (${detail}): a person or another check must cover them` : '');
  return { automated, notAutomated, summary };
}
