import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Problem } from '../diagnostics/problem.js';
import { writeFileAtomic } from '../io/atomic-write.js';

/**
 * Contract-vs-code findings are part of every project load (lint, the hooks, the MCP server), and a
 * React scan builds a TypeScript program (most of a second). Kept here by what they depend on: the
 * contracts and theme (`key`), and the bytes of every project file the scan read.
 */
const CACHE_FILE = '.dsctl/cache/contract-code.json';

interface CacheEntry {
  readonly key: string;
  /** Project-relative file → sha256 of its bytes. */
  readonly inputs: Readonly<Record<string, string>>;
  readonly problems: readonly Problem[];
}

export function cacheKey(parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\0');
  return hash.digest('hex');
}

/** The cached findings, when the key matches and no input file changed; undefined otherwise. */
export function readCachedProblems(root: string, key: string): readonly Problem[] | undefined {
  let entry: CacheEntry;
  try {
    entry = JSON.parse(readFileSync(join(root, CACHE_FILE), 'utf8')) as CacheEntry;
  } catch {
    return undefined;
  }
  if (entry.key !== key || typeof entry.inputs !== 'object' || !Array.isArray(entry.problems)) return undefined;
  for (const [file, hash] of Object.entries(entry.inputs)) {
    const path = join(root, file);
    if (!existsSync(path) || fileHash(path) !== hash) return undefined;
  }
  return entry.problems;
}

/** Best effort: a read-only checkout (a sandbox, CI) simply recomputes next time. */
export function writeCachedProblems(root: string, key: string, inputs: readonly string[], problems: readonly Problem[]): void {
  try {
    const entry: CacheEntry = { key, inputs: Object.fromEntries(inputs.filter(existsSync).map((p) => [relative(root, p).split(sep).join('/'), fileHash(p)])), problems };
    writeFileAtomic(join(root, CACHE_FILE), `${JSON.stringify(entry)}\n`);
  } catch {
    // not worth failing a load for
  }
}

function fileHash(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}
