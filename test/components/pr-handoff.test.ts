import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changeDiff, changedSince, kebabCase, prHandoff, workTreeState } from '../../src/components/pr-handoff.js';
import { gitIn } from '../support/git-repo.js';
import { starterProject } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';

function repo() {
  const dir = starterProject();
  const git = gitIn(dir);
  git('init', '-q', '-b', 'main');
  git('config', 'user.name', 't');
  git('config', 'user.email', 't@t');
  git('add', '-A');
  git('commit', '-qm', 'starter');
  return { dir, git };
}

describe('PR handoff', () => {
  it.each([
    ['Badge', 'badge'],
    ['IconButton', 'icon-button'],
    ['DatePicker2', 'date-picker2'],
    ['HTMLEditor', 'html-editor'],
  ])('%s → component/%s', (name, kebab) => {
    expect(kebabCase(name)).toBe(kebab);
  });

  it('the files the run changed are those not dirty before it, .dsctl/ left out', () => {
    const { dir } = repo();
    writeFileSync(join(dir, 'notes.txt'), 'mine\n');
    const before = workTreeState(dir);
    writeFileSync(join(dir, 'src/components/Badge/index.tsx'), 'export {};\n');
    writeFileSync(join(dir, 'notes.txt'), 'still mine\n');
    mkdirSync(join(dir, '.dsctl/handoff'), { recursive: true });
    writeFileSync(join(dir, '.dsctl/handoff/x.json'), '{}');
    expect(changedSince(dir, before)).toEqual(['src/components/Badge/index.tsx']);
  });

  it('the diff the author reviews: tracked files against HEAD, new files in full, cut at maxLines', () => {
    const { dir } = repo();
    writeFileSync(join(dir, 'src/components/Badge/index.tsx'), 'export {};\n');
    mkdirSync(join(dir, 'src/components/Chip'), { recursive: true });
    writeFileSync(join(dir, 'src/components/Chip/index.tsx'), 'export const Chip = 1;\n');
    const diff = changeDiff(dir, ['src/components/Badge/index.tsx', 'src/components/Chip/index.tsx']);
    expect(diff).toContain('+++ b/src/components/Badge/index.tsx');
    expect(diff).toContain('+export {};');
    expect(diff).toContain('+++ b/src/components/Chip/index.tsx');
    expect(diff).toContain('+export const Chip = 1;');
    expect(changeDiff(dir, ['src/components/Badge/index.tsx'], 3).split('\n')).toHaveLength(4);
  });

  it('with gh logged in: pushes the branch and opens the PR with the body file', () => {
    const { dir, git } = repo();
    const origin = tempDir('dsctl-origin-');
    gitIn(origin)('init', '-q', '--bare');
    git('remote', 'add', 'origin', origin);
    const bin = tempDir('dsctl-gh-');
    const gh = join(bin, 'gh');
    writeFileSync(gh, `#!/bin/sh\nif [ "$1" = auth ]; then exit 0; fi\nprintf '%s\\n' "$@" > ${JSON.stringify(join(bin, 'args'))}\necho https://github.com/acme/app/pull/7\n`);
    chmodSync(gh, 0o755);
    writeFileSync(join(dir, 'src/components/Badge/index.tsx'), 'export function Badge() { return null; }\n');
    const result = prHandoff({ root: dir, runId: 'r1', component: 'Badge', files: ['src/components/Badge/index.tsx'], review: '.dsctl/handoff/Badge.review.json', gh });
    expect(result).toMatchObject({ mode: 'gh', branch: 'component/badge', url: 'https://github.com/acme/app/pull/7', body: '.dsctl/handoff/Badge.pr.md' });
    expect(gitIn(origin)('rev-parse', 'component/badge').trim()).toBe(result.commit);
    const args = readFileSync(join(bin, 'args'), 'utf8').split('\n');
    expect(args.slice(0, 6)).toEqual(['pr', 'create', '--head', 'component/badge', '--title', 'Add the Badge component']);
    expect(readFileSync(join(dir, '.dsctl/handoff/Badge.pr.md'), 'utf8')).toContain('`src/components/Badge/index.tsx`');
    expect(git('rev-parse', '--abbrev-ref', 'HEAD').trim()).toBe('component/badge');
  });

  it('without gh: a commit on the branch, its patch and the PR body; outside git only the body', () => {
    const { dir, git } = repo();
    writeFileSync(join(dir, 'src/components/Badge/index.tsx'), 'export function Badge() { return null; }\n');
    const result = prHandoff({ root: dir, runId: 'r1', component: 'Badge', files: ['src/components/Badge/index.tsx'], review: 'none.json', gh: join(tempDir(), 'no-gh') });
    expect(result).toMatchObject({ mode: 'patch', branch: 'component/badge', patch: '.dsctl/handoff/Badge.patch' });
    expect(git('log', '-1', '--format=%s').trim()).toBe('Add the Badge component');
    expect(readFileSync(join(dir, '.dsctl/handoff/Badge.patch'), 'utf8')).toContain('+export function Badge() { return null; }');

    const plain = starterProject();
    expect(prHandoff({ root: plain, runId: 'r1', component: 'Badge', files: ['src/components/Badge/index.tsx'], review: 'none.json' })).toMatchObject({ mode: 'none', body: '.dsctl/handoff/Badge.pr.md' });
  });
});
