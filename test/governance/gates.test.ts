import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGateMatcher } from '../../src/governance/gates.js';
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
  ])('%s → %s', (path, gate) => {
    expect(m.match(path)?.gate.id).toBe(gate);
  });

  it('resolves absolute paths and paths relative to another cwd', () => {
    expect(m.match(join(dir, 'design/contracts/rules.json'))?.gate.id).toBe('contracts');
    expect(m.match('contracts/rules.json', { cwd: join(dir, 'design') })?.gate.id).toBe('contracts');
    expect(m.match('../AGENTS.md', { cwd: join(dir, 'examples') })?.gate.id).toBe('agents-md');
  });

  it.each(['examples/clean.html', 'src/App.tsx', 'design/generated/tokens.css', 'README.md', 'docs/loop-learnings/x.md', '/tmp/x', '../outside/DESIGN.md'])('leaves %s alone', (path) => {
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
