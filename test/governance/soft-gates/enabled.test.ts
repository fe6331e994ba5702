import { SOFT_GATES } from '../../../src/governance/soft-gates/index.js';
import { describe, expect, it } from 'vitest';
import { enabledSoftGates } from '../../../src/governance/soft-gates/enabled.js';
import { isUserError } from '../../../src/diagnostics/user-error.js';
import { loadPolicy } from '../../../src/project/policy.js';
import { editJson, starterProject } from '../../support/project.js';

type Entry = { id: string; description: string; options?: Record<string, unknown> };
const withSoftGates = async (softGates: Entry[]) => {
  const app = starterProject();
  editJson<{ softGates: Entry[] }>(app, 'design/policy.json', (p) => (p.softGates = softGates));
  return loadPolicy({ cwd: app });
};
const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (isUserError(error)) return { code: error.code, location: error.location, details: error.details };
    throw error;
  }
  throw new Error('expected a UserError');
};

describe('enabledSoftGates: what the gate check runs', () => {
  it('runs only the listed gates, in policy order, with their defaults filled in', async () => {
    const enabled = enabledSoftGates(await withSoftGates([{ id: 'rule-change', description: 'r' }, { id: 'test-weakening', description: 't', options: { testFileGlobs: ['checks/**'] } }]));
    expect(enabled.map((e) => e.gate.id)).toEqual(['rule-change', 'test-weakening']);
    expect(enabled[1]?.options).toMatchObject({ testFileGlobs: ['checks/**'], blocking: true, assertionPattern: expect.stringContaining('expect') });
  });

  it('the starter runs every soft gate', async () => {
    expect(enabledSoftGates(await loadPolicy({ cwd: starterProject() })).map((e) => e.gate.id).sort()).toEqual(SOFT_GATES.map((g) => g.id).sort());
  });

  it("locates what the hooks' fast path lets through: a pattern that can backtrack catastrophically", async () => {
    const loaded = await withSoftGates([{ id: 'test-weakening', description: 't', options: { assertionPattern: '(a+)+$' } }]);
    const error = thrown(() => enabledSoftGates(loaded));
    expect(error).toMatchObject({ code: 'policy/invalid', location: { file: 'design/policy.json', pointer: '/softGates/0/options/assertionPattern', line: expect.any(Number) } });
    expect(error.details[0]).toContain('ReDoS');
  });

  it('locates a gate listed twice', async () => {
    const loaded = await withSoftGates([{ id: 'release', description: 'a' }, { id: 'release', description: 'b' }]);
    expect(thrown(() => enabledSoftGates(loaded))).toMatchObject({ location: { pointer: '/softGates/1/id' }, details: [expect.stringContaining('soft gate "release" is listed twice (first at /softGates/0)')] });
  });

  it('a policy with an unknown id does not load at all: located, with did-you-mean', async () => {
    await expect(withSoftGates([{ id: 'brand-aproval', description: 'x' }])).rejects.toMatchObject({ code: 'policy/invalid', location: { pointer: '/softGates/0/id' }, details: [expect.stringContaining('did you mean "brand-approval"?')] });
  });
});
