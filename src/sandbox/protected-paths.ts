import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { globSync } from 'tinyglobby';
import type { HardGate } from '../governance/gates.js';
import type { LoadedPolicy } from '../project/policy.js';
import { isInside } from '../io/paths.js';

/**
 * What `dsctl sandbox` makes read-only at the OS level, and what it cannot. A bind mount needs a path
 * that exists, so the plan splits the protected set in two:
 * - `readOnly`: existing files and folders, bound read-only (a folder covers files created in it later);
 * - `residual`: what no mount can cover — a gated path that does not exist yet at the project's top
 *   (creating it is checked and undone after the command, when the PID namespace guarantees that
 *   nothing of the command still runs), a part of a file (`package.json#/scripts/x`), a symlink's own
 *   entry. These are handed to the workspace guard as gates of their own.
 */

export interface ProtectedPath {
  /** Absolute, real (symlinks resolved): what is bound. */
  readonly path: string;
  /** The policy gate, or the reason a path outside the policy is protected. */
  readonly why: string;
}

export interface SandboxPlan {
  readonly root: string;
  readonly readOnly: readonly ProtectedPath[];
  /** Gates the guard checks after the command: what the OS layer could not bind. */
  readonly residual: readonly HardGate[];
}

export interface PlanOptions {
  /** The reviewer's sandbox: the whole project read-only. */
  readonly readOnlyProject?: boolean;
  /** The user's home, for agents' user-level settings (default: os.homedir()). */
  readonly home?: string;
  /** dsctl's own installed package folder: an agent must not rewrite the checker it is checked by. */
  readonly dsctlPackage?: string;
}

/** Agent settings and CI files that decide enforcement, protected whatever the policy says (ARCHITECTURE.md §5). */
export const PROJECT_GOVERNANCE: readonly { readonly path: string; readonly why: string; readonly folder: boolean }[] = [
  { path: '.claude', why: 'Claude Code settings and hooks', folder: true },
  { path: '.cursor', why: 'Cursor hooks and MCP config', folder: true },
  { path: '.codex', why: 'Codex config and hooks', folder: true },
  { path: '.mcp.json', why: 'MCP server config', folder: false },
  { path: '.github', why: 'CI workflows and CODEOWNERS', folder: true },
  { path: '.husky', why: 'git hooks', folder: true },
  { path: '.dsctl/bin', why: 'the dsctl launcher every integration calls', folder: true },
  { path: '.dsctl/runs', why: "run state and the guard's saved bytes", folder: true },
  // The hooks and check_html read these caches: a forged entry (an unknown class marked known, a
  // cached clean result) would pass what the checker would report. Their writes are best effort.
  { path: '.dsctl/cache', why: 'cached lint results and class classifications the checker trusts', folder: true },
];

/** Governance folders dsctl makes empty when missing, so they can be bound read-only for the whole session. */
const MADE_WHEN_MISSING: readonly string[] = ['.dsctl/cache'];

/** User-level settings that can switch a project's hooks off (`disableAllHooks`, another hooks file). Bound when they exist. */
const USER_SETTINGS: readonly string[] = ['.claude/settings.json', '.claude/settings.local.json', '.codex/config.toml', '.codex/hooks.json', '.cursor/hooks.json'];

/** Folders inside `.git` that run code or decide what git does; the rest of `.git` stays writable for commits. */
const GIT_PARTS: readonly (readonly [string, string])[] = [
  ['hooks', 'git hooks'],
  ['config', 'git config (hooksPath, aliases, filters)'],
  ['info', 'git info/exclude and attributes'],
  ['dsctl', 'gate approvals'],
];

