import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { globSync } from 'tinyglobby';

/** Folders no detection looks into: dependencies, build output, VCS and dsctl's own state. */
export const IGNORED_DIRS: readonly string[] = ['node_modules', '.git', '.next', '.nuxt', '.output', 'dist', 'build', 'out', '.svelte-kit', '.astro', '.angular', 'coverage', '.dsctl', '.turbo', '.vercel'];

const IGNORE_GLOBS = IGNORED_DIRS.map((d) => `**/${d}/**`);

/** Repo-relative files matching `patterns`, sorted; dependency and build folders left out. */
export function findFiles(root: string, patterns: readonly string[]): string[] {
  // The sync API keeps every detector a plain function returning plain data.
  return globSync([...patterns], { cwd: root, ignore: IGNORE_GLOBS, dot: false, onlyFiles: true }).sort();
}

export const exists = (root: string, rel: string): boolean => existsSync(join(root, rel));
export const isDir = (root: string, rel: string): boolean => exists(root, rel) && statSync(join(root, rel)).isDirectory();

export function readText(root: string, rel: string): string | undefined {
  try {
    return readFileSync(join(root, rel), 'utf8');
  } catch {
    return undefined;
  }
}

/** The entries of the folder apart from `.git`: what tells an empty folder from a repository. */
export function entriesBesidesGit(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root).filter((name) => name !== '.git');
}
