import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledContractValidators, compiledValidators } from '../../scripts/write-schemas.js';
import { validateConfig, validatePolicy } from '../../src/project/generated/config-validators.js';
import { loadPolicy, loadPolicyStrictly } from '../../src/project/policy.js';
import { editJson, starterProject } from '../support/project.js';

describe('loadPolicy: the hooks\' fast path', () => {
  it('is what the build generates from the zod schemas (run npm run build)', () => {
    expect(readFileSync(new URL('../../src/project/generated/config-validators.js', import.meta.url), 'utf8')).toBe(compiledValidators());
  });

  it('the precompiled contract validators are what the build generates from schemas/ (run npm run build)', () => {
    const root = new URL('../..', import.meta.url).pathname;
    expect(readFileSync(new URL('../../src/contracts/generated/contract-validators.js', import.meta.url), 'utf8')).toBe(compiledContractValidators(root));
  });

  it("accepts the starter's config and policy without zod, and returns exactly what zod returns", async () => {
    const dir = starterProject();
    expect(validateConfig(JSON.parse(readFileSync(join(dir, 'dsctl.config.json'), 'utf8')))).toBe(true);
    expect(validatePolicy(JSON.parse(readFileSync(join(dir, 'design/policy.json'), 'utf8')))).toBe(true);
    expect(await loadPolicy({ cwd: dir })).toEqual(await loadPolicyStrictly({ cwd: dir }));
  });

  it('fills defaults as zod does', async () => {
    const dir = starterProject();
    editJson<Record<string, unknown>>(dir, 'design/policy.json', (p) => {
      delete p.loops;
      delete p.hookExclusions;
    });
    editJson<Record<string, unknown>>(dir, 'dsctl.config.json', (c) => {
      delete c.lint;
    });
    const fast = await loadPolicy({ cwd: dir });
    expect(fast).toEqual(await loadPolicyStrictly({ cwd: dir }));
    expect(fast.policy.loops.maxRepairAttempts).toBe(3);
  });

  it('falls back to zod for an invalid policy, which names the problem', async () => {
    const dir = starterProject();
    editJson<{ hardGates: Record<string, unknown>[] }>(dir, 'design/policy.json', (p) => {
      p.hardGates[0] = { ...p.hardGates[0], pathz: ['x'] };
    });
    await expect(loadPolicy({ cwd: dir })).rejects.toThrow('invalid policy');
  });
});
