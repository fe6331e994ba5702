import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../io/atomic-write.js';
import type { Project } from '../project/project.js';
import { projectPath } from './files.js';
import type { ResultCache } from './report.js';
import type { LintResult } from './types.js';

export const DEFAULT_CACHE_LOCATION = '.dsctl/cache/lint/';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * What every cached result depends on besides the file itself: dsctl's version and the content of
 * every file the project was loaded from (config, policy, tokens, rules, schemas, components).
 */
export function cacheGeneration(project: Project, version: string): string {
  const hash = createHash('sha256').update(`dsctl ${version}\0`);
  for (const source of [...project.sources].sort()) {
    hash.update(`${projectPath(project.root, source)}\0`);
    let stat;
    try {
      stat = statSync(source);
    } catch {
      hash.update('-\0');
      continue;
    }
    const files = stat.isDirectory() ? readdirSync(source, { recursive: true, encoding: 'utf8' }).sort().map((f) => join(source, f)) : [source];
    for (const file of files) {
      if (!statSync(file).isFile()) continue;
      hash.update(`${projectPath(source, file)}\0${sha256(readFileSync(file))}\0`);
    }
  }
  return hash.digest('hex').slice(0, 24);
}

/** Lint results by file and content, one JSON file each, under a folder per generation. */
export class LintCache implements ResultCache {
  private readonly dir: string;

  constructor(location: string, generation: string) {
    this.dir = join(location, generation);
    // Results of other generations can never be read again: drop them.
    try {
      for (const entry of readdirSync(location)) if (entry !== generation) rmSync(join(location, entry), { recursive: true, force: true });
    } catch {
      // No cache folder yet.
    }
  }

  private path(file: string, source: string): string {
    return join(this.dir, `${sha256(`${file}\0${source}`).slice(0, 32)}.json`);
  }

  get(file: string, source: string): LintResult | undefined {
    try {
      const entry = JSON.parse(readFileSync(this.path(file, source), 'utf8')) as { file?: unknown; result?: LintResult };
      return entry.file === file && entry.result ? entry.result : undefined;
    } catch {
      return undefined;
    }
  }

  set(file: string, source: string, result: LintResult): void {
    writeFileAtomic(this.path(file, source), JSON.stringify({ file, result }));
  }
}

export function openLintCache(project: Project, location: string, version: string): LintCache {
  return new LintCache(resolve(project.root, location), cacheGeneration(project, version));
}
