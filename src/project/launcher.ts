import { chmodSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../io/atomic-write.js';
import { packageRoot } from './package-root.js';

/**
 * The launcher every integration calls (agent hooks, MCP configs, the git hook, CI): a small script
 * committed in the project, so that what runs is never looked up on the network (`npx dsctl` would
 * fetch whoever owns the name) and a missing install fails closed instead of open.
 */

/** The launcher, project-relative: a POSIX sh script that runs `dsctl.cjs` beside it with node. */
export const LAUNCHER_PATH = '.dsctl/bin/dsctl';
/** The dependency-free Node half: finds dsctl (node_modules, or `launcher.dsctl` in the config), else fails closed. */
export const LAUNCHER_NODE_PATH = '.dsctl/bin/dsctl.cjs';

export interface LauncherResult {
  /** Project-relative files written (empty when both were already up to date). */
  readonly written: readonly string[];
}

/** Writes (or brings up to date) the launcher into the project, executable. Idempotent. */
export function installLauncher(root: string): LauncherResult {
  const written: string[] = [];
  for (const [rel, template, mode] of [
    [LAUNCHER_PATH, 'dsctl', 0o755],
    [LAUNCHER_NODE_PATH, 'dsctl.cjs', 0o644],
  ] as const) {
    const content = readFileSync(join(packageRoot(), 'templates', 'launcher', template), 'utf8');
    const abs = join(root, rel);
    let current: string | undefined;
    try {
      current = readFileSync(abs, 'utf8');
    } catch {
      current = undefined;
    }
    if (current === content) {
      // A checkout that lost the executable bit (core.fileMode false, a zip download) gets it back.
      if ((statSync(abs).mode & 0o777) !== mode) chmodSync(abs, mode);
      continue;
    }
    writeFileAtomic(abs, content, mode);
    chmodSync(abs, mode);
    written.push(rel);
  }
  return { written };
}

/**
 * How a hook that may run outside the project root calls the launcher: Cursor may run hook commands
 * from `.cursor/`, Codex from the folder a session started in. The shell walks up to the launcher,
 * and without one denies (exit 2) rather than letting the agent go ahead. Arguments follow it.
 */
export const LAUNCHER_FROM_ANYWHERE = `sh -c 'd=$PWD; while [ ! -x "$d/${LAUNCHER_PATH}" ] && [ "$d" != / ]; do d=$(dirname "$d"); done; [ -x "$d/${LAUNCHER_PATH}" ] || { echo "dsctl: no ${LAUNCHER_PATH} in $PWD or above: run dsctl hooks install" >&2; exit 2; }; exec "$d/${LAUNCHER_PATH}" "$@"' dsctl`;
