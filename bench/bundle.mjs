import { build } from 'esbuild';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Bundles a TypeScript entry of the bench (which imports src/) and imports it. */
export async function importTs(entry) {
  // Inside the repo, so the bundle's bare imports resolve from node_modules.
  mkdirSync('bench/.build', { recursive: true });
  const out = join('bench/.build', `${entry.replace(/\W+/g, '-')}.mjs`);
  await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    logLevel: 'warning',
    packages: 'external',
    absWorkingDir: process.cwd(),
  });
  return import(pathToFileURL(join(process.cwd(), out)).href);
}
