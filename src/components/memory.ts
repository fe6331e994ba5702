import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseConfigDocument, readJsonDocument } from '../project/read-json.js';
import { MEMORY_DIR, MEMORY_FILES, MEMORY_SCHEMAS, type DesignToolVariables, type Governance, type TokenUsage } from './memory-schema.js';

export interface MemoryFile<T> {
  /** Project-relative. */
  readonly file: string;
  readonly value: T;
}

/** The frozen memory found in the project; a file that is absent is undefined (sense says so), a bad one is a UserError. */
export interface FrozenMemory {
  readonly dir: string;
  readonly governance?: MemoryFile<Governance>;
  readonly tokenUsage?: MemoryFile<TokenUsage>;
  readonly designToolVariables?: MemoryFile<DesignToolVariables>;
}

const WHAT = { governance: 'governance memory', tokenUsage: 'token-usage memory', designToolVariables: 'design-tool variables memory' } as const;

/** Reads and validates every memory file under `design/memory/`; a malformed one throws a UserError with its file and location (exit 2). */
export function readFrozenMemory(root: string, dir: string = MEMORY_DIR): FrozenMemory {
  const read = <K extends keyof typeof MEMORY_FILES>(kind: K) => {
    const file = `${dir}/${MEMORY_FILES[kind]}`;
    const abs = join(root, file);
    if (!existsSync(abs)) return undefined;
    const value = parseConfigDocument(readJsonDocument(abs, file, WHAT[kind]), MEMORY_SCHEMAS[kind], 'memory/invalid', WHAT[kind]);
    return { file, value };
  };
  const governance = read('governance');
  const tokenUsage = read('tokenUsage');
  const designToolVariables = read('designToolVariables');
  return {
    dir,
    ...(governance ? { governance: governance as MemoryFile<Governance> } : {}),
    ...(tokenUsage ? { tokenUsage: tokenUsage as MemoryFile<TokenUsage> } : {}),
    ...(designToolVariables ? { designToolVariables: designToolVariables as MemoryFile<DesignToolVariables> } : {}),
  };
}
