import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The layering of ARCHITECTURE.md §2, checked on the real import graph: core folders return typed
 * results and never reach up into a surface (the folders that print: cli/, mcp/, hooks/); the CLI is
 * the top, so nothing but the CLI imports from it.
 */

const SRC = resolve(import.meta.dirname, '../../src');
const SURFACES = ['cli', 'mcp', 'hooks'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sourceFiles(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

/** Relative specifiers of static imports, re-exports and dynamic `import()`s. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\s)(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm)) {
    const spec = m[1] ?? m[2] ?? m[3];
    if (spec?.startsWith('.')) found.push(spec);
  }
  return found;
}

function folderOf(file: string): string {
  return relative(SRC, file).split(sep)[0] ?? '';
}

const edges = sourceFiles(SRC).flatMap((file) => importsOf(readFileSync(file, 'utf8')).map((spec) => ({ file: relative(SRC, file), from: folderOf(file), to: folderOf(resolve(dirname(file), spec)), spec })));

describe('import layering', () => {
  it('sees the import graph (the walk is not vacuous)', () => {
    expect(edges.length).toBeGreaterThan(300);
    expect(edges.some((e) => e.from === 'cli' && e.to === 'lint')).toBe(true);
    expect(importsOf(`import a from './a.js';\nexport { b } from "../b.js";\nconst c = await import('./c.js');\nimport './d.js';\nimport x from 'node:fs';`)).toEqual(['./a.js', '../b.js', './c.js', './d.js']);
  });

  it('no core module imports a surface (cli/, mcp/, hooks/)', () => {
    const upward = edges.filter((e) => !SURFACES.includes(e.from) && SURFACES.includes(e.to) && e.to !== e.from);
    expect(upward.map((e) => `${e.file} → ${e.spec}`)).toEqual([]);
  });

  it('only the CLI imports from cli/', () => {
    const intoCli = edges.filter((e) => e.to === 'cli' && e.from !== 'cli');
    expect(intoCli.map((e) => `${e.file} → ${e.spec}`)).toEqual([]);
  });
});
