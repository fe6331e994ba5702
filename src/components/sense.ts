import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ComponentContract } from '../contracts/component-types.js';
import { UserError } from '../diagnostics/user-error.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import type { Project } from '../project/project.js';
import { readFrozenMemory, type FrozenMemory } from './memory.js';
import { MEMORY_DIR } from './memory-schema.js';
import { HANDOFF_DIR } from './run-record.js';
import { componentRisk, type ComponentRisk } from './risk.js';

export const SNAPSHOT_SCHEMA = 'dsctl.component-snapshot/v1';
export const SNAPSHOT_SUFFIX = '.snapshot.json';
/** A design-tool snapshot older than this is reported stale: a person should capture it again. */
export const STALE_AFTER_DAYS = 30;
const DAY_MS = 86_400_000;

export interface SnapshotToken {
  readonly token: string;
  /** From the governance file; `untracked` when it does not list the token. */
  readonly status: 'approved' | 'proposed' | 'deprecated' | 'untracked';
  /** From the token-usage file; null when it does not count the token (or there is no such file). */
  readonly usage: number | null;
  /** Whether tokens.json defines it. */
  readonly defined: boolean;
  readonly successor?: string;
}

export interface ComponentSnapshot {
  readonly schema: typeof SNAPSHOT_SCHEMA;
  readonly component: string;
  /** The contract as committed, or null for a component that has none yet (greenfield). */
  readonly contract: { readonly file: string; readonly value: ComponentContract } | null;
  readonly greenfield: string | null;
  readonly risk: { readonly risk: ComponentRisk; readonly reasons: readonly string[] };
  /** Where the component's code goes (the contract's `source`, else `src/components/<Name>/index.tsx`). */
  readonly target: string;
  readonly tokens: readonly SnapshotToken[];
  /** Tokens to avoid, with what replaces them: deprecated in governance or in tokens.json. */
  readonly deprecatedTokens: readonly { readonly token: string; readonly successor: string | null; readonly reason: string }[];
  readonly designTool: {
    readonly file: string;
    readonly tool: string;
    readonly capturedAt: string;
    readonly ageDays: number;
    readonly stale: boolean;
    /** Variables that mirror one of the component's tokens (all of them for a greenfield component). */
    readonly variables: readonly { readonly name: string; readonly token?: string | undefined; readonly mode?: string | undefined; readonly value: string | number }[];
  } | null;
  readonly siblings: readonly { readonly name: string; readonly category: string; readonly type: string; readonly risk: ComponentRisk; readonly source: string | null; readonly hasCode: boolean }[];
  /** The existing component the author is shown as a model: same category and type first, then same category, same type, same risk tier, any with code. */
  readonly closest: { readonly name: string; readonly source: string } | null;
  readonly schemaPath: string;
  /** Memory files read (project-relative → sha256), and the ones missing: the snapshot's provenance. */
  readonly memory: { readonly read: Readonly<Record<string, string>>; readonly missing: readonly string[] };
}

export interface SenseOptions {
  /** The clock for `stale` (tests inject one). */
  readonly now?: Date;
}

const PASCAL = /^[A-Z][A-Za-z0-9]*$/;

/** A component name as the loop takes it: PascalCase, the contract's name when one matches case-insensitively. */
export function componentName(project: Project, given: string): string {
  const contract = contractNamed(project, given);
  if (contract) return contract.contract.name;
  if (!PASCAL.test(given)) throw new UserError('component/name', `"${given}" is not a component name: expected PascalCase letters and digits, such as Badge or DatePicker`);
  return given;
}

function contractNamed(project: Project, name: string): { contract: ComponentContract; file: string } | undefined {
  const wanted = name.toLowerCase();
  return project.components.components.find((e) => e.contract.name.toLowerCase() === wanted || e.contract.id === wanted);
}

/** Where a component's code lives: its contract's `source`, else the starter's convention. */
export function componentTarget(name: string, contract: ComponentContract | undefined): string {
  return contract?.source ?? `src/components/${name}/index.tsx`;
}

