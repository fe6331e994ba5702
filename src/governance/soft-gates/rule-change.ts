import { z } from 'zod';
import { CHECK_OBJECT_KEYS } from '../../contracts/rule-types.js';
import { defineSoftGate, pathOption, type SoftGateFinding } from './define.js';
import { jsonSides, type JsonSide } from './json-sides.js';
import { changeOf } from './match.js';
import { byKey, describeValueChange, differs } from './value-change.js';

// What decides whether and how a rule fires; its description or category changes nothing the checker does.
const FIELDS = ['severity', 'detector', 'pattern', 'matchPatterns', 'prefixPatterns', 'alternative', 'contractLint', ...CHECK_OBJECT_KEYS];

/** The rules of one side, or why they cannot be read. */
function rulesOf(side: JsonSide): readonly unknown[] | string {
  if (side.state === 'invalid') return 'is not valid JSON';
  if (side.state === 'absent') return 'is absent';
  const rules = (side.value as { rules?: unknown } | null)?.rules;
  return Array.isArray(rules) ? rules : 'has no "rules" array';
}

export const gate = defineSoftGate({
  id: 'rule-change',
  meta: {
    docs: 'Between the two sides of the change, a rule of the rules file is added or removed, or its severity, detector, patterns, alternative, contractLint or check object changes: each flag names the rule and the field. A rules file that is not valid JSON on either side is flagged too. Whether the rule should change is a person\'s decision.',
    needs: 'approval',
    blocking: true,
    stuck: 'a change alters the lint rules',
    question: 'Should these rules change as shown?',
    options: z.strictObject({
      rules: pathOption('The rules file, project-relative. Default: contracts.rules of dsctl.config.json.').optional(),
      fields: z.array(z.string().min(1)).min(1).default(FIELDS).describe('The rule fields whose change is flagged.'),
    }),
  },
  detect(change, options) {
    const file = change.inProject(options.rules ?? change.project.rules);
    const c = changeOf(change, file);
    if (c === undefined) return [];
    const flag = (reason: string, detail: Record<string, string> = {}): SoftGateFinding => ({ path: file, reason, detail: { change: 'file', ...detail } });
    if (!change.compares) return [flag('the rules file is written: with no old side to compare, which rules change is for a person to check')];
    const sides = jsonSides(change, c, file);
    if (sides.before.state === 'absent' && sides.after.state === 'absent') return [];
    if (sides.before.state === 'absent') return [flag('the rules file is added: every rule in it is new')];
    if (sides.after.state === 'absent') return [flag(c.status === 'renamed' && c.from === file ? `the rules file is moved to ${c.path}` : 'the rules file is removed')];
    const was = rulesOf(sides.before);
    const now = rulesOf(sides.after);
    if (typeof was === 'string' || typeof now === 'string') {
      const side = typeof was === 'string' ? `before the change it ${was}` : `after the change it ${String(now)}`;
      return [flag(`the rules file cannot be read (${side}): which rules change cannot be told`)];
    }
    const before = byKey(was, 'id');
    const after = byKey(now, 'id');
    const out: SoftGateFinding[] = [];
    for (const id of before.keys()) if (!after.has(id)) out.push({ path: file, reason: `rule ${id} is removed`, detail: { rule: id, change: 'removed' } });
    for (const [id, rule] of after) {
      const old = before.get(id);
      if (old === undefined) {
        out.push({ path: file, reason: `rule ${id} is added`, detail: { rule: id, change: 'added' } });
        continue;
      }
      for (const field of options.fields) {
        if (differs(old[field], rule[field])) out.push({ path: file, reason: `rule ${id}: ${describeValueChange(field, old[field], rule[field])}`, detail: { rule: id, field, change: 'changed' } });
      }
    }
    return out;
  },
});
