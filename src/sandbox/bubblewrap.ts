import type { SandboxPlan } from './protected-paths.js';

/**
 * bubblewrap's argv for one command (Linux). The whole file system is bound as it is, then every
 * protected path read-only on top, so the command sees one tree and cannot write the protected parts
 * however it names them (`$f`, globs, `/proc/self/cwd/…`, links, child processes, background jobs).
 * - its own PID namespace, and bubblewrap dies with dsctl: whatever the command left running dies
 *   with it, so nothing writes after the guard has looked;
 * - every capability dropped (as root bwrap keeps them, and CAP_SYS_ADMIN could unmount the binds);
 * - a new session when not on a terminal: a sandboxed process cannot push keystrokes (TIOCSTI) into
 *   the terminal it came from. On a terminal an interactive agent needs its job control, so the
 *   session is kept (noted in `dsctl sandbox --help`).
 */
export function bubblewrapArgs(plan: SandboxPlan, command: string, args: readonly string[], options: { readonly cwd: string; readonly terminal: boolean; readonly statusFd?: number }): string[] {
  return [
    '--bind', '/', '/',
    '--dev-bind', '/dev', '/dev',
    '--proc', '/proc',
    '--unshare-pid',
    '--die-with-parent',
    '--cap-drop', 'ALL',
    ...(options.terminal ? [] : ['--new-session']),
    ...plan.readOnly.flatMap((p) => ['--ro-bind', p.path, p.path]),
    '--chdir', options.cwd,
    ...(options.statusFd === undefined ? [] : ['--json-status-fd', String(options.statusFd)]),
    '--',
    command,
    ...args,
  ];
}