/** Builds the snapshot from committed files only: the contract, the tokens, the frozen memory. */
export function senseComponent(project: Project, given: string, options: SenseOptions = {}): ComponentSnapshot {
  const name = componentName(project, given);
  const memory = readFrozenMemory(project.root);
  const entry = contractNamed(project, name);
  const contract = entry?.contract;
  const now = options.now ?? new Date();
  const governance = memory.governance?.value.tokens ?? {};
  const counts = memory.tokenUsage?.value.counts ?? {};

  const declared = [...new Set(contract?.tokens ?? [])].sort();
  const tokens: SnapshotToken[] = declared.map((token) => {
    const g = governance[token];
    return {
      token,
      status: g?.status ?? 'untracked',
      usage: counts[token] ?? null,
      defined: project.tokens.tokens.has(token),
      ...(g?.successor ? { successor: g.successor } : {}),
    };
  });

  const deprecated = new Map<string, { token: string; successor: string | null; reason: string }>();
  for (const [token, g] of Object.entries(governance)) {
    if (g.status === 'deprecated') deprecated.set(token, { token, successor: g.successor ?? null, reason: g.note ?? `deprecated in ${memory.governance?.file}` });
  }
  for (const token of project.tokens.tokens.values()) {
    if (token.deprecated === undefined || deprecated.has(token.path)) continue;
    const reason = token.deprecated === true ? `deprecated in ${project.tokens.file}` : token.deprecated;
    deprecated.set(token.path, { token: token.path, successor: /\{([^}]+)\}/.exec(reason)?.[1] ?? null, reason });
  }

  const risk = contract ? componentRisk(contract) : { risk: 'interactive' as const, reasons: ['no contract says what it is: the reviewer is spent until one does'] };
  const siblings = project.components.components
    .filter((e) => e.contract.name !== name)
    .map(({ contract: c }) => {
      const source = c.source ?? defaultSource(project, c.name);
      return { name: c.name, category: c.category, type: c.type, risk: componentRisk(c).risk, source: source ?? null, hasCode: source !== undefined && existsSync(join(project.root, source)) };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  const withCode = siblings.filter((s) => s.hasCode);
  const closestSibling =
    withCode.find((s) => contract && s.category === contract.category && s.type === contract.type) ??
    withCode.find((s) => contract && s.category === contract.category) ??
    withCode.find((s) => contract && s.type === contract.type) ??
    withCode.find((s) => s.risk === risk.risk) ??
    withCode[0];

  const designTool = designToolSnapshot(memory, declared, now);
  const read: Record<string, string> = {};
  const missing: string[] = [];
  for (const file of ['governance.json', 'token-usage.json', 'design-tool-variables.json']) {
    const rel = `${MEMORY_DIR}/${file}`;
    const abs = join(project.root, rel);
    if (existsSync(abs)) read[rel] = createHash('sha256').update(readFileSync(abs)).digest('hex');
    else missing.push(rel);
  }

  return {
    schema: SNAPSHOT_SCHEMA,
    component: name,
    contract: entry ? { file: entry.file, value: entry.contract } : null,
    greenfield: entry
      ? null
      : `${name} has no contract in ${project.components.dir}: a greenfield component. Propose its API (variants, sizes, states, accessibility) for a person to approve; the contract itself is written by a person.`,
    risk,
    target: componentTarget(name, contract),
    tokens,
    deprecatedTokens: [...deprecated.values()].sort((a, b) => a.token.localeCompare(b.token)),
    designTool,
    siblings,
    closest: closestSibling?.source ? { name: closestSibling.name, source: closestSibling.source } : null,
    schemaPath: `${project.config.contracts.schemas}/component.schema.json`,
    memory: { read, missing },
  };
}

function defaultSource(project: Project, name: string): string | undefined {
  const path = `src/components/${name}/index.tsx`;
  return existsSync(join(project.root, path)) ? path : undefined;
}

function designToolSnapshot(memory: FrozenMemory, declared: readonly string[], now: Date): ComponentSnapshot['designTool'] {
  const dt = memory.designToolVariables;
  if (!dt) return null;
  const ageMs = now.getTime() - Date.parse(dt.value.capturedAt);
  const wanted = new Set(declared);
  const variables = dt.value.variables.filter((v) => declared.length === 0 || (v.token !== undefined && wanted.has(v.token)));
  return {
    file: dt.file,
    tool: dt.value.tool,
    capturedAt: dt.value.capturedAt,
    ageDays: Math.floor(Math.max(0, ageMs) / DAY_MS),
    stale: ageMs > STALE_AFTER_DAYS * DAY_MS,
    variables,
  };
}

/** `.dsctl/handoff/<Name>.snapshot.json`, project-relative. */
export function snapshotFile(name: string): string {
  return `${HANDOFF_DIR}/${name}${SNAPSHOT_SUFFIX}`;
}

/** Senses and writes the snapshot atomically; returns it with its project-relative file. */
export function writeSnapshot(project: Project, given: string, options: SenseOptions = {}): { file: string; snapshot: ComponentSnapshot } {
  const snapshot = senseComponent(project, given, options);
  const file = snapshotFile(snapshot.component);
  writeFileAtomic(join(project.root, file), `${JSON.stringify(snapshot, null, 2)}\n`);
  return { file, snapshot };
}
