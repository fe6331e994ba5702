import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, relative, sep } from 'node:path';
import picomatch from 'picomatch';
import type { LoadedPolicy } from '../project/policy.js';
import { git as runGit, gitShow } from '../io/git.js';
import { onlyGeneratedRegionsChanged } from '../views/two-layered.js';
import { createGateMatcher, gateFileGlobs, type GateHit } from './gates.js';
import { changedPointers } from './json-pointer-gate.js';
import { changeView, type ChangedPath } from './soft-gates/change-view.js';
import { enabledSoftGates } from './soft-gates/enabled.js';
import { runSoftGates, type SkippedSoftGate, type SoftGateFlag } from './soft-gates/run.js';

export type { SkippedSoftGate, SoftGateFlag } from './soft-gates/run.js';

/** A changed path as git reports it: renames carry both sides, deletions count as writes. */
export interface Change extends ChangedPath {
  /** git's file modes (`100644`, `100755`, `120000` symlink, `160000` submodule) on each side, `000000` when absent. */
  readonly oldMode?: string;
  readonly newMode?: string;
}

/**
 * How a hard-gated path is touched. Beyond content changes: `mode-changed` (chmod +x), `type-changed`
 * (a file becomes a symlink), `submodule` (a gitlink or its .gitmodules entry under a gate), and, for
 * `--staged` only, index flags that hide work-tree edits (`assume-unchanged`, `skip-worktree`) and files
 * hidden by `.git/info/exclude` (`hidden-by-exclude`).
 */
export type GateChangeKind =
  | Change['status']
  | 'mode-changed'
  | 'type-changed'
  | 'submodule'
  | 'assume-unchanged'
  | 'skip-worktree'
  | 'hidden-by-exclude';

export interface GateViolation {
  readonly kind: 'hard';
  readonly gate: string;
  readonly reason: string;
  readonly path: string;
  readonly change: GateChangeKind;
  /** What exactly changed, for people: `mode 100644 → 100755`, `/scripts/design:check changed`. */
  readonly detail?: string;
  /** For a JSON-pointer gate: the protected pointers whose value changed. */
  readonly pointers?: readonly string[];
}

export interface GateCheckResult {
  readonly changes: readonly Change[];
  readonly hard: readonly GateViolation[];
  /** What the soft gates of policy.softGates found, in policy order. */
  readonly soft: readonly SoftGateFlag[];
  /** Enabled soft gates that could not run with their options. */
  readonly skipped: readonly SkippedSoftGate[];
}

/**
 * What to check. A range compares `from` with `to`; with `mergeBase` (`A...B`, as in git) it compares the
 * merge base of the two with `to`: only what the branch changed, not what its base did since.
 */
export type GateSource =
  | { readonly kind: 'staged' }
  | { readonly kind: 'range'; readonly from: string; readonly to: string; readonly mergeBase?: boolean }
  | { readonly kind: 'paths'; readonly paths: readonly string[] };

const STATUS: Readonly<Record<string, Change['status']>> = { A: 'added', M: 'modified', D: 'deleted', R: 'renamed', C: 'copied', T: 'changed' };
const GITLINK = '160000';
const SYMLINK = '120000';
const ABSENT = '000000';

/** `git diff --raw -z`: `:old new oldsha newsha STATUS\0path\0[path\0]`, so modes and types are seen too. */
function changesFromGit(root: string, args: string[]): Change[] {
  const fields = runGit(root, ['diff', '--raw', '-z', '-M', '--no-abbrev', '--no-ext-diff', '--ignore-submodules=none', ...args], 'gate/git').split('\0');
  const changes: Change[] = [];
  for (let i = 0; i < fields.length; ) {
    const head = fields[i++] ?? '';
    if (!head.startsWith(':')) continue;
    const [oldMode = ABSENT, newMode = ABSENT, , , code = ''] = head.slice(1).split(' ');
    const status = STATUS[code[0] ?? ''] ?? 'changed';
    if (status === 'renamed' || status === 'copied') {
      const from = fields[i++] ?? '';
      changes.push({ status, path: fields[i++] ?? '', from, oldMode, newMode });
    } else {
      changes.push({ status, path: fields[i++] ?? '', oldMode, newMode });
    }
  }
  return changes;
}

