import { cpSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { gitIn } from './git-repo.js';
import { tempDir } from './temp-dir.js';

/** A fixture app of test/fixtures/adopt/ as a fresh git repository (its `gitignore` becomes `.gitignore`). */
export function checkoutAdoptFixture(name: string): string {
  const dir = join(tempDir('dsctl-adopt-e2e-'), name);
  cpSync(new URL(`../fixtures/adopt/${name}/`, import.meta.url), dir, { recursive: true });
  renameSync(join(dir, 'gitignore'), join(dir, '.gitignore'));
  const git = gitIn(dir);
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'the app');
  return dir;
}
