import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { detectPackageManager, type PackageManagerName } from './detect/package-manager.js';
import { readPackageJson } from './detect/package-json.js';

const INSTALL: Readonly<Record<PackageManagerName, string>> = { pnpm: 'pnpm install', yarn: 'yarn', npm: 'npm install', bun: 'bun install' };

/**
 * The command that installs a project's dependencies, by the package manager adopt's detection finds
 * (`packageManager`, else the lockfile) in `dir` or the nearest folder above it that says (a workspace root).
 */
export function installCommand(dir: string): string {
  for (let at = dir; ; at = dirname(at)) {
    const found = detectPackageManager(at, readPackageJson(at));
    if (found.from !== 'default') return INSTALL[found.name];
    if (dirname(at) === at) return INSTALL.npm;
  }
}

/** The nearest folder above `from` (inclusive) with a package.json: the project a source belongs to. */
export function packageDirOf(from: string): string {
  for (let at = from; ; at = dirname(at)) {
    if (existsSync(join(at, 'package.json'))) return at;
    if (dirname(at) === at) return from;
  }
}
