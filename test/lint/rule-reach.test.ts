import { describe, expect, it } from 'vitest';
import { ruleReachProblems } from '../../src/lint/rule-reach.js';
import { loadValidProject } from '../../src/project/project.js';
import { dsctl } from '../support/cli.js';
import { editJson, starterProject } from '../support/project.js';

type Rules = { rules: Record<string, unknown>[] };

function withRule(rule: Record<string, unknown>): string {
  const dir = starterProject();
  editJson<Rules>(dir, 'design/contracts/rules.json', (r) => r.rules.push({ category: 'color', severity: 'error', description: 'x', automationStatus: 'auto', ...rule }));
  return dir;
}

describe('dsctl check on rules that cannot do their job', () => {
  it('says nothing about the starter', () => {
    expect(ruleReachProblems(loadValidProject({ cwd: starterProject() }))).toEqual([]);
  });

  it.each([
    [{ id: 'BARE_HEX', detector: 'tailwind-class', pattern: '\\[#[0-9a-fA-F]{3,8}\\]' }, 'rule/pattern-unreachable', /matches "\[#3b5998\]", "\[#fff\]" but no class/],
    [{ id: 'ODD_ALT', detector: 'tailwind-class', matchPatterns: ['bg-white'], alternative: 'Use bg-canvas or text-fg.' }, 'rule/alternative-unknown', /names "bg-canvas", which the theme does not define/],
    // A two-segment utility is read by its whole prefix: gap-x-5 is a spacing step the theme lacks.
    [{ id: 'ODD_GAP', detector: 'tailwind-class', matchPatterns: ['gap-x-[13px]'], alternative: 'Use gap-x-5.' }, 'rule/alternative-unknown', /names "gap-x-5"/],
  ])('%j → %s', (rule, code, message) => {
    const dir = withRule(rule);
    const found = ruleReachProblems(loadValidProject({ cwd: dir }));
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warn', code, file: 'design/contracts/rules.json', line: expect.any(Number), pointer: expect.stringMatching(/^\/rules\/\d+\/(pattern|alternative)$/) });
    expect(found[0]?.message).toMatch(message);
  });

  it.each([
    // With the utility in front, the pattern reaches classes.
    { id: 'HEX_OK', detector: 'tailwind-class', pattern: '(bg|text)-\\[#[0-9a-fA-F]{3,8}\\]' },
    // The class the rule forbids is the example, not advice; structural utilities are no theme names.
    { id: 'ALT_EXAMPLE', detector: 'tailwind-class', matchPatterns: ['bg-brand-600'], alternative: 'bg-primary instead of bg-brand-600; text-center, border-t and m-auto as they are.' },
    // Values Tailwind takes from scales outside dsctl's theme (container widths, ring widths) are no misses.
    { id: 'ALT_OPEN', detector: 'tailwind-class', matchPatterns: ['w-[640px]'], alternative: 'max-w-md with ring-offset-2, gap-x-4 and space-y-2.' },
  ])('%j is fine', (rule) => {
    expect(ruleReachProblems(loadValidProject({ cwd: withRule(rule) }))).toEqual([]);
  });

  it('warns without failing: exit 0, the warning located in the rules file', () => {
    const dir = withRule({ id: 'BARE_HEX', detector: 'tailwind-class', pattern: '\\[#[0-9a-f]{6}\\]' });
    const run = dsctl(['check'], dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/design\/contracts\/rules\.json\n\s+\d+:\d+\s+warn\s+rule BARE_HEX: pattern/);
  });
});
