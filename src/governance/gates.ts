import picomatch from 'picomatch';
import type { Policy } from '../project/policy-schema.js';
import { splitGatePath } from './json-pointer-gate.js';
import { repoRelativeSpellings } from './paths.js';

export type HardGate = Policy['hardGates'][number];

export interface GateHit {
  readonly gate: HardGate;
  /** The repo-relative path that matched. */
  readonly path: string;
  /**
   * Set when the file is protected only at these JSON pointers (`package.json#/scripts/design:check`):
   * the pointers of every pointer-scoped gate path that matches the file. A whole-file match wins and
   * has none.
   */
  readonly pointers?: readonly string[];
}

// Writes that destroy or replace whatever is below them: `rm -rf design` touches design/contracts/**.
const SUBTREE_WRITES = new Set(['rm', 'rmdir', 'unlink', 'mv', 'git checkout', 'git restore', 'git rm', 'git mv', 'find -delete', 'rsync', 'chmod', 'chown']);

export interface GateMatcher {
  /**
   * The hard gate protecting `path` (as written by a tool, relative to `cwd`), or undefined.
   * `via` says how it is written; subtree writes also hit gates below the path.
   */
  match(path: string, options?: { cwd?: string; via?: string }): GateHit | undefined;
}

/**
 * Compiles the policy's hard gates once; paths are normalised before they are matched (see paths.ts).
 * Matching ignores case on every file system: `design.md` beside `DESIGN.md` is the same file on a
 * macOS or Windows clone of the repository, so writing it is writing the protected file.
 */
export function createGateMatcher(root: string, policy: Policy): GateMatcher {
  const nocase = true;
  const gates = policy.hardGates.map((gate) => {
    const parts = gate.paths.map(splitGatePath);
    const whole = parts.filter((p) => p.pointer === undefined).map((p) => p.glob);
    return {
      gate,
      test: whole.length ? picomatch(whole, { dot: true, nocase }) : () => false,
      scoped: parts.flatMap((p) => (p.pointer === undefined ? [] : [{ test: picomatch(p.glob, { dot: true, nocase }), pointer: p.pointer }])),
      bases: parts.map((p) => picomatch.scan(p.glob).base),
    };
  });
  const fold = (s: string) => (nocase ? s.toLowerCase() : s);
  return {
    match(path, options = {}) {
      // A whole-file match under any spelling (a symlink's target) wins over a pointer-scoped one.
      let scoped: { gate: HardGate; path: string; pointers: string[] } | undefined;
      for (const spelling of repoRelativeSpellings(root, path, options.cwd ?? root)) {
        for (const { gate, test, scoped: entries, bases } of gates) {
          if (spelling !== '.' && test(spelling)) return { gate, path: spelling };
          // Replacing or deleting a whole subtree replaces the file a pointer lives in: no pointers then.
          if (options.via !== undefined && SUBTREE_WRITES.has(options.via)) {
            const prefix = spelling === '.' ? '' : `${fold(spelling)}/`;
            if (bases.some((base) => fold(base).startsWith(prefix))) return { gate, path: spelling };
          }
          if (spelling === '.') continue;
          for (const entry of entries) {
            if (!entry.test(spelling) || (scoped !== undefined && scoped.path !== spelling)) continue;
            scoped ??= { gate, path: spelling, pointers: [] };
            if (!scoped.pointers.includes(entry.pointer)) scoped.pointers.push(entry.pointer);
          }
        }
      }
      return scoped;
    },
  };
}

/**
 * The file part of every gate path (`package.json` for `package.json#/scripts/x`), deduplicated, in
 * policy order: what a guard globs to list the files it watches.
 */
export function gateFileGlobs(policy: Policy): string[] {
  return [...new Set(policy.hardGates.flatMap((g) => g.paths.map((p) => splitGatePath(p).glob)))];
}

/**
 * Of `files` (repo-relative), those protected only at JSON pointers, with their pointers: a guard
 * compares these by value (`pointersUnchanged`) instead of by bytes. Files a whole-file gate covers
 * are not listed.
 */
export function pointerGatedFiles(root: string, policy: Policy, files: readonly string[]): Map<string, readonly string[]> {
  const matcher = createGateMatcher(root, policy);
  const out = new Map<string, readonly string[]>();
  for (const file of files) {
    const hit = matcher.match(file);
    if (hit?.pointers) out.set(file, hit.pointers);
  }
  return out;
}
