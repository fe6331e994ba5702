import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runSelfDrift } from '../../../src/governance/self-drift/run.js';
import { validatePolicy } from '../../../src/project/generated/config-validators.js';
import { starterFiles } from '../../../src/project/init.js';
import { PolicySchema } from '../../../src/project/policy-schema.js';
import { loadProject } from '../../../src/project/project.js';
import { editJson, starterProject } from '../../support/project.js';
import { COMMANDS, PLAYBOOK, POLICY } from './support.js';

// What the playbook checks required before the lists moved into the policy.
const MARKERS = ['ssot-write-protection', 'designmd-two-layered', 'hook-boundary', 'brand-gate', 'brand-draft-label', 'red-team-isolation', 'audit-log', 'memory-quarantine', 'escalation-contract', 'ci-failure-triage'];
const LEVELS = ['Level 1', 'Level 2', 'Level 3'];

type SelfDrift = { selfDrift?: { markers?: string[]; levels?: string[] } };

function drift(dir: string) {
  return runSelfDrift(loadProject({ cwd: dir }), { commands: COMMANDS });
}

function editPlaybook(dir: string, change: (text: string) => string): void {
  const before = readFileSync(join(dir, PLAYBOOK), 'utf8');
  const after = change(before);
  expect(after).not.toBe(before);
  writeFileSync(join(dir, PLAYBOOK), after);
}

describe('selfDrift in the policy', () => {
  test("defaults to today's lists, and the starter states them explicitly", () => {
    const defaults = PolicySchema.parse({ version: '1', hardGates: [] }).selfDrift;
    expect(defaults).toEqual({ markers: MARKERS, levels: LEVELS });
    expect((JSON.parse(starterFiles().get(POLICY) ?? '{}') as SelfDrift).selfDrift).toEqual(defaults);
  });

  test('the compiled validator of the hooks fills the same defaults', () => {
    const policy: SelfDrift = { version: '1', hardGates: [] } as SelfDrift;
    expect(validatePolicy(policy)).toBe(true);
    expect(policy.selfDrift).toEqual({ markers: MARKERS, levels: LEVELS });
  });

  test('a marker name must be a kebab-case id; an unknown key is refused', () => {
    expect(PolicySchema.safeParse({ version: '1', hardGates: [], selfDrift: { markers: ['Brand Gate'] } }).success).toBe(false);
    expect(PolicySchema.safeParse({ version: '1', hardGates: [], selfDrift: { marker: [] } }).success).toBe(false);
  });

  test('a custom marker list: its missing marker is reported, the default ones are not required', () => {
    const dir = starterProject();
    editJson<SelfDrift>(dir, POLICY, (policy) => {
      policy.selfDrift = { ...policy.selfDrift, markers: ['brand-gate', 'custom-rule'] };
    });
    editPlaybook(dir, (t) => t.replace('<!-- dsctl:marker audit-log -->\n', ''));
    const got = drift(dir);
    expect(got.map((f) => [f.code, f.message])).toEqual([
      ['playbook-marker-missing', 'governance marker "custom-rule" is missing; expected <!-- dsctl:marker custom-rule --> right after the heading of its section'],
    ]);
  });

  test('without the key the default markers are required', () => {
    const dir = starterProject();
    editJson<SelfDrift>(dir, POLICY, (policy) => {
      delete policy.selfDrift;
    });
    editPlaybook(dir, (t) => t.replace('<!-- dsctl:marker audit-log -->\n', ''));
    expect(drift(dir).map((f) => f.code)).toEqual(['playbook-marker-missing']);
  });

  test('custom levels: the playbook must name them, not the default ones', () => {
    const dir = starterProject();
    editJson<SelfDrift>(dir, POLICY, (policy) => {
      policy.selfDrift = { ...policy.selfDrift, levels: ['Level 1', 'Tier 9'] };
    });
    editPlaybook(dir, (t) => t.replace(/Level 3/g, 'Tier 3'));
    expect(drift(dir).map((f) => [f.code, f.severity, f.message])).toEqual([
      [
        'playbook-classification-wording',
        'warn',
        'the playbook never says "Tier 9"; expected the automation levels by name (Level 1, Tier 9) so workflow ids are not read as levels',
      ],
    ]);
  });
});
