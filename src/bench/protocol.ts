import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { canonicalJson, sha256Hex } from '../governance/canonical-json.js';
import type { Project } from '../project/project.js';
import { conditionById, conditionContext, needsServer } from './conditions.js';
import { mcpSignature, type McpServerLaunch, type McpSignature } from './mcp-tools.js';
import { SCORER_VERSION } from './scorer.js';
import type { BenchSpec } from './spec.js';

/*
 * The protocol id: a hash of everything that changes results — prompts and their scoring patterns, each
 * condition's context, the contracts, the MCP tools' schemas, the scorer version, provider, model and
 * sampling settings. Two runs are comparable only when their ids are equal. The parts are kept (as
 * hashes) so a report can say what changed between two ids.
 */

export interface ProtocolParts {
  readonly schema: 'dsctl.bench-protocol/v1';
  readonly tasks: string;
  readonly taskIds: readonly string[];
  readonly conditions: Readonly<Record<string, string>>;
  readonly contracts: string;
  readonly tools: string;
  readonly scorer: string;
  readonly provider: string;
  readonly model: string;
  readonly temperature: number;
  readonly maxTokens: number;
  readonly maxTurns: number;
  readonly baseline: string;
}

export interface Protocol {
  readonly id: string;
  readonly parts: ProtocolParts;
  /** Each condition's context text, as hashed. */
  readonly contexts: ReadonlyMap<string, string>;
}

const hash = (value: unknown): string => sha256Hex(typeof value === 'string' ? value : canonicalJson(value));

export async function computeProtocol(project: Project, spec: BenchSpec, launch: McpServerLaunch): Promise<Protocol> {
  const server: McpSignature | undefined = spec.conditions.some((c) => needsServer(conditionById(c))) ? await mcpSignature(launch) : undefined;
  const contexts = new Map(spec.conditions.map((c) => [c, conditionContext(project, conditionById(c), server?.instructions)] as const));
  const parts: ProtocolParts = {
    schema: 'dsctl.bench-protocol/v1',
    tasks: hash(spec.tasks),
    taskIds: spec.tasks.map((t) => t.id),
    conditions: Object.fromEntries([...contexts].map(([c, text]) => [c, hash(text)])),
    contracts: contractsHash(project),
    tools: server ? hash(server.tools) : 'none',
    scorer: SCORER_VERSION,
    provider: spec.provider,
    model: spec.model,
    temperature: spec.temperature,
    maxTokens: spec.maxTokens,
    maxTurns: spec.maxTurns,
    baseline: spec.baseline,
  };
  return { id: `bp-${hash(parts).slice(0, 16)}`, parts, contexts };
}

/** The bytes of the tokens, rules and every component contract. */
export function contractsHash(project: Project): string {
  const files = [project.config.contracts.tokens, project.config.contracts.rules, ...project.components.components.map((e) => e.file)];
  return hash(files.map((f) => [f, sha256Hex(readFileSync(resolve(project.root, f), 'utf8'))]));
}

/** What differs between two protocols, in words ("the prompts", "condition full's context", …). */
export function protocolChanges(a: ProtocolParts, b: ProtocolParts): string[] {
  const changes: string[] = [];
  if (a.tasks !== b.tasks) {
    const added = b.taskIds.filter((t) => !a.taskIds.includes(t));
    const removed = a.taskIds.filter((t) => !b.taskIds.includes(t));
    changes.push(`the prompts or their patterns${added.length ? ` (added: ${added.join(', ')})` : ''}${removed.length ? ` (removed: ${removed.join(', ')})` : ''}`);
  }
  for (const c of new Set([...Object.keys(a.conditions), ...Object.keys(b.conditions)])) {
    if (a.conditions[c] === undefined) changes.push(`condition ${c} added`);
    else if (b.conditions[c] === undefined) changes.push(`condition ${c} removed`);
    else if (a.conditions[c] !== b.conditions[c]) changes.push(`condition ${c}'s context (DESIGN.md, contracts or instructions)`);
  }
  if (a.contracts !== b.contracts) changes.push('the contracts (tokens, rules or components)');
  if (a.tools !== b.tools) changes.push('the MCP tools (names, descriptions or schemas)');
  if (a.scorer !== b.scorer) changes.push(`the scoring code (${a.scorer} → ${b.scorer})`);
  for (const key of ['provider', 'model', 'temperature', 'maxTokens', 'maxTurns', 'baseline'] as const) {
    if (a[key] !== b[key]) changes.push(`${key} (${String(a[key])} → ${String(b[key])})`);
  }
  return changes;
}
