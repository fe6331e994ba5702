import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGateMatcher, gateFileGlobs, pointerGatedFiles } from '../../src/governance/gates.js';
import type { Policy } from '../../src/project/policy-schema.js';
import { loadPolicy } from '../../src/project/policy.js';
import { sharedStarterProject } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';

async function matcher() {
  const dir = sharedStarterProject();
  const loaded = await loadPolicy({ cwd: dir });
  return { dir, m: createGateMatcher(loaded.root, loaded.policy) };
}

const { dir, m } = await matcher();

describe('hard gates: path normalisation', () => {
  it.each([
    ['design/contracts/rules.json', 'contracts'],
    ['./design/contracts/rules.json', 'contracts'],
    ['design//contracts///tokens.json', 'contracts'],
    ['design/x/../contracts/tokens.json', 'contracts'],
    ['design\\contracts\\tokens.json', 'contracts'],
    ['DESIGN.md', 'design-md-body'],
    ['design.md', 'design-md-body'],
    ['Design/Contracts/Rules.JSON', 'contracts'],
    ['design/schemas/rules.schema.json', 'schemas'],
    ['.design-baseline.json', 'baseline'],
    ['dsctl.config.json', 'policy'],
    ['AGENTS.md', 'agents-md'],
    ['docs/loop-playbook.md', 'playbook'],
    ['design/contracts/components/new.contract.json', 'contracts'],
    ['design/contracts/caf\u0065\u0301.json', 'contracts'],
    ['.claude/settings.json', 'agent-settings'],
    ['.claude/settings.local.json', 'agent-settings'],
    ['.cursor/hooks.json', 'agent-settings'],
    ['.cursor/mcp.json', 'agent-settings'],
    ['.mcp.json', 'agent-settings'],
    ['.codex/config.toml', 'agent-settings'],
    ['.codex/hooks.json', 'agent-settings'],
    ['.github/workflows/design-check.yml', 'ci'],
    ['.github/workflows/new.yml', 'ci'],
    ['.github/CODEOWNERS', 'ci'],
    ['.git/hooks/pre-commit', 'git-hooks'],
    ['.husky/pre-commit', 'git-hooks'],
    ['package.json', 'ci-scripts'],
  ])('%s → %s', (path, gate) => {
    expect(m.match(path)?.gate.id).toBe(gate);
  });

  it('resolves absolute paths and paths relative to another cwd', () => {
    expect(m.match(join(dir, 'design/contracts/rules.json'))?.gate.id).toBe('contracts');
    expect(m.match('contracts/rules.json', { cwd: join(dir, 'design') })?.gate.id).toBe('contracts');
    expect(m.match('../AGENTS.md', { cwd: join(dir, 'examples') })?.gate.id).toBe('agents-md');
  });

  it.each(['.claude/commands/x.md', '.github/dependabot.yml', 'src/package.json', '.git/config.bak', 'examples/clean.html', 'src/App.tsx', 'design/generated/tokens.css', 'README.md', 'docs/loop-learnings/x.md', '/tmp/x', '../outside/DESIGN.md'])('leaves %s alone', (path) => {
    expect(m.match(path)).toBeUndefined();
  });

  it('follows a symlink that points into a protected folder', () => {
    const outside = tempDir();
    symlinkSync(join(dir, 'design/contracts'), join(dir, 'innocent'));
    symlinkSync(join(dir, 'design'), join(outside, 'elsewhere'));
    expect(m.match('innocent/rules.json')?.gate.id).toBe('contracts');
    expect(m.match(join(outside, 'elsewhere/contracts/new.json'))?.gate.id).toBe('contracts');
  });

  it('treats removing a parent folder as touching what is inside', () => {
    mkdirSync(join(dir, 'design/other'), { recursive: true });
    expect(m.match('design', { via: 'rm' })?.gate.id).toBe('contracts');
    expect(m.match('.', { via: 'rm' })).toBeDefined();
    expect(m.match('design', { via: 'touch' })).toBeUndefined();
    expect(m.match('design/other', { via: 'rm' })).toBeUndefined();
  });
});

describe('hard gates: JSON-pointer gates', () => {
  const policy = (hardGates: { id: string; paths: string[] }[]): Policy =>
    ({ version: '1', hardGates: hardGates.map((g) => ({ ...g, reason: `${g.id} reason`, allowGeneratedRegions: false })) }) as unknown as Policy;

  it('the starter protects only the design scripts of package.json', () => {
    expect(m.match('package.json')).toMatchObject({ gate: { id: 'ci-scripts' }, path: 'package.json', pointers: ['/scripts/design:check', '/scripts/design:lint', '/scripts/design:drift', '/scripts/design:build'] });
    expect(m.match('design/contracts/rules.json')?.pointers).toBeUndefined();
  });

  it.each([
    {
      name: 'pointers of several gates are merged, first gate named',
      gates: [{ id: 'a', paths: ['package.json#/scripts/x'] }, { id: 'b', paths: ['*.json#/scripts/y', 'package.json#/scripts/x'] }],
      want: { gate: 'a', pointers: ['/scripts/x', '/scripts/y'] },
    },
    {
      name: 'a whole-file gate wins over a pointer gate listed before it',
      gates: [{ id: 'a', paths: ['package.json#/scripts/x'] }, { id: 'b', paths: ['*.json'] }],
      want: { gate: 'b', pointers: undefined },
    },
    {
      name: 'a whole-file path in the same gate wins',
      gates: [{ id: 'a', paths: ['package.json#/scripts/x', 'package.json'] }],
      want: { gate: 'a', pointers: undefined },
    },
    {
      name: 'the glob part may be a glob',
      gates: [{ id: 'a', paths: ['**/package.json#/scripts/x'] }],
      want: { gate: 'a', pointers: ['/scripts/x'] },
    },
  ])('$name', ({ gates, want }) => {
    const hit = createGateMatcher(dir, policy(gates)).match('package.json');
    expect({ gate: hit?.gate.id, pointers: hit?.pointers }).toEqual(want);
  });

  it('a subtree write above a pointer-gated file protects the whole file', () => {
    const hit = createGateMatcher(dir, policy([{ id: 'a', paths: ['pkg/package.json#/scripts/x'] }])).match('pkg', { via: 'rm' });
    expect(hit?.gate.id).toBe('a');
    expect(hit?.pointers).toBeUndefined();
  });

  it('a symlink onto a whole-file gate is not downgraded to a pointer gate', () => {
    const root = tempDir();
    mkdirSync(join(root, 'design'));
    writeFileSync(join(root, 'design/real.json'), '{}');
    symlinkSync(join(root, 'design/real.json'), join(root, 'package.json'));
    const hit = createGateMatcher(root, policy([{ id: 'p', paths: ['package.json#/scripts/x'] }, { id: 'd', paths: ['design/**'] }])).match('package.json');
    expect(hit?.gate.id).toBe('d');
    expect(hit?.pointers).toBeUndefined();
  });

  it('lists the file globs and the pointer-gated files a guard watches', () => {
    const p = policy([{ id: 'a', paths: ['package.json#/scripts/x', 'package.json#/scripts/y', 'design/**'] }, { id: 'b', paths: ['tsconfig.json#/compilerOptions/strict'] }]);
    expect(gateFileGlobs(p)).toEqual(['package.json', 'design/**', 'tsconfig.json']);
    expect(pointerGatedFiles(dir, p, ['package.json', 'design/x.json', 'tsconfig.json', 'src/a.ts'])).toEqual(
      new Map([
        ['package.json', ['/scripts/x', '/scripts/y']],
        ['tsconfig.json', ['/compilerOptions/strict']],
      ]),
    );
  });
});
