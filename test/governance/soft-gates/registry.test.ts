import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SOFT_GATES, softGateById, unknownSoftGate } from '../../../src/governance/soft-gates/index.js';
import { SoftGateEntrySchema } from '../../../src/governance/soft-gates/policy-entry.js';
import { PolicySchema } from '../../../src/project/policy-schema.js';
import { starterFiles } from '../../../src/project/init.js';
import { memoryView } from './memory-view.js';

describe('the soft-gate registry', () => {
  it('is sorted by id, each id once, each the name of its file', () => {
    const ids = SOFT_GATES.map((g) => g.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(existsSync(new URL(`../../../src/governance/soft-gates/${id}.ts`, import.meta.url)), id).toBe(true);
  });

  it("is what the starter policy lists, and the starter's entries parse", () => {
    const policy = PolicySchema.parse(JSON.parse(starterFiles().get('design/policy.json') ?? '{}'));
    expect(policy.softGates.map((g) => g.id).sort()).toEqual(SOFT_GATES.map((g) => g.id));
  });

  it('says "did you mean" for a mistyped id, and lists the ids otherwise', () => {
    expect(unknownSoftGate('test-weaken')).toBe('unknown soft gate "test-weaken": did you mean "test-weakening"?');
    expect(unknownSoftGate('zzz')).toBe(`unknown soft gate "zzz": expected one of ${SOFT_GATES.map((g) => g.id).join(', ')}`);
    expect(softGateById('release')?.id).toBe('release');
    expect(softGateById('nope')).toBeUndefined();
  });
});

describe.each(SOFT_GATES.map((gate) => ({ id: gate.id, gate })))('soft gate $id conforms', ({ gate }) => {
  it('has docs, a need, and the words of its escalation', () => {
    expect(gate.meta.docs.length).toBeGreaterThan(40);
    expect(['approval', 'human']).toContain(gate.meta.needs);
    expect(gate.meta.stuck).toMatch(/\S/);
    expect(gate.meta.question).toMatch(/\?$/);
  });

  it('has an options schema whose defaults parse from {}, and that refuses unknown keys', () => {
    const options = gate.meta.options.parse({});
    expect(typeof options.blocking).toBe('boolean');
    expect(gate.meta.options.safeParse({ bogus: 1 }).success).toBe(false);
  });

  it('finds nothing in an empty change, with or without an old side', () => {
    const options = gate.meta.options.parse({}) as Parameters<typeof gate.detect>[1];
    expect(gate.detect(memoryView(), options)).toEqual([]);
    expect(gate.detect(memoryView({ compares: false }), options)).toEqual([]);
    expect(['string', 'undefined']).toContain(typeof gate.cannotRun(options));
  });

  it('has a policy entry that takes its options as written, defaults shown but not filled in', () => {
    const entry = { id: gate.id, description: 'x', options: {} };
    expect(SoftGateEntrySchema.parse(entry)).toEqual(entry);
    const schema = z.toJSONSchema(SoftGateEntrySchema, { io: 'input' }) as unknown as { oneOf: { properties: { id: { const: string }; options: { properties: Record<string, { default?: unknown }> } } }[] };
    const branch = schema.oneOf.find((b) => b.properties.id.const === gate.id);
    expect(branch?.properties.options.properties.blocking?.default).toBe(gate.meta.options.parse({}).blocking);
  });
});

describe('policy.softGates in the policy schema', () => {
  const policy = (softGates: unknown) => ({ version: '1', hardGates: [], softGates });
  const issues = (softGates: unknown) => PolicySchema.safeParse(policy(softGates)).error?.issues.map((i) => `${i.path.join('/')}: ${i.message}`);

  it('refuses an unknown id with did-you-mean, at the id', () => {
    expect(issues([{ id: 'test-weakening', description: 'x' }, { id: 'rule-chnge', description: 'x' }])).toEqual(['softGates/1/id: unknown soft gate "rule-chnge": did you mean "rule-change"?']);
    expect(issues([{ description: 'x' }])?.[0]).toContain('softGates/0/id: expected a soft-gate id: one of brand-approval');
  });

  it("checks each entry's options with its gate's schema", () => {
    expect(issues([{ id: 'test-weakening', description: 'x', options: { assertionPattern: '(' } }])?.[0]).toMatch(/^softGates\/0\/options\/assertionPattern: the pattern "\(" does not compile/);
    expect(issues([{ id: 'release', description: 'x', options: { contract: 'x' } }])?.[0]).toContain('softGates/0/options');
    expect(issues([{ id: 'mcp-public-contract', description: 'x', options: { contract: 'test/golden/mcp-contract.json' } }])).toBeUndefined();
  });
});
