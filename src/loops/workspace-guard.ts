import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { globSync } from 'tinyglobby';
import { createGateMatcher, type HardGate } from '../governance/gates.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import type { Policy } from '../project/policy-schema.js';
import { onlyGeneratedRegionsChanged } from '../views/two-layered.js';

/*
 * The second layer of enforcement (ARCHITECTURE.md §5): hooks can be bypassed (a shell the hook did not
 * parse, an agent without hooks, a scripted step), so around every agent stage the runner hashes every
 * protected file, and afterwards puts back any change, however it was made. The saved bytes live in the
 * run's folder, so a run killed mid-stage is still checked and restored by `dsctl run resume`.
 */

/** Repo-relative path → sha256 of its bytes, or null where a gate's literal path did not exist. */
export type GuardSnapshot = Readonly<Record<string, string | null>>;

export interface GuardChange {
  readonly path: string;
  readonly gate: string;
  readonly change: 'modified' | 'created' | 'deleted';
  /** `reverted`: the saved bytes are back (a created file is removed); `allowed`: only generated regions changed. */
  readonly outcome: 'reverted' | 'allowed';
  /** Where the agent's version was kept as evidence (created or modified files), repo-relative. */
  readonly kept?: string | undefined;
}

export interface WorkspaceGuard {
  snapshot(): GuardSnapshot;
  /** Compares with `before`, restores what changed, and reports every change (allowed ones too). */
  restore(before: GuardSnapshot, evidenceDir: string): GuardChange[];
}

/** `blobDir` keeps the saved bytes by hash; it must outlive the process (the run's folder). */
export function createWorkspaceGuard(root: string, policy: Policy, blobDir: string): WorkspaceGuard {
  const matcher = createGateMatcher(root, policy);
  const patterns = policy.hardGates.flatMap((g) => g.paths);
  const gateOf = (path: string): HardGate | undefined => matcher.match(path)?.gate;

  const protectedFiles = (): string[] =>
    globSync(patterns, { cwd: root, dot: true, onlyFiles: true, followSymbolicLinks: false, caseSensitiveMatch: false, expandDirectories: false, ignore: ['**/node_modules/**', '.git/**'] }).sort();

  const hashOf = (path: string): string | null => {
    const abs = join(root, path);
    let stat;
    try {
      stat = lstatSync(abs);
    } catch {
      return null;
    }
    // A symlink in place of a protected file is a change in itself: it would redirect later writes.
    if (!stat.isFile()) return `not-a-file:${stat.isSymbolicLink() ? 'symlink' : 'other'}`;
    return createHash('sha256').update(readFileSync(abs)).digest('hex');
  };

  return {
    snapshot() {
      const files: Record<string, string | null> = {};
      for (const path of protectedFiles()) {
        const hash = hashOf(path);
        if (hash === null || hash.startsWith('not-a-file:')) continue;
        const blob = join(blobDir, hash);
        if (!existsSync(blob)) writeFileAtomic(blob, readFileSync(join(root, path)));
        files[path] = hash;
      }
      // Literal gate paths that do not exist yet (e.g. the baseline): creating one is a change too.
      for (const pattern of patterns) {
        if (!/[*?[\]{}()!]/.test(pattern) && !(pattern in files)) files[pattern] = null;
      }
      return files;
    },

    restore(before, evidenceDir) {
      const changes: GuardChange[] = [];
      const now = new Set(protectedFiles());
      const paths = [...new Set([...Object.keys(before), ...now])].sort();
      for (const path of paths) {
        const was = before[path] ?? null;
        const is = hashOf(path);
        if (was === is) continue;
        const gate = gateOf(path);
        if (gate === undefined) continue;
        const change = was === null ? 'created' : is === null ? 'deleted' : 'modified';
        const abs = join(root, path);
        if (change === 'modified' && gate.allowGeneratedRegions && is !== null && !is.startsWith('not-a-file:')) {
          const saved = readFileSync(join(blobDir, was as string), 'utf8');
          if (onlyGeneratedRegionsChanged(path, saved, readFileSync(abs, 'utf8'))) {
            changes.push({ path, gate: gate.id, change, outcome: 'allowed' });
            continue;
          }
        }
        let kept: string | undefined;
        if (is !== null && !is.startsWith('not-a-file:')) {
          const copy = join(evidenceDir, path);
          writeFileAtomic(copy, readFileSync(abs));
          kept = relative(root, copy).split('\\').join('/');
        }
        rmSync(abs, { force: true, recursive: true });
        if (was !== null) writeFileAtomic(abs, readFileSync(join(blobDir, was)));
        else removeEmptyParents(root, dirname(path));
        changes.push({ path, gate: gate.id, change, outcome: 'reverted', ...(kept ? { kept } : {}) });
      }
      return changes;
    },
  };
}

function removeEmptyParents(root: string, dir: string): void {
  for (let d = dir; d !== '.' && d !== ''; d = dirname(d)) {
    try {
      rmdirSync(join(root, d));
    } catch {
      return;
    }
  }
}
