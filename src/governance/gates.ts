import picomatch from 'picomatch';
import type { Policy } from '../project/policy-schema.js';
import { repoRelativeSpellings } from './paths.js';

export type HardGate = Policy['hardGates'][number];

export interface GateHit {
  readonly gate: HardGate;
  /** The repo-relative path that matched. */
  readonly path: string;
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
  const gates = policy.hardGates.map((gate) => ({
    gate,
    test: picomatch(gate.paths, { dot: true, nocase }),
    bases: gate.paths.map((p) => picomatch.scan(p).base),
  }));
  const fold = (s: string) => (nocase ? s.toLowerCase() : s);
  return {
    match(path, options = {}) {
      for (const spelling of repoRelativeSpellings(root, path, options.cwd ?? root)) {
        for (const { gate, test, bases } of gates) {
          if (spelling !== '.' && test(spelling)) return { gate, path: spelling };
          if (options.via !== undefined && SUBTREE_WRITES.has(options.via)) {
            const prefix = spelling === '.' ? '' : `${fold(spelling)}/`;
            if (bases.some((base) => fold(base).startsWith(prefix))) return { gate, path: spelling };
          }
        }
      }
      return undefined;
    },
  };
}
