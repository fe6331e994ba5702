import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';
import type { LoadedPolicy } from '../project/policy.js';
import { bubblewrapArgs } from './bubblewrap.js';
import { planSandbox, type PlanOptions, type ProtectedPath, type SandboxPlan } from './protected-paths.js';
import { seatbeltProfile } from './seatbelt.js';

/** The OS primitive that holds the gates (ARCHITECTURE.md §5, layer 1). */
export type SandboxKind = 'bubblewrap' | 'seatbelt';

export type SandboxAvailability =
  | { readonly ok: true; readonly kind: SandboxKind; readonly binary: string }
  | { readonly ok: false; readonly reason: string };

/** The environment variable every sandboxed process sees; `gate approve` and the hooks read it. */
export const SANDBOX_ENV = 'DSCTL_SANDBOX';

export interface WrappedCommand {
  readonly command: string;
  readonly args: string[];
}

export interface Sandbox {
  readonly kind: SandboxKind;
  readonly plan: SandboxPlan;
  /**
   * The argv that runs `command args` inside the sandbox. `statusFd`: bubblewrap reports on this file
   * descriptor how the command ended, which tells its own set-up failures from the command's.
   */
  wrap(command: string, args: readonly string[], options: { readonly cwd: string; readonly terminal: boolean; readonly statusFd?: number }): WrappedCommand;
  /** The same sandbox with more paths read-only (e.g. the guard's saved bytes, outside the project). */
  withReadOnly(paths: readonly ProtectedPath[]): Sandbox;
}

/** Which primitive this machine has: bubblewrap on Linux, sandbox-exec on macOS; otherwise what to install. */
export function detectSandbox(platform: NodeJS.Platform = process.platform, path: string = process.env.PATH ?? ''): SandboxAvailability {
  if (platform === 'linux') {
    const binary = findExecutable('bwrap', path);
    return binary ? { ok: true, kind: 'bubblewrap', binary } : { ok: false, reason: 'bubblewrap (bwrap) is not installed: install it (Debian/Ubuntu: `apt-get install bubblewrap`, Fedora: `dnf install bubblewrap`, Arch: `pacman -S bubblewrap`)' };
  }
  if (platform === 'darwin') {
    const binary = findExecutable('sandbox-exec', `/usr/bin${delimiter}${path}`);
    return binary ? { ok: true, kind: 'seatbelt', binary } : { ok: false, reason: 'sandbox-exec was not found (it ships with macOS in /usr/bin)' };
  }
  return { ok: false, reason: `there is no OS sandbox dsctl can use on ${platform} (bubblewrap on Linux, sandbox-exec on macOS); run the agent in a Linux VM or WSL` };
}

/** The sandbox for a project, or a UserError naming what to install. */
export function openSandbox(loaded: LoadedPolicy, options: PlanOptions & { readonly availability?: SandboxAvailability } = {}): Sandbox {
  const availability = options.availability ?? detectSandbox();
  if (!availability.ok) throw new UserError('sandbox/unavailable', `dsctl sandbox: ${availability.reason}. A person may pass --allow-unsandboxed to run without it (recorded in the audit log).`);
  return sandboxFor(availability.kind, availability.binary, planSandbox(loaded, options));
}

function sandboxFor(kind: SandboxKind, binary: string, plan: SandboxPlan): Sandbox {
  return {
    kind,
    plan,
    wrap(command, args, wrapOptions) {
      if (kind === 'bubblewrap') return { command: binary, args: bubblewrapArgs(plan, command, args, wrapOptions) };
      return { command: binary, args: ['-p', seatbeltProfile(plan), command, ...args] };
    },
    withReadOnly: (paths) => sandboxFor(kind, binary, { ...plan, readOnly: [...plan.readOnly, ...paths] }),
  };
}

export function findExecutable(name: string, path: string): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}