/** The kind of a content-level change, with a detail when the mode or type is what changed. */
function describe(change: Change, contentChanged: boolean): { change: GateChangeKind; detail?: string } {
  const { oldMode, newMode } = change;
  if (oldMode === GITLINK || newMode === GITLINK) return { change: 'submodule', detail: `a submodule (gitlink) ${change.status === 'added' ? 'is added' : change.status === 'deleted' ? 'is removed' : 'changes'}` };
  const typeOf = (mode: string | undefined) => (mode === SYMLINK ? 'symlink' : 'file');
  if (change.status === 'changed' || (oldMode !== undefined && newMode !== undefined && oldMode !== ABSENT && newMode !== ABSENT && typeOf(oldMode) !== typeOf(newMode))) {
    return { change: 'type-changed', detail: `${typeOf(oldMode)} → ${typeOf(newMode)}` };
  }
  const modeDiffers = change.status === 'modified' && oldMode !== undefined && newMode !== undefined && oldMode !== newMode;
  if (modeDiffers && !contentChanged) return { change: 'mode-changed', detail: `mode ${oldMode} → ${newMode}` };
  return { change: change.status, ...(modeDiffers ? { detail: `content and mode ${oldMode} → ${newMode}` } : {}) };
}

/**
 * The third layer of enforcement: which changes touch a hard gate (exit 1 in the CLI), and what the soft
 * gates of policy.softGates flag (a person decides). Generated-region-only edits of two-layered files
 * pass, and so do edits of a JSON-pointer-gated file that leave every protected value as it was.
 */
export function checkGates(loaded: LoadedPolicy, input: GateSource): GateCheckResult {
  const { root } = loaded;
  // Bad soft-gate options stop the check before any git runs: a located policy error, exit 2.
  const softGates = enabledSoftGates(loaded);
  const top = input.kind === 'paths' ? root : runGit(root, ['rev-parse', '--show-toplevel'], 'gate/git').trim();
  const source: GateSource = input.kind === 'range' && input.mergeBase ? { kind: 'range', from: runGit(top, ['merge-base', input.from, input.to], 'gate/git').trim(), to: input.to } : input;
  const changes: Change[] =
    source.kind === 'staged'
      ? changesFromGit(top, ['--cached'])
      : source.kind === 'range'
        ? changesFromGit(top, [source.from, source.to])
        : source.paths.map((path) => ({ status: 'modified' as const, path }));
  const { config, policy } = loaded;
  // One view for the hard and the soft gates, so each side of a path is read from git once.
  const view = changeView({
    changes,
    before: (path) => (source.kind === 'staged' ? gitShow(top, 'HEAD', path) : source.kind === 'range' ? gitShow(top, source.from, path) : undefined),
    after: (path) => (source.kind === 'staged' ? gitShow(top, '', path) : source.kind === 'range' ? gitShow(top, source.to, path) : existsSync(join(root, path)) ? readFileSync(join(root, path), 'utf8') : undefined),
    compares: source.kind !== 'paths',
    project: {
      rules: config.contracts.rules,
      tokens: config.contracts.tokens,
      components: config.contracts.components,
      designMd: config.designMd,
      learnings: policy.learnings,
      ui: { include: config.lint.include, exclude: config.lint.exclude },
    },
    projectPrefix: relative(top, root).split(sep).join('/'),
  });
  const { before, after } = view;

  const matcher = createGateMatcher(root, policy);
  const hard: GateViolation[] = [];
  const violation = (hit: GateHit, path: string, change: GateChangeKind, extra: { detail?: string; pointers?: readonly string[] } = {}): GateViolation => ({
    kind: 'hard',
    gate: hit.gate.id,
    reason: hit.gate.reason,
    path,
    change,
    ...(extra.detail === undefined ? {} : { detail: extra.detail }),
    ...(extra.pointers === undefined ? {} : { pointers: extra.pointers }),
  });

  for (const change of changes) {
    for (const path of change.from === undefined ? [change.path] : [change.from, change.path]) {
      const hit = matcher.match(join(top, path));
      if (!hit) continue;
      if (source.kind === 'paths') {
        hard.push(violation(hit, path, change.status, hit.pointers ? { detail: `protected at ${hit.pointers.join(', ')}`, pointers: hit.pointers } : {}));
        continue;
      }
      const a = before(path);
      const b = after(path);
      const contentChanged = change.status !== 'modified' || a !== b;
      const kind = describe(change, contentChanged);
      if (hit.pointers && (kind.change === 'modified' || kind.change === 'mode-changed' || kind.change === 'added' || kind.change === 'deleted' || kind.change === 'renamed' || kind.change === 'copied')) {
        // Only the values at the pointers are protected: the rest of the file (and its mode) may change.
        // A rename's old path has no after side and its new path no before side: gitShow says undefined.
        const changed = changedPointers(hit.pointers, a, b);
        if (changed.length === 0) continue;
        hard.push(violation(hit, path, kind.change === 'mode-changed' ? 'modified' : kind.change, { detail: `${changed.join(', ')} changed`, pointers: changed }));
        continue;
      }
      if (hit.gate.allowGeneratedRegions && kind.change === 'modified' && a !== undefined && b !== undefined && onlyGeneratedRegionsChanged(path, a, b)) continue;
      hard.push(violation(hit, path, kind.change, kind.detail === undefined ? {} : { detail: kind.detail }));
    }
  }

  const { soft, skipped } = runSoftGates(softGates, view);

  if (source.kind !== 'paths') {
    const changed = (path: string) => changes.some((c) => c.path === path || c.from === path);
    if (changed('.gitmodules')) hard.push(...submoduleEntries(top, before('.gitmodules'), after('.gitmodules'), matcher, violation));
  }
  if (source.kind === 'staged') hard.push(...indexFlags(top, matcher, violation), ...hiddenByExclude(top, root, gateFileGlobs(policy), matcher, violation));
  return { changes, hard, soft, skipped };
}

