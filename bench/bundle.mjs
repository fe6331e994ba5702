import { build } from 'esbuild';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Bundles a TypeScript entry of the bench (which imports src/) and imports it. */
export async function importTs(entry) {
  const out = join(mkdtempSync(join(tmpdir(), 'dsctl-bench-')), 'entry.mjs');
  await build({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    mainFields: ['module', 'main'],
    logLevel: 'warning',
    // Resolve node_modules from the repo, not from the temp folder.
    packages: 'external',
    absWorkingDir: process.cwd(),
  });
  return import(pathToFileURL(out).href);
}
