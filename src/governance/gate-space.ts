/**
 * Where the gates are, for writes whose target is not one known path: a glob (`AGENTS.m?`), a folder
 * under which any name may be written (`tar -x`, `git reset --hard`, `… | xargs sed -i`), or the files
 * `find` picks by name. Globs are matched against the real file system and against the gates' own
 * paths (a glob that could name a gated file is a hit even before the file exists).
 */
import { homedir } from 'node:os';
import { basename, join, posix, resolve } from 'node:path';
import picomatch from 'picomatch';
import { globSync } from 'tinyglobby';
import type { Policy } from '../project/policy-schema.js';
import type { GateHit, HardGate } from './gates.js';
import { splitGatePath } from './json-pointer-gate.js';
import { repoRelativeSpellings } from './paths.js';
import { isInside, relativeInside } from '../io/paths.js';

/** A `find` test on names: `-name PAT`, `-iname PAT`, `-path PAT`, `-ipath PAT`. */
export interface FindFilter {
  readonly test: 'name' | 'path';
  readonly nocase: boolean;
  readonly pattern: string;
}

export interface Reached {
  readonly dir: string;
  readonly path: string;
  readonly gate: string;
}

export interface GateSpace {
  /** A shell path as a file system path: `?/x` from the project root, `~` the home, `/proc/…/cwd/x` the cwd; undefined when it cannot be known (`~user`). */
  localPath(path: string, cwd: string): string | undefined;
  isGlob(path: string): boolean;
  /** The gate a glob reaches: an existing file it expands to, or a gated path it could name. */
  globHit(glob: string, cwd: string): GateHit | undefined;
  /**
   * A gated path under `dir` (or the gate holding `dir`) that a write of unknown names there may reach;
   * with `filters` (find), only existing files those names pass.
   */
  reachedUnder(dir: string, cwd: string, filters: readonly FindFilter[] | undefined): Reached | undefined;
}

const GLOB = /[*?[]/;
/** Existing gated files listed at most: beyond this a find is judged as if every file passed. */
const MAX_GATED_FILES = 5000;

export function createGateSpace(root: string, policy: Policy): GateSpace {
  const gates = policy.hardGates.flatMap((gate: HardGate) =>
    gate.paths.map((p) => {
      const { glob } = splitGatePath(p);
      return { gate, glob, base: picomatch.scan(glob).base, test: picomatch(glob, { dot: true, nocase: true }) };
    }),
  );
  let gatedFiles: { gate: HardGate; path: string }[] | undefined;
  const existingGated = () => {
    if (gatedFiles) return gatedFiles;
    gatedFiles = [];
    for (const { gate, glob } of gates) {
      const found = globSync(glob, { cwd: root, dot: true, onlyFiles: false, expandDirectories: false, followSymbolicLinks: false, ignore: ['**/node_modules/**', '.git/**'] });
      for (const path of found.slice(0, MAX_GATED_FILES)) gatedFiles.push({ gate, path: path.replace(/\/$/, '') });
    }
    return gatedFiles;
  };
  /** `abs` inside the project (lexically or through links), or `.` when the project is inside it. */
  const projectSpellings = (abs: string): string[] => {
    if (isInside(abs, root)) return ['.'];
    return repoRelativeSpellings(root, abs, root);
  };
  const under = (dir: string, path: string) => dir === '.' || path === dir || path.toLowerCase().startsWith(`${dir.toLowerCase()}/`);

  return {
    localPath(path, cwd) {
      if (path === '?') return root;
      if (path.startsWith('?/')) return join(root, path.slice(2));
      if (path === '~' || path.startsWith('~/')) return join(homedir(), path.slice(1));
      if (path.startsWith('~')) return undefined; // ~user
      const proc = /^\/proc\/[^/]+\/(cwd|root)(?:\/(.*))?$/.exec(path);
      if (proc) return proc[1] === 'cwd' ? resolve(cwd, proc[2] ?? '.') : `/${proc[2] ?? ''}`;
      return path;
    },

    isGlob: (path) => GLOB.test(path),

    globHit(glob, cwd) {
      const abs = resolve(cwd, glob);
      // What the shell would expand it to now.
      let matches: string[] = [];
      try {
        matches = globSync(glob, { cwd, dot: true, onlyFiles: false, absolute: true, expandDirectories: false, followSymbolicLinks: false, ignore: ['**/node_modules/**'] }).slice(0, MAX_GATED_FILES);
      } catch {
        matches = [];
      }
      for (const match of matches) {
        for (const spelling of repoRelativeSpellings(root, match.replace(/\/$/, ''), cwd)) {
          for (const { gate, test } of gates) if (test(spelling)) return { gate, path: spelling };
        }
      }
      // What it could name once the gated file exists: the gates' literal paths, their folders, a file in them.
      const rel = relativeInside(root, abs);
      if (rel === undefined) return undefined;
      const test = picomatch(rel, { dot: true, nocase: true });
      for (const { gate, base } of gates) {
        const parts = base.split('/');
        const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
        candidates.push(posix.join(base, posix.basename(rel)));
        const named = candidates.find((c) => c !== '' && test(c));
        if (named) return { gate, path: named };
      }
      return undefined;
    },

    reachedUnder(dir, cwd, filters) {
      const abs = resolve(cwd, dir);
      for (const rel of projectSpellings(abs)) {
        if (filters) {
          // find's `*` crosses `/` in -path; entries are compared without a leading `./`, as picomatch reads them.
          const tests = filters.map((f) => ({ name: f.test === 'name', test: picomatch(f.test === 'name' ? f.pattern : f.pattern.replace(/^(\.\/)+/, ''), { dot: true, nocase: f.nocase, bash: true }) }));
          for (const { gate, path } of existingGated()) {
            if (under(rel, path) && passes(rel, dir, path, tests)) return { dir: rel, path, gate: gate.id };
          }
          continue;
        }
        for (const { gate, base } of gates) {
          // The gated paths below the folder, or the gate the folder itself lies in.
          if (base === '' || under(rel, base) || under(base, rel)) return { dir: rel, path: base || gate.paths[0] || rel, gate: gate.id };
        }
      }
      return undefined;
    },
  };
}

/** Whether `find ROOT` (written `written`, at repo path `root`) could act on `path` or a folder above it under all the `filters`. */
function passes(root: string, written: string, path: string, filters: readonly { name: boolean; test: (s: string) => boolean }[]): boolean {
  const sub = root === '.' ? path : path.slice(root.length + 1);
  const parts = sub === '' ? [] : sub.split('/');
  const entries = [written, ...parts.map((_, i) => posix.join(written, ...parts.slice(0, i + 1)))];
  return entries.some((entry) => filters.every((f) => f.test(f.name ? basename(entry) : entry)));
}
