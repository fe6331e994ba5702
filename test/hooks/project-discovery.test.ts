import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { discoverHookProjects, findConfig } from '../../src/project/config-discovery.js';
import { tempDir } from '../support/temp-dir.js';

const touch = (path: string, text = '{}') => {
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
};

describe('discoverHookProjects', () => {
  it('takes the outermost config up to the git top-level and ignores nested ones', () => {
    const repo = tempDir();
    mkdirSync(join(repo, '.git'));
    touch(join(repo, 'dsctl.config.json'));
    touch(join(repo, 'sub/dsctl.config.json'));
    touch(join(repo, 'sub/deeper/dsctl.config.json'));
    mkdirSync(join(repo, 'sub/deeper/x'), { recursive: true });
    expect(discoverHookProjects([join(repo, 'sub/deeper/x')])).toEqual({
      configs: [join(repo, 'dsctl.config.json')],
      ignored: [join(repo, 'sub/deeper/dsctl.config.json'), join(repo, 'sub/dsctl.config.json')],
      missing: [],
    });
    // The CLI keeps finding the nearest one.
    expect(findConfig(join(repo, 'sub/deeper/x'))).toBe(join(repo, 'sub/deeper/dsctl.config.json'));
  });

  it('does not look above the git top-level', () => {
    const outer = tempDir();
    touch(join(outer, 'dsctl.config.json'));
    mkdirSync(join(outer, 'repo/.git'), { recursive: true });
    expect(discoverHookProjects([join(outer, 'repo')]).configs).toEqual([]);
  });

  it('outside git, applies the nearest config and the outermost', () => {
    const outer = tempDir();
    touch(join(outer, 'dsctl.config.json'));
    touch(join(outer, 'app/dsctl.config.json'));
    expect([...discoverHookProjects([join(outer, 'app')]).configs].sort()).toEqual([join(outer, 'app/dsctl.config.json'), join(outer, 'dsctl.config.json')].sort());
  });

  it('joins the projects of every start, and reports a project whose config is missing', () => {
    const a = tempDir();
    const b = tempDir();
    mkdirSync(join(a, '.git'));
    touch(join(a, 'dsctl.config.json'));
    mkdirSync(join(b, '.git'));
    touch(join(b, 'design/policy.json'));
    const found = discoverHookProjects([a, join(b, 'design')]);
    expect(found.configs).toEqual([join(a, 'dsctl.config.json')]);
    expect(found.missing).toEqual([b]);
  });
});