type Violation = (hit: GateHit, path: string, change: GateChangeKind, extra?: { detail?: string }) => GateViolation;
type Matcher = ReturnType<typeof createGateMatcher>;

/** `.gitmodules` entries (path → url) that differ between the two sides and sit on or above a gated path. */
function submoduleEntries(top: string, before: string | undefined, after: string | undefined, matcher: Matcher, violation: Violation): GateViolation[] {
  const was = readGitmodules(before);
  const is = readGitmodules(after);
  const out: GateViolation[] = [];
  for (const path of [...new Set([...was.keys(), ...is.keys()])].sort()) {
    if (was.get(path) === is.get(path)) continue;
    const hit = matcher.match(join(top, path), { via: 'rm' });
    if (hit) out.push(violation(hit, path, 'submodule', { detail: `.gitmodules ${!was.has(path) ? 'adds' : !is.has(path) ? 'removes' : 'changes'} the submodule at ${path}` }));
  }
  return out;
}

/** `path = …` and `url = …` of each `[submodule "…"]` section, keyed by path. */
function readGitmodules(text: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (text === undefined) return out;
  for (const section of text.split(/^\s*\[submodule\b[^\]]*\]\s*$/m).slice(1)) {
    const path = /^\s*path\s*=\s*(.+?)\s*$/m.exec(section)?.[1];
    const url = /^\s*url\s*=\s*(.+?)\s*$/m.exec(section)?.[1] ?? '';
    if (path !== undefined) out.set(path.replace(/^"|"$/g, ''), url);
  }
  return out;
}

/** `git ls-files -v`: a lower-case tag is assume-unchanged, `S` skip-worktree; both hide work-tree edits of gated files. */
function indexFlags(top: string, matcher: Matcher, violation: Violation): GateViolation[] {
  const out: GateViolation[] = [];
  for (const entry of runGit(top, ['ls-files', '-v', '-z'], 'gate/git').split('\0')) {
    const tag = entry[0] ?? '';
    const path = entry.slice(2);
    if (path === '' || tag === 'H') continue;
    const assumed = tag !== tag.toUpperCase();
    const skipped = tag.toUpperCase() === 'S';
    if (!assumed && !skipped) continue;
    const hit = matcher.match(join(top, path));
    if (!hit) continue;
    if (assumed) out.push(violation(hit, path, 'assume-unchanged', { detail: 'git update-index --assume-unchanged hides its edits; undo with --no-assume-unchanged' }));
    if (skipped) out.push(violation(hit, path, 'skip-worktree', { detail: 'git update-index --skip-worktree hides its edits; undo with --no-skip-worktree' }));
  }
  return out;
}

/**
 * Untracked files under a gate that `.git/info/exclude` hides from `git status`. Only the folders the
 * gates name are walked (a glob at the top walks everything), and nothing when the file has no pattern.
 */
function hiddenByExclude(top: string, root: string, globs: readonly string[], matcher: Matcher, violation: Violation): GateViolation[] {
  const rel = runGit(top, ['rev-parse', '--git-path', 'info/exclude'], 'gate/git').trim();
  const exclude = isAbsolute(rel) ? rel : join(top, rel);
  if (!existsSync(exclude) || !readFileSync(exclude, 'utf8').split('\n').some((line) => line.trim() !== '' && !line.startsWith('#'))) return [];
  const bases = globs.map((glob) => picomatch.scan(glob).base).filter((base) => base !== '.git' && !base.startsWith('.git/'));
  const prefix = relative(top, root).split(sep).join('/');
  const pathspecs = bases.includes('') ? [] : ['--', ...bases.map((base) => `:(literal,icase)${prefix ? `${prefix}/` : ''}${base}`)];
  const out: GateViolation[] = [];
  for (const path of runGit(top, ['ls-files', '--others', '--ignored', `--exclude-from=${exclude}`, '-z', ...pathspecs], 'gate/git').split('\0')) {
    if (path === '') continue;
    const hit = matcher.match(join(top, path));
    if (hit) out.push(violation(hit, path, 'hidden-by-exclude', { detail: `.git/info/exclude hides it from git status` }));
  }
  return out;
}
