import { exists, findFiles } from './repo-files.js';

export interface CiInfo {
  readonly system: 'github' | 'gitlab' | 'none';
  /** The CI files found, repo-relative. */
  readonly files: readonly string[];
}

export function detectCi(root: string): CiInfo {
  const github = findFiles(root, ['.github/workflows/*.{yml,yaml}']);
  if (github.length) return { system: 'github', files: github };
  if (exists(root, '.gitlab-ci.yml')) return { system: 'gitlab', files: ['.gitlab-ci.yml'] };
  return { system: 'none', files: [] };
}
