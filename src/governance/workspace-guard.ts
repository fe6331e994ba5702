import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, readFileSync, readlinkSync, rmdirSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { globSync } from 'tinyglobby';
import { createGateMatcher } from './gates.js';
import { pointersUnchanged, splitGatePath } from './json-pointer-gate.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import type { Policy } from '../project/policy-schema.js';
import { restorePointers } from './restore-pointers.js';

/*
 * The third layer of enforcement (ARCHITECTURE.md §5): the sandbox holds the gates at the OS level, but
 * a person may run unsandboxed, and no mount covers a file that does not exist yet or a part of a file.
 * So around every agent stage the runner records every protected path — bytes, mode and type — and
 * afterwards puts back any change, however it was made. The saved bytes live in the run's folder, so a
 * run killed mid-stage is still checked and restored by `dsctl run resume`.
 */

/**
 * Repo-relative path → what was there, or null where a gate's literal path did not exist:
 * `<sha256>:<mode>` for a file (mode in octal), `symlink:<target>`, `other:<kind>` for anything else.
 */
export type GuardSnapshot = Readonly<Record<string, string | null>>;

export interface GuardChange {
  readonly path: string;
  readonly gate: string;
  readonly change: 'modified' | 'created' | 'deleted';
  /** `reverted`: what was saved is back (a created file is removed); `allowed`: only generated regions changed. */
  readonly outcome: 'reverted' | 'allowed';
  /** Where the agent's version was kept as evidence (created or modified files), repo-relative. */
  readonly kept?: string | undefined;
}

export interface WorkspaceGuard {
  snapshot(): GuardSnapshot;
  /** Compares with `before`, restores what changed, and reports every change (allowed ones too). */
  restore(before: GuardSnapshot, evidenceDir: string): GuardChange[];
}

export interface GuardOptions {
  /**
   * Whether a change of a two-layered file stays in its generated regions (views/two-layered.ts). Passed
   * in, so that a guard without two-layered gates does not load a Markdown parser; without it such a
   * change is reverted (fail closed).
   */
  readonly onlyGeneratedRegionsChanged?: (path: string, before: string, after: string) => boolean;
}

/** `blobDir` keeps the saved bytes by hash; it must outlive the process (the run's folder). */
export function createWorkspaceGuard(root: string, policy: Policy, blobDir: string, options: GuardOptions = {}): WorkspaceGuard {
  const matcher = createGateMatcher(root, policy);
  const patterns = [...new Set(policy.hardGates.flatMap((g) => g.paths.map((p) => splitGatePath(p).glob)))];
  const literals = patterns.filter((p) => !/[*?[\]{}()!]/.test(p));
  const gateOf = (path: string) => matcher.match(path);

  const protectedPaths = (): string[] => {
    const found = globSync(patterns, { cwd: root, dot: true, onlyFiles: true, followSymbolicLinks: false, caseSensitiveMatch: false, expandDirectories: false, ignore: ['**/node_modules/**', '.git/objects/**'] });
    // A literal gate path is looked at whatever it is now (a link, a folder): globbing skips those.
    return [...new Set([...found, ...literals.filter((p) => lstatOf(join(root, p)) !== undefined)])].sort();
  };

  const stateOf = (path: string): string | null => {
    const abs = join(root, path);
    const stat = lstatOf(abs);
    if (stat === undefined) return null;
    if (stat.isSymbolicLink()) return `symlink:${readlinkSync(abs)}`;
    if (!stat.isFile()) return `other:${stat.isDirectory() ? 'directory' : 'special'}`;
    return `${createHash('sha256').update(readFileSync(abs)).digest('hex')}:${(stat.mode & 0o7777).toString(8)}`;
  };

  const putBack = (abs: string, was: string) => {
    if (was.startsWith('symlink:')) symlinkSync(was.slice('symlink:'.length), abs);
    else if (!was.startsWith('other:')) {
      const [hash, mode] = was.split(':') as [string, string];
      writeFileAtomic(abs, readFileSync(join(blobDir, hash)));
      chmodSync(abs, parseInt(mode, 8));
    }
  };

  return {
    snapshot() {
      const files: Record<string, string | null> = {};
      for (const path of protectedPaths()) {
        const state = stateOf(path);
        if (state === null) continue;
        if (isFile(state)) {
          const blob = join(blobDir, hashOf(state));
          if (!existsSync(blob)) writeFileAtomic(blob, readFileSync(join(root, path)));
        }
        files[path] = state;
      }
      // Literal gate paths that do not exist yet (e.g. the baseline): creating one is a change too.
      for (const pattern of literals) if (!(pattern in files)) files[pattern] = null;
      return files;
    },

    restore(before, evidenceDir) {
      const changes: GuardChange[] = [];
      const paths = [...new Set([...Object.keys(before), ...protectedPaths()])].sort();
      for (const path of paths) {
        const was = before[path] ?? null;
        const is = stateOf(path);
        if (was === is) continue;
        const hit = gateOf(path);
        if (hit === undefined) continue;
        const { gate } = hit;
        const change = was === null ? 'created' : is === null ? 'deleted' : 'modified';
        const abs = join(root, path);
        const savedText = was !== null && isFile(was) ? readFileSync(join(blobDir, hashOf(was)), 'utf8') : undefined;
        const nowText = is !== null && isFile(is) ? readFileSync(abs, 'utf8') : undefined;
        const pointers = hit.pointers;
        if (pointers !== undefined && savedText !== undefined && nowText !== undefined && modeOf(was!) === modeOf(is!) && pointersUnchanged(pointers, savedText, nowText)) continue;
        if (change === 'modified' && gate.allowGeneratedRegions && savedText !== undefined && nowText !== undefined && modeOf(was!) === modeOf(is!)) {
          if (options.onlyGeneratedRegionsChanged?.(path, savedText, nowText) === true) {
            changes.push({ path, gate: gate.id, change, outcome: 'allowed' });
            continue;
          }
        }
        let kept: string | undefined;
        if (nowText !== undefined) {
          const copy = join(evidenceDir, path);
          writeFileAtomic(copy, readFileSync(abs));
          kept = relative(root, copy).split('\\').join('/');
        }
        // A part of a file is protected: the agent's other edits stay, the protected values come back.
        const merged = pointers !== undefined && savedText !== undefined && nowText !== undefined ? restorePointers(savedText, nowText, pointers) : undefined;
        rmSync(abs, { force: true, recursive: true });
        if (merged !== undefined) {
          writeFileAtomic(abs, merged);
          chmodSync(abs, parseInt(modeOf(was!), 8));
        } else if (was !== null) putBack(abs, was);
        else removeEmptyParents(root, dirname(path));
        changes.push({ path, gate: gate.id, change, outcome: 'reverted', ...(kept ? { kept } : {}) });
      }
      return changes;
    },
  };
}

const isFile = (state: string) => !state.startsWith('symlink:') && !state.startsWith('other:');
const hashOf = (state: string) => state.slice(0, state.indexOf(':'));
const modeOf = (state: string) => (isFile(state) ? state.slice(state.indexOf(':') + 1) : state);

function lstatOf(abs: string) {
  try {
    return lstatSync(abs);
  } catch {
    return undefined;
  }
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

