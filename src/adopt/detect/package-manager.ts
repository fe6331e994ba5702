import type { PackageJsonInfo } from './package-json.js';
import { exists, readText } from './repo-files.js';

export type PackageManagerName = 'pnpm' | 'yarn' | 'npm' | 'bun';

export interface PackageManager {
  readonly name: PackageManagerName;
  /** The lockfile found, repo-relative; undefined when there is none. */
  readonly lockfile: string | undefined;
  /** The version pinned by package.json `packageManager` (`pnpm@9.1.0` → `9.1.0`). */
  readonly version: string | undefined;
  /** How the decision was made, for the plan. */
  readonly from: 'lockfile' | 'packageManager' | 'default';
  /** Yarn 2 or later (its lockfile has `__metadata`): `--immutable` instead of `--frozen-lockfile`. */
  readonly yarnBerry: boolean;
}

const LOCKFILES: readonly (readonly [string, PackageManagerName])[] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['bun.lock', 'bun'],
  ['bun.lockb', 'bun'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
];

/** The package manager: the `packageManager` field when set (corepack obeys it), else the lockfile, else npm. */
export function detectPackageManager(root: string, pkg: PackageJsonInfo | undefined): PackageManager {
  const lock = LOCKFILES.find(([file]) => exists(root, file));
  const field = typeof pkg?.data.packageManager === 'string' ? /^(pnpm|yarn|npm|bun)@([^+\s]+)/.exec(pkg.data.packageManager) : null;
  const berry = (version: string | undefined) => (version !== undefined ? Number(version.split('.')[0]) >= 2 : (readText(root, 'yarn.lock') ?? '').includes('__metadata:'));
  if (field) {
    const name = field[1] as PackageManagerName;
    const lockfile = LOCKFILES.find(([file, pm]) => pm === name && exists(root, file))?.[0];
    return { name, lockfile, version: field[2], from: 'packageManager', yarnBerry: name === 'yarn' && berry(field[2]) };
  }
  if (lock) return { name: lock[1], lockfile: lock[0], version: undefined, from: 'lockfile', yarnBerry: lock[1] === 'yarn' && berry(undefined) };
  return { name: 'npm', lockfile: undefined, version: undefined, from: 'default', yarnBerry: false };
}
