import { existsSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { escapePath, glob } from 'tinyglobby';
import { UserError } from '../diagnostics/user-error.js';
import { git as runGit } from '../io/git.js';
import { relativeInside } from '../io/paths.js';
import type { Project } from '../project/project.js';
import { LINTABLE_EXTENSIONS, sourceTypeOf } from './engine.js';

/** Repo-relative, forward slashes, no `./`: the one spelling of a path in reports and baselines. */
export function projectPath(root: string, file: string): string {
  const rel = relative(root, resolve(root, file)).split(sep).join('/');
  return rel === '' ? '.' : rel;
}

export interface FileSelection {
  /** Absolute paths, sorted, unique. */
  readonly files: readonly string[];
  /** Paths given that match nothing lintable, to tell the user. */
  readonly skipped: readonly { readonly path: string; readonly reason: string }[];
}

/**
 * What `dsctl lint` lints: the given files, folders and globs, or else the config's include globs from
 * the project root; exclude globs apply to everything found by expansion, never to a file named outright.
 */
export async function selectFiles(project: Project, cwd: string, paths: readonly string[]): Promise<FileSelection> {
  const { include, exclude } = project.config.lint;
  const skipped: { path: string; reason: string }[] = [];
  const found = new Set<string>();
  const add = (matches: readonly string[]) => {
    for (const file of matches) if (sourceTypeOf(file)) found.add(resolve(file));
  };
  // A folder named on the command line: every lintable file under it, as ESLint 9 does — dot-folders
  // (`.storybook/`) included, `.git/` (which holds no UI) left out — minus the exclude globs (which
  // are relative to the project root).
  const expand = async (dir: string) => {
    const rel = relativeInside(project.root, resolve(project.root, dir));
    const inside = rel !== undefined;
    const pattern = `${inside && rel !== '' ? `${escapePath(rel)}/` : ''}**/*.{${LINTABLE_EXTENSIONS.map((e) => e.slice(1)).join(',')}}`;
    const ignore = [...(inside ? exclude : []), '**/.git/**'];
    add(await glob([pattern], { cwd: inside ? project.root : dir, ignore, dot: true, absolute: true, onlyFiles: true }));
  };
  if (paths.length === 0) {
    add(await glob([...include], { cwd: project.root, ignore: [...exclude], absolute: true, onlyFiles: true }));
  } else {
    for (const path of paths) {
      const abs = resolve(cwd, path);
      if (!existsSync(abs)) {
        // Not a file or folder: maybe a glob the shell did not expand.
        const matches = await glob([path], { cwd, ignore: [...exclude], absolute: true, onlyFiles: true });
        if (!matches.some((m) => sourceTypeOf(m))) skipped.push({ path, reason: 'no such file, folder or matching glob' });
        add(matches);
      } else if (statSync(abs).isDirectory()) {
        await expand(abs);
      } else if (!sourceTypeOf(abs)) {
        skipped.push({ path, reason: `not a file type dsctl lints (${LINTABLE_EXTENSIONS.join(', ')})` });
      } else {
        found.add(abs);
      }
    }
  }
  return { files: [...found].sort(), skipped };
}

/** Files changed against `base` (default: HEAD, i.e. uncommitted work), including untracked ones. */
export function changedFiles(project: Project, base: string | undefined): string[] {
  const git = (args: string[]) => runGit(project.root, args, 'lint/git');
  const top = git(['rev-parse', '--show-toplevel']).trim();
  const from = base === undefined ? 'HEAD' : git(['merge-base', base, 'HEAD']).trim();
  const names = [
    ...git(['diff', '--name-only', '--diff-filter=ACMR', '-z', from]).split('\0'),
    ...git(['ls-files', '--others', '--exclude-standard', '-z']).split('\0'),
  ].filter(Boolean);
  const { include, exclude } = project.config.lint;
  const included = picomatch([...include], { dot: false });
  const excluded = picomatch([...exclude], { dot: true });
  const out = new Set<string>();
  for (const name of names) {
    const abs = isAbsolute(name) ? name : join(top, name);
    const rel = relativeInside(project.root, abs);
    if (rel === undefined || !sourceTypeOf(abs) || !existsSync(abs)) continue;
    if (included(rel) && !excluded(rel)) out.add(abs);
  }
  return [...out].sort();
}

/** `--shard 2/4`: the second of four deterministic slices of the sorted file list. */
export function parseShard(value: string): { index: number; count: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count) {
    throw new UserError('usage/shard', `--shard expects k/n with 1 ≤ k ≤ n (e.g. 1/4), got "${value}"`);
  }
  return { index, count };
}

export function shard<T>(items: readonly T[], { index, count }: { index: number; count: number }): T[] {
  return items.filter((_, i) => i % count === index - 1);
}
