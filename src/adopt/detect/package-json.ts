import { readText } from './repo-files.js';

/** The project's package.json as text and data; `undefined` when there is none. */
export interface PackageJsonInfo {
  readonly text: string;
  readonly data: Record<string, unknown>;
}

export function readPackageJson(root: string): PackageJsonInfo | undefined {
  const text = readText(root, 'package.json');
  if (text === undefined) return undefined;
  try {
    const data: unknown = JSON.parse(text);
    if (data && typeof data === 'object' && !Array.isArray(data)) return { text, data: data as Record<string, unknown> };
  } catch {
    // An unreadable package.json is reported by the plan, which refuses to merge into it.
  }
  return { text, data: {} };
}

/** Every dependency name → version range, dependencies and devDependencies together. */
export function dependencies(pkg: PackageJsonInfo | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies']) {
    const deps = pkg?.data[field];
    if (deps && typeof deps === 'object') for (const [name, range] of Object.entries(deps)) if (typeof range === 'string') out[name] ??= range;
  }
  return out;
}
