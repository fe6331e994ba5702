import { detectAgentDocs, type AgentDocs } from './agent-docs.js';
import { detectCi, type CiInfo } from './ci.js';
import { detectComponentFolders, type ComponentsFolder } from './components.js';
import { detectLayout, type Layout } from './framework.js';
import { readPackageJson, type PackageJsonInfo } from './package-json.js';
import { detectPackageManager, type PackageManager } from './package-manager.js';
import { entriesBesidesGit } from './repo-files.js';
import { detectTailwind, type TailwindInfo } from './tailwind.js';
import { detectTokenSources, type TokenSource } from './token-sources.js';

/** Everything `dsctl init` learns about an existing repository before it plans anything. Plain data. */
export interface RepoDetection {
  readonly root: string;
  readonly packageJson: PackageJsonInfo | undefined;
  readonly packageManager: PackageManager;
  readonly layout: Layout;
  readonly tailwind: TailwindInfo;
  readonly tokenSources: readonly TokenSource[];
  readonly componentFolders: readonly ComponentsFolder[];
  readonly agentDocs: AgentDocs;
  readonly ci: CiInfo;
}

export function detectRepo(root: string): RepoDetection {
  const packageJson = readPackageJson(root);
  return {
    root,
    packageJson,
    packageManager: detectPackageManager(root, packageJson),
    layout: detectLayout(root, packageJson),
    tailwind: detectTailwind(root, packageJson),
    tokenSources: detectTokenSources(root),
    componentFolders: detectComponentFolders(root),
    agentDocs: detectAgentDocs(root),
    ci: detectCi(root),
  };
}

/**
 * Whether `dsctl init` writes the starter as it always did: the folder is empty (a `.git` aside), or holds
 * nothing but files of the starter itself (a re-init, refused without --force as before). Anything else
 * is a repository to adopt.
 */
export function wantsStarter(root: string, starterPaths: ReadonlySet<string>): boolean {
  const entries = entriesBesidesGit(root);
  if (entries.length === 0) return true;
  // Top-level names the starter writes; a user's package.json or .gitignore means a repository.
  const starterTop = new Set([...starterPaths].map((p) => p.split('/')[0] as string));
  return !entries.some((name) => name === 'package.json' || name === '.gitignore' || !starterTop.has(name));
}

export type { AgentDocs, CiInfo, ComponentsFolder, Layout, PackageJsonInfo, PackageManager, TailwindInfo, TokenSource };
