import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDoctor } from '../../src/doctor/run.js';
import type { InstallResult } from '../../src/hooks/install.js';
import { BIN, dsctl } from '../support/cli.js';
import { starterRepo, type StarterRepo } from '../support/git-repo.js';
import { editJson } from '../support/project.js';

/** husky 9's stubs (`husky` writes them to .husky/_ on `npm install`): git runs the stub, the stub runs .husky/<hook> with sh -e. */
function huskyStubs(app: string): void {
  mkdirSync(join(app, '.husky/_'), { recursive: true });
  writeFileSync(join(app, '.husky/_/h'), '#!/usr/bin/env sh\nn=$(basename "$0")\ns=$(dirname "$(dirname "$0")")/$n\n[ ! -f "$s" ] && exit 0\nexport PATH="node_modules/.bin:$PATH"\nsh -e "$s" "$@"\nc=$?\n[ $c != 0 ] && echo "husky - $n script failed (code $c)"\nexit $c\n', { mode: 0o755 });
  writeFileSync(join(app, '.husky/_/pre-commit'), '#!/usr/bin/env sh\n. "${0%/*}/h"\n', { mode: 0o755 });
  writeFileSync(join(app, '.husky/_/.gitignore'), '*\n');
}

/** A starter repository whose team runs its own pre-commit (`echo`s a mark) through husky, set up by `husky`. */
function huskyRepo(setUp: (repo: StarterRepo) => void): StarterRepo & { install: () => InstallResult } {
  const repo = starterRepo('dsctl-husky-');
  // The launcher runs this build, as `npm install` would give it.
  editJson(repo.app, 'dsctl.config.json', (config) => void (config.launcher = { dsctl: BIN }));
  mkdirSync(join(repo.app, '.husky'), { recursive: true });
  writeFileSync(join(repo.app, '.husky/pre-commit'), '#!/usr/bin/env sh\necho team-hook-ran > .team-hook-ran\n');
  chmodSync(join(repo.app, '.husky/pre-commit'), 0o755);
  setUp(repo);
  const install = () => {
    const run = dsctl(['hooks', 'install', '--git', '--json'], repo.app);
    expect(run.code, run.stderr).toBe(0);
    return (JSON.parse(run.stdout) as { data: { results: InstallResult[] } }).data.results[0]!;
  };
  return { ...repo, install };
}

const gitHookFindings = async (app: string) => (await runDoctor({ cwd: app, only: ['git-hook'] })).checks[0]!.findings;
const commit = (app: string, path: string) => {
  spawnSync('git', ['add', path], { cwd: app });
  return spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', 'commit', '-qm', path], { cwd: app, encoding: 'utf8' });
};

describe('dsctl hooks install --git in a repository on husky (real git)', () => {
  it.each([
    ['husky 9 (core.hooksPath=.husky/_)', ({ app, git }: StarterRepo) => (huskyStubs(app), git('config', 'core.hooksPath', '.husky/_'))],
    ['husky 4 to 8 (core.hooksPath=.husky)', ({ git }: StarterRepo) => void git('config', 'core.hooksPath', '.husky')],
  ])('%s: appends to .husky/pre-commit once, git runs it, doctor agrees', async (_name, setUp) => {
    const { app, git, install } = huskyRepo(setUp);
    const first = install();
    expect(first).toMatchObject({ target: 'git', file: join(app, '.husky/pre-commit'), added: 1 });
    expect(first.warning).toBeUndefined();
    const text = readFileSync(join(app, '.husky/pre-commit'), 'utf8');
    // The team's hook is kept, first; the check follows it.
    expect(text).toMatch(/^#!\/usr\/bin\/env sh\necho team-hook-ran > \.team-hook-ran\n\n# dsctl: hard gates\n\.dsctl\/bin\/dsctl gate check --staged \|\| exit 1\n$/);
    expect(install()).toMatchObject({ added: 0 });
    expect(readFileSync(join(app, '.husky/pre-commit'), 'utf8')).toBe(text);
    expect(existsSync(join(app, '.git/hooks/pre-commit'))).toBe(false);
    // Not husky's own stub, which husky rewrites (and which ends before anything appended to it).
    if (existsSync(join(app, '.husky/_/pre-commit'))) expect(readFileSync(join(app, '.husky/_/pre-commit'), 'utf8')).not.toContain('dsctl');
    expect(await gitHookFindings(app)).toEqual([]);

    writeFileSync(join(app, 'README.md'), '# app\n');
    const readme = commit(app, 'README.md');
    expect(readme.status, readme.stderr).toBe(0);
    expect(existsSync(join(app, '.team-hook-ran'))).toBe(true);
    writeFileSync(join(app, 'design/contracts/rules.json'), '{}\n');
    const contract = commit(app, 'design/contracts/rules.json');
    expect(contract.status).not.toBe(0);
    expect(contract.stderr).toContain('design/contracts/rules.json');
    expect(git('log', '-1', '--format=%s').trim()).toBe('README.md');
    expect(git('diff', '--cached', '--name-only').trim()).toBe('design/contracts/rules.json');
  });

  it('a .husky folder husky has not set up in this clone yet: the check goes to .husky/pre-commit, and both say to run npm install', async () => {
    const { app, git, install } = huskyRepo(() => {});
    const result = install();
    expect(result).toMatchObject({ file: join(app, '.husky/pre-commit'), added: 1, warning: expect.stringContaining('npm install') });
    expect(existsSync(join(app, '.git/hooks/pre-commit'))).toBe(false);
    expect(await gitHookFindings(app)).toEqual([expect.objectContaining({ code: 'husky-inactive', file: '.husky/pre-commit', message: expect.stringContaining('git runs its hooks from .git/hooks'), fix: expect.stringMatching(/^run `npm install`[^,]*$/) })]);
    // What `npm install` does (husky's `prepare`): from then on git runs it.
    huskyStubs(app);
    git('config', 'core.hooksPath', '.husky/_');
    expect(await gitHookFindings(app)).toEqual([]);
    expect(install()).toMatchObject({ added: 0 });
  });

  it('without husky, the hook is git\'s own, as before', async () => {
    const { app } = starterRepo('dsctl-git-hook-');
    const run = dsctl(['hooks', 'install', '--git', '--json'], app);
    expect((JSON.parse(run.stdout) as { data: { results: InstallResult[] } }).data.results[0]).toEqual({ target: 'git', file: join(app, '.git/hooks/pre-commit'), added: 1 });
    expect(readFileSync(join(app, '.git/hooks/pre-commit'), 'utf8')).toBe('#!/bin/sh\n# dsctl: hard gates\n.dsctl/bin/dsctl gate check --staged || exit 1\n');
  });
});
