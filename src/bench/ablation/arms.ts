import type { Config } from '../../project/config-schema.js';

/*
 * The ablation's arms as declared transformations of a fresh workspace copy: what each removes (globs,
 * from the project's own config where the paths are configurable) and whether the component loop runs.
 */

export interface ArmModule {
  readonly id: string;
  readonly description: string;
  /** Globs of workspace files removed before the run. */
  remove(config: Config): readonly string[];
  /** `full`: the run goes through the component loop (`dsctl component add <Name> --eval`). */
  readonly loop: boolean;
}

/** Files that tell an agent how to work here. */
const GUIDANCE = ['AGENTS.md', '**/AGENTS.md', 'CLAUDE.md', '**/CLAUDE.md', 'GEMINI.md', '.cursorrules', '.claude/**', '.cursor/**', '.codex/**', '.github/copilot-instructions.md', '.mcp.json', 'llms.txt', 'llms-full.txt'];
/** Nested guidance: below the root only. */
const NESTED_GUIDANCE = ['*/**/AGENTS.md', '*/**/CLAUDE.md'];
/** What runs loops: the launcher, the playbook, agent slash commands. */
const loopFiles = (config: Config): string[] => ['.dsctl/**', '.claude/commands/**', config.views['playbook-sections'].path];
const contractFiles = (config: Config): string[] => [config.contracts.tokens, config.contracts.rules, `${config.contracts.components}/**`, `${config.contracts.schemas}/**`, config.designMd, 'design/generated/**'];

export const ARMS = [
  { id: 'bare', description: 'Agent guidance, contracts, schemas and loop commands removed.', remove: (c: Config) => [...GUIDANCE, ...contractFiles(c), ...loopFiles(c)], loop: false },
  { id: 'context', description: 'Guidance and contracts, no loop.', remove: (c: Config) => loopFiles(c), loop: false },
  { id: 'index', description: 'The context arm minus nested guidance files.', remove: (c: Config) => [...loopFiles(c), ...NESTED_GUIDANCE], loop: false },
  { id: 'full', description: 'The component loop: dsctl component add <Name> --eval.', remove: () => [], loop: true },
] as const satisfies readonly ArmModule[];

export type ArmId = (typeof ARMS)[number]['id'];
export const ARM_IDS = ARMS.map((a) => a.id) as [ArmId, ...ArmId[]];
export const armById = (id: string): ArmModule => ARMS.find((a) => a.id === id) as ArmModule;
