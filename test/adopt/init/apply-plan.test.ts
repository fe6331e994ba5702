import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyPlan } from '../../../src/adopt/apply-plan.js';
import { detectRepo } from '../../../src/adopt/detect/index.js';
import type { AdoptPlan, PlannedWrite } from '../../../src/adopt/plan.js';
import { tempDir } from '../../support/temp-dir.js';

const planOf = (root: string, writes: PlannedWrite[]): AdoptPlan => ({ root, detection: detectRepo(root), writes, kept: [], launcher: [], generated: [], conflicts: [], notes: [], dirty: undefined });

describe('applyPlan', () => {
  it('writes nothing at all when one file cannot be staged: no half-written file, no temp file left', () => {
    const root = tempDir();
    writeFileSync(join(root, 'package.json'), '{}\n');
    // `blocker` is a file, so nothing can be written under it.
    writeFileSync(join(root, 'blocker'), '');
    mkdirSync(join(root, 'design'));
    const plan = planOf(root, [
      { path: 'design/tokens.json', action: 'create', content: '{"a":1}\n', why: '' },
      { path: 'blocker/x.json', action: 'create', content: '{}', why: '' },
      { path: 'package.json', action: 'change', content: '{"scripts":{}}\n', why: '' },
    ]);
    expect(() => applyPlan(plan)).toThrow();
    expect(existsSync(join(root, 'design/tokens.json'))).toBe(false);
    expect(readdirSync(join(root, 'design'))).toEqual([]);
    expect(readFileSync(join(root, 'package.json'), 'utf8')).toBe('{}\n');
    expect(readdirSync(root).sort()).toEqual(['blocker', 'design', 'package.json']);
  });

  it('renames every staged file into place, in plan order', () => {
    const root = tempDir();
    const plan = planOf(root, [
      { path: 'a/b.json', action: 'create', content: 'b', why: '' },
      { path: 'package.json', action: 'create', content: 'p', why: '' },
    ]);
    expect(applyPlan(plan)).toEqual(['a/b.json', 'package.json']);
    expect(readFileSync(join(root, 'a/b.json'), 'utf8')).toBe('b');
    expect(readdirSync(join(root, 'a'))).toEqual(['b.json']);
  });
});
