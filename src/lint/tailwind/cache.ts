import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../io/atomic-write.js';
import type { TailwindClass } from './model.js';

/**
 * Classifications kept between runs, one file per theme hash under `.dsctl/cache/tailwind/`: the agent hook
 * and `check_html` lint a handful of names per call, nearly all seen before. Written once, when the
 * process exits (sync, atomic), and only if it learnt a name; a cache that cannot be read or written
 * is no cache.
 */
export interface ClassCache {
  get(name: string): TailwindClass | undefined;
  set(name: string, value: TailwindClass): void;
}

const VERSION = 1;
// Bounded: a cache of every name a big repo ever had would cost more to read than to rebuild.
const MAX_NAMES = 20_000;

const dirty = new Set<() => void>();
let listening = false;

export function openClassCache(file: string | undefined, key: string): ClassCache {
  const classes = new Map<string, TailwindClass>();
  if (file === undefined) return { get: (name) => classes.get(name), set: (name, value) => void classes.set(name, value) };
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { version?: unknown; key?: unknown; classes?: Record<string, TailwindClass> };
    if (data.version === VERSION && data.key === key && data.classes) for (const [name, value] of Object.entries(data.classes)) classes.set(name, value);
  } catch {
    // Missing or unreadable: start empty.
  }
  const flush = () => {
    dirty.delete(flush);
    try {
      writeFileAtomic(file, JSON.stringify({ version: VERSION, key, classes: Object.fromEntries(classes) }));
    } catch {
      // A read-only checkout: the next run classifies again.
    }
  };
  return {
    get: (name) => classes.get(name),
    set(name, value) {
      if (classes.size >= MAX_NAMES) return;
      classes.set(name, value);
      dirty.add(flush);
      if (!listening) {
        listening = true;
        process.once('exit', flushClassCaches);
      }
    },
  };
}

/** Writes every cache that learnt something; also called on exit. */
export function flushClassCaches(): void {
  for (const flush of [...dirty]) flush();
}
