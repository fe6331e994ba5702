import { chmodSync, existsSync, lstatSync, readFileSync, readlinkSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createWorkspaceGuard } from '../../src/governance/workspace-guard.js';
import type { Policy } from '../../src/project/policy-schema.js';
import { tempDir } from '../support/temp-dir.js';

const gate = (id: string, paths: string[], allowGeneratedRegions = false) => ({ id, paths, reason: 'r', allowGeneratedRegions });
const policy = (gates: ReturnType<typeof gate>[]) => ({ hardGates: gates }) as unknown as Policy;

function project(): string {
  const dir = tempDir('dsctl-guard-');
  writeFileSync(join(dir, 'rules.json'), '{"a":1}\n');
  writeFileSync(join(dir, 'package.json'), '{\n  "scripts": {\n    "design:lint": "dsctl lint"\n  },\n  "dependencies": {}\n}\n');
  writeFileSync(join(dir, 'DESIGN.md'), 'body\n');
  return dir;
}

const GATES = policy([gate('rules', ['rules.json', 'NOTICE.md']), gate('scripts', ['package.json#/scripts/design:lint']), gate('design', ['DESIGN.md'], true)]);

describe('the workspace guard', () => {
  it.each([
    ['bytes', (d: string) => writeFileSync(join(d, 'rules.json'), '{}'), 'modified'],
    ['mode', (d: string) => chmodSync(join(d, 'rules.json'), 0o755), 'modified'],
    ['type (a link in place of the file)', (d: string) => (rmSync(join(d, 'rules.json')), symlinkSync('/etc/hostname', join(d, 'rules.json'))), 'modified'],
    ['deletion', (d: string) => rmSync(join(d, 'rules.json')), 'deleted'],
  ] as const)('puts back a change of %s', (_, change, kind) => {
    const dir = project();
    const guard = createWorkspaceGuard(dir, GATES, join(dir, '.blobs'));
    const before = guard.snapshot();
    change(dir);
    const changes = guard.restore(before, join(dir, '.evidence'));
    expect(changes).toEqual([expect.objectContaining({ path: 'rules.json', gate: 'rules', change: kind, outcome: 'reverted' })]);
    expect(lstatSync(join(dir, 'rules.json')).isFile()).toBe(true);
    expect(statSync(join(dir, 'rules.json')).mode & 0o777).toBe(0o644);
    expect(readFileSync(join(dir, 'rules.json'), 'utf8')).toBe('{"a":1}\n');
  });

  it('removes a gated file that did not exist, keeping it as evidence', () => {
    const dir = project();
    const guard = createWorkspaceGuard(dir, GATES, join(dir, '.blobs'));
    const before = guard.snapshot();
    writeFileSync(join(dir, 'NOTICE.md'), 'new');
    expect(guard.restore(before, join(dir, '.evidence'))).toEqual([{ path: 'NOTICE.md', gate: 'rules', change: 'created', outcome: 'reverted', kept: '.evidence/NOTICE.md' }]);
    expect(existsSync(join(dir, 'NOTICE.md'))).toBe(false);
  });

  it('restores a gated symlink as a symlink', () => {
    const dir = project();
    rmSync(join(dir, 'DESIGN.md'));
    symlinkSync('rules.json', join(dir, 'DESIGN.md'));
    const guard = createWorkspaceGuard(dir, GATES, join(dir, '.blobs'));
    const before = guard.snapshot();
    rmSync(join(dir, 'DESIGN.md'));
    writeFileSync(join(dir, 'DESIGN.md'), 'replaced');
    expect(guard.restore(before, join(dir, '.evidence')).map((c) => c.path)).toEqual(['DESIGN.md']);
    expect(readlinkSync(join(dir, 'DESIGN.md'))).toBe('rules.json');
  });

  it('a pointer gate: other edits stay, the protected value comes back', () => {
    const dir = project();
    const guard = createWorkspaceGuard(dir, GATES, join(dir, '.blobs'));
    const before = guard.snapshot();
    writeFileSync(join(dir, 'package.json'), '{\n  "scripts": {\n    "design:lint": "dsctl lint"\n  },\n  "dependencies": { "zod": "4.0.0" }\n}\n');
    expect(guard.restore(before, join(dir, '.evidence'))).toEqual([]);
    const again = guard.snapshot();
    writeFileSync(join(dir, 'package.json'), '{\n  "scripts": {\n    "design:lint": "true"\n  },\n  "dependencies": { "zod": "4.0.0", "x": "1" }\n}\n');
    expect(guard.restore(again, join(dir, '.evidence'))).toEqual([expect.objectContaining({ path: 'package.json', gate: 'scripts', outcome: 'reverted' })]);
    const now = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
    expect(now).toEqual({ scripts: { 'design:lint': 'dsctl lint' }, dependencies: { zod: '4.0.0', x: '1' } });
    // Not JSON any more: the whole saved file comes back.
    const third = guard.snapshot();
    writeFileSync(join(dir, 'package.json'), 'not json');
    guard.restore(third, join(dir, '.evidence'));
    expect(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))).toEqual(now);
  });

  it('two-layered files: a region-only change is allowed by the checker passed in; without one it is put back (fail closed)', () => {
    const dir = project();
    const regionsOnly = () => true;
    const withChecker = createWorkspaceGuard(dir, GATES, join(dir, '.blobs'), { onlyGeneratedRegionsChanged: regionsOnly });
    let before = withChecker.snapshot();
    writeFileSync(join(dir, 'DESIGN.md'), 'body, regenerated\n');
    expect(withChecker.restore(before, join(dir, '.evidence'))).toEqual([expect.objectContaining({ path: 'DESIGN.md', outcome: 'allowed' })]);
    const without = createWorkspaceGuard(dir, GATES, join(dir, '.blobs'));
    before = without.snapshot();
    writeFileSync(join(dir, 'DESIGN.md'), 'body, changed\n');
    expect(without.restore(before, join(dir, '.evidence'))).toEqual([expect.objectContaining({ path: 'DESIGN.md', outcome: 'reverted' })]);
    expect(readFileSync(join(dir, 'DESIGN.md'), 'utf8')).toBe('body, regenerated\n');
  });
});
