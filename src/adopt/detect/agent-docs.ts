import { exists, findFiles } from './repo-files.js';

export interface AgentDocs {
  readonly agentsMd: boolean;
  readonly claudeMd: boolean;
  /** `.cursor/rules/**` files, and `.cursorrules`. */
  readonly cursorRules: readonly string[];
}

/** Agent instruction files already in the repository: they get a dsctl region, never a rewrite. */
export function detectAgentDocs(root: string): AgentDocs {
  const cursorRules = [...(exists(root, '.cursorrules') ? ['.cursorrules'] : []), ...findFiles(root, ['.cursor/rules/**/*'])];
  return { agentsMd: exists(root, 'AGENTS.md'), claudeMd: exists(root, 'CLAUDE.md'), cursorRules };
}
