import { describe, expect, it } from 'vitest';
import { isUserError } from '../../src/diagnostics/user-error.js';
import { changedPointers, GATE_PATH, pointersUnchanged, splitGatePath, valueAt } from '../../src/governance/json-pointer-gate.js';
import { loadPolicy } from '../../src/project/policy.js';
import { editJson, starterProject } from '../support/project.js';

const pkg = (scripts: Record<string, string>, extra: Record<string, unknown> = {}) => JSON.stringify({ name: 'app', scripts, ...extra }, null, 2);
const base = pkg({ 'design:check': 'dsctl check', 'design:lint': 'dsctl lint --baseline' });
const P = ['/scripts/design:check', '/scripts/design:lint'];

describe('pointersUnchanged', () => {
  it.each([
    { name: 'an added dependency', after: pkg({ 'design:check': 'dsctl check', 'design:lint': 'dsctl lint --baseline' }, { dependencies: { left: '1.0.0' } }), want: true },
    { name: 'another script changed', after: pkg({ 'design:check': 'dsctl check', 'design:lint': 'dsctl lint --baseline', dev: 'vite' }), want: true },
    { name: 'keys reordered and reformatted', after: JSON.stringify({ scripts: { 'design:lint': 'dsctl lint --baseline', 'design:check': 'dsctl check' }, name: 'app' }), want: true },
    { name: 'a BOM before the JSON', after: `\ufeff${base}`, want: true },
    { name: 'a protected script changed', after: pkg({ 'design:check': 'true', 'design:lint': 'dsctl lint --baseline' }), want: false },
    { name: 'a protected script removed', after: pkg({ 'design:lint': 'dsctl lint --baseline' }), want: false },
    { name: 'scripts replaced by a string', after: JSON.stringify({ name: 'app', scripts: 'x' }), want: false },
    { name: 'after is not JSON', after: '{ "name": "app", ', want: false },
    { name: 'after is empty', after: '', want: false },
    { name: 'after is a JSON array', after: '[]', want: false },
  ])('$name → $want', ({ after, want }) => {
    expect(pointersUnchanged(P, base, after)).toBe(want);
  });

  it('sees a protected value appear, and compares values deeply', () => {
    expect(pointersUnchanged(['/scripts/design:drift'], base, pkg({ 'design:check': 'dsctl check', 'design:drift': 'dsctl drift' }))).toBe(false);
    expect(pointersUnchanged(['/a'], '{"a":{"x":[1,{"y":2}]}}', '{"a":{"x":[1,{"y":2}]}}')).toBe(true);
    expect(pointersUnchanged(['/a'], '{"a":{"x":[1,{"y":2}]}}', '{"a":{"x":[1,{"y":3}]}}')).toBe(false);
    expect(pointersUnchanged(['/a'], '{"a":1.0}', '{"a":1}')).toBe(true);
    // A before that is not JSON protected nothing: only an after without the pointer keeps it so.
    expect(pointersUnchanged(['/a'], 'not json', '{"b":1}')).toBe(true);
    expect(pointersUnchanged(['/a'], 'not json', '{"a":1}')).toBe(false);
  });

  it('fails closed on a malformed pointer', () => {
    expect(pointersUnchanged(['scripts'], base, base)).toBe(false);
    expect(pointersUnchanged(['/a~2b'], '{}', '{}')).toBe(false);
  });

  it('names the pointers that changed; a deleted file changes every one', () => {
    expect(changedPointers(P, base, pkg({ 'design:check': 'x', 'design:lint': 'dsctl lint --baseline' }))).toEqual(['/scripts/design:check']);
    expect(changedPointers(P, base, undefined)).toEqual(P);
    expect(changedPointers(P, undefined, '{}')).toEqual([]);
  });
});

describe('valueAt (RFC 6901)', () => {
  const doc = { 'a/b': 1, 'm~n': 2, list: [10, 20], '': 3 };
  it.each([
    ['/a~1b', { found: true, value: 1 }],
    ['/m~0n', { found: true, value: 2 }],
    ['/list/1', { found: true, value: 20 }],
    ['/list/01', { found: false }],
    ['/list/2', { found: false }],
    ['/list/-', { found: false }],
    ['/', { found: true, value: 3 }],
    ['/nope', { found: false }],
    ['/list/0/x', { found: false }],
    ['/toString', { found: false }],
  ])('%s', (pointer, want) => {
    expect(valueAt(doc, pointer)).toEqual(want);
  });
});

describe('gate paths', () => {
  it.each([
    ['package.json', { glob: 'package.json' }],
    ['package.json#/scripts/design:drift', { glob: 'package.json', pointer: '/scripts/design:drift' }],
    ['**/package.json#/scripts/a~1b', { glob: '**/package.json', pointer: '/scripts/a~1b' }],
    ['x.json#/a#b', { glob: 'x.json', pointer: '/a#b' }],
  ])('%s splits into glob and pointer', (path, want) => {
    expect(splitGatePath(path)).toEqual(want);
  });

  it.each([
    ['design/contracts/**', true],
    ['package.json#/scripts/design:check', true],
    ['package.json#/a/b~0~1', true],
    ['package.json#/', true],
    ['package.json#scripts', false],
    ['package.json#', false],
    ['package.json#/a~2', false],
    ['#/scripts', false],
  ])('%s is %s gate-path syntax', (path, ok) => {
    expect(GATE_PATH.test(path)).toBe(ok);
  });

  it('the policy schema rejects a bad pointer and a bad owner with a located error', async () => {
    for (const [edit, pointer, text] of [
      [(g: Record<string, unknown>) => (g.paths = ['package.json#scripts/design:check']), '/hardGates/0/paths/0', 'glob#/json/pointer'],
      [(g: Record<string, unknown>) => (g.owners = ['design-team']), '/hardGates/0/owners/0', '@org/team'],
      [(g: Record<string, unknown>) => (g.owners = []), '/hardGates/0/owners', ''],
    ] as const) {
      const dir = starterProject();
      editJson<{ hardGates: Record<string, unknown>[] }>(dir, 'design/policy.json', (p) => edit(p.hardGates[0] as Record<string, unknown>));
      const error = await loadPolicy({ cwd: dir }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(isUserError(error), String(error)).toBe(true);
      const found = JSON.stringify(error, Object.getOwnPropertyNames(error));
      expect(found).toContain(pointer);
      expect(found).toContain(text);
    }
  });

  it('the policy schema accepts owners of each GitHub shape', async () => {
    const dir = starterProject();
    editJson<{ hardGates: Record<string, unknown>[] }>(dir, 'design/policy.json', (p) => ((p.hardGates[0] as Record<string, unknown>).owners = ['@octocat', '@my-org/design_system', 'ds@example.com', '@org/team.name']));
    const loaded = await loadPolicy({ cwd: dir });
    expect(loaded.policy.hardGates[0]?.owners).toHaveLength(4);
  });
});
