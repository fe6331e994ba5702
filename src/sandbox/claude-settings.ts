import picomatch from 'picomatch';
import type { LoadedPolicy } from '../project/policy.js';
import { PROJECT_GOVERNANCE } from './protected-paths.js';
import { detectSandbox, findExecutable } from './sandbox.js';

/**
 * The hard gates in Claude Code's own terms (ARCHITECTURE.md §5, layer 1 for interactive sessions):
 * `sandbox.filesystem.denyWrite` for its OS sandbox (bubblewrap/Seatbelt around every Bash command and
 * its children), and `permissions.deny` rules for its file tools. Verified with Claude Code 2.1.328:
 * a `./path` in denyWrite is read from the project root Claude Code runs in, a folder covers its subtree;
 * in a permission rule `/path` is the project root and `**` globs as in .gitignore.
 */
export interface ClaudeSandboxRules {
  /** `./design/contracts`, `./AGENTS.md`, …: a glob becomes the folder it starts in (the OS layer binds folders). */
  readonly denyWrite: readonly string[];
  /** `Edit(/design/contracts/**)`, `Write(…)`: Claude Code merges Edit denials into the sandbox too. */
  readonly deny: readonly string[];
  /** Gate paths that neither can express (a part of a file, a glob at the top); the hook and the guard cover them. */
  readonly notExpressible: readonly string[];
}

export function claudeSandboxRules(loaded: LoadedPolicy): ClaudeSandboxRules {
  const denyWrite = new Set<string>();
  const deny = new Set<string>();
  const notExpressible: string[] = [];
  // Governance folders as globs, so that a rule for a folder covers the files in it.
  const paths = [...loaded.policy.hardGates.flatMap((g) => g.paths), 'dsctl.config.json', loaded.config.policy, loaded.policy.runLog, ...PROJECT_GOVERNANCE.map((g) => (g.folder ? `${g.path}/**` : g.path))];
  for (const path of paths) {
    if (path.includes('#/')) {
      notExpressible.push(path);
      continue;
    }
    const clean = path.replace(/^\.\//, '').replace(/\/+$/, '');
    const scan = picomatch.scan(clean);
    const base = scan.isGlob ? scan.base : clean;
    if (base === '') {
      notExpressible.push(path);
    } else {
      denyWrite.add(`./${base}`);
    }
    deny.add(`Edit(/${clean})`);
    deny.add(`Write(/${clean})`);
  }
  return { denyWrite: [...denyWrite].sort(), deny: [...deny].sort(), notExpressible };
}

/**
 * What Claude Code's sandbox needs on this machine and does not find (bubblewrap and socat on Linux),
 * or undefined. With `failIfUnavailable` its Bash refuses to run without them: fail closed, said up front.
 */
export function claudeSandboxMissing(platform: NodeJS.Platform = process.platform, path: string = process.env.PATH ?? ''): string | undefined {
  if (platform !== 'linux') return undefined;
  const missing = [detectSandbox('linux', path).ok ? undefined : 'bubblewrap', findExecutable('socat', path) ? undefined : 'socat'].filter((m) => m !== undefined);
  return missing.length ? `Claude Code's Bash will refuse to run until ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} installed (Debian/Ubuntu: \`apt-get install ${missing.join(' ')}\`)` : undefined;
}