export function planSandbox(loaded: LoadedPolicy, options: PlanOptions = {}): SandboxPlan {
  const root = realpathSync(loaded.root);
  const readOnly = new Map<string, string>();
  const residual: HardGate[] = [];
  const bind = (abs: string, why: string) => {
    const real = realOf(abs);
    if (!readOnly.has(real)) readOnly.set(real, why);
  };
  const residualGate = (id: string, paths: string[], why: string) => residual.push({ id, paths, reason: why, allowGeneratedRegions: false });

  if (options.readOnlyProject) bind(root, 'the reviewer reads the project and writes nothing');

  for (const gate of loaded.policy.hardGates) {
    const rest: string[] = [];
    for (const pattern of gate.paths) {
      if (pattern.includes('#/')) {
        rest.push(pattern); // a part of a file: no mount can protect it
        continue;
      }
      const scan = picomatch.scan(pattern);
      if (!scan.isGlob) {
        const abs = join(root, pattern);
        if (isSymlink(abs)) rest.push(pattern); // the link's own entry can be replaced; its target is bound
        if (existsSync(abs)) bind(abs, `hard gate "${gate.id}"`);
        else rest.push(pattern);
        continue;
      }
      const base = scan.base === '' ? undefined : join(root, scan.base);
      if (base !== undefined && isDirectory(base) && base !== root) {
        bind(base, `hard gate "${gate.id}"`);
        continue;
      }
      // A glob at the top (`*.md`) or below a folder that does not exist: bind what matches now, check the rest after.
      for (const file of globSync(pattern, { cwd: root, dot: true, onlyFiles: true, followSymbolicLinks: false, ignore: ['**/node_modules/**', '.git/objects/**'] })) bind(join(root, file), `hard gate "${gate.id}"`);
      rest.push(pattern);
    }
    if (rest.length > 0) residual.push({ ...gate, paths: rest });
  }

  const config = loaded.config;
  const infra: [string, string][] = [
    ['dsctl.config.json', 'the dsctl config'],
    [config.policy, 'the governance policy'],
    [loaded.policy.runLog, 'the audit log'],
    ...PROJECT_GOVERNANCE.map(({ path, why }) => [path, why] as [string, string]),
  ];
  const missing: string[] = [];
  for (const path of MADE_WHEN_MISSING) mkdirSync(resolve(root, path), { recursive: true });
  for (const [path, why] of infra) {
    const abs = resolve(root, path);
    if (!isInside(root, abs)) continue;
    if (existsSync(abs)) {
      bind(abs, why);
      if (isSymlink(abs)) missing.push(relative(root, abs).split(sep).join('/'));
    } else {
      const rel = relative(root, abs).split(sep).join('/');
      missing.push(rel, `${rel}/**`);
    }
  }
  if (missing.length > 0) residualGate('sandbox-governance', missing, 'files that decide enforcement are written by a person, not inside the sandbox');

  const git = gitDir(root);
  if (git !== undefined) {
    // Approvals live in `dsctl/` of this work tree's own git folder (`git rev-parse --git-path`): made
    // empty (it is dsctl's own folder inside .git) so that it can be bound and no approval forged in it.
    const own = ownGitDir(root) ?? git;
    mkdirSync(join(own, 'dsctl'), { recursive: true });
    if (own !== git) bind(join(own, 'dsctl'), 'gate approvals');
    for (const [part, why] of GIT_PARTS) if (existsSync(join(git, part))) bind(join(git, part), why);
    const hooksPath = configuredHooksPath(git);
    if (hooksPath !== undefined) {
      const abs = resolve(root, hooksPath);
      if (existsSync(abs)) bind(abs, 'git hooks (core.hooksPath)');
    }
  }

  const home = options.home ?? homedir();
  for (const file of USER_SETTINGS) {
    const abs = join(home, file);
    if (existsSync(abs)) bind(abs, 'agent user settings');
  }
  if (options.dsctlPackage !== undefined && existsSync(options.dsctlPackage)) {
    const pkg = realOf(options.dsctlPackage);
    // Installed outside the project (global, a shared cache): bound. Inside it (node_modules/dsctl) it
    // stays writable, or `npm ci` in the sandbox would fail on the mount; CI's gate check, run from a
    // fresh install, is what catches a tampered local copy. Its own checkout: the whole project.
    if (!isInside(pkg, root) && !isInside(root, pkg)) bind(pkg, 'the installed dsctl');
  }

  return { root, readOnly: minimal([...readOnly].map(([path, why]) => ({ path, why }))), residual };
}

/** Drops paths inside another read-only path (one mount covers them), sorted so mounts apply parents first. */
function minimal(paths: ProtectedPath[]): ProtectedPath[] {
  const sorted = [...paths].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const out: ProtectedPath[] = [];
  for (const p of sorted) if (!out.some((o) => isInside(o.path, p.path))) out.push(p);
  return out;
}

/** `.git` as a folder, or the folder a worktree's `.git` file points to (its common dir holds hooks and config). */
export function gitDir(root: string): string | undefined {
  const dir = ownGitDir(root);
  if (dir === undefined) return undefined;
  const common = join(dir, 'commondir');
  return existsSync(common) ? resolve(dir, readFileSync(common, 'utf8').trim()) : dir;
}

/** This work tree's own git folder: `.git`, or where a worktree's `.git` file points. */
function ownGitDir(root: string): string | undefined {
  const dotGit = join(root, '.git');
  try {
    if (lstatSync(dotGit).isDirectory()) return dotGit;
    const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(dotGit, 'utf8'))?.[1]?.trim();
    return pointer === undefined ? undefined : resolve(root, pointer);
  } catch {
    return undefined;
  }
}

/** `core.hooksPath` from the repository's own config (husky and friends set it). */
function configuredHooksPath(git: string): string | undefined {
  try {
    const text = readFileSync(join(git, 'config'), 'utf8');
    let inCore = false;
    for (const line of text.split(/\r?\n/)) {
      const section = /^\s*\[([^\]]+)\]/.exec(line);
      if (section) inCore = section[1]!.trim().toLowerCase() === 'core';
      const entry = inCore ? /^\s*hookspath\s*=\s*(.+?)\s*$/i.exec(line) : null;
      if (entry) return entry[1]!.replace(/^"(.*)"$/, '$1');
    }
  } catch {
    // no config: git's default hooks folder
  }
  return undefined;
}

function realOf(abs: string): string {
  try {
    return realpathSync(abs);
  } catch {
    return abs;
  }
}

function isSymlink(abs: string): boolean {
  try {
    return lstatSync(abs).isSymbolicLink();
  } catch {
    return false;
  }
}

function isDirectory(abs: string): boolean {
  try {
    return lstatSync(realOf(abs)).isDirectory();
  } catch {
    return false;
  }
}


