// Builds dist/dsctl.js: one ESM entry that starts fast, with each command in a lazily loaded chunk.
// Also regenerates the published JSON Schemas of dsctl.config.json and policy.json from their zod source.
import { build } from 'esbuild';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'warning',
  // jsonc-parser's "main" is a UMD build esbuild cannot follow; its "module" build is plain ESM.
  mainFields: ['module', 'main'],
  // Bundled CommonJS dependencies call require(); give the ESM output a real one.
  banner: { js: "import { createRequire as __dsctlCreateRequire } from 'node:module';\nconst require = __dsctlCreateRequire(import.meta.url);" },
};

// 1. Published schemas, generated from the zod schemas so the two cannot drift.
const tmp = mkdtempSync(join(tmpdir(), 'dsctl-build-'));
try {
  const out = join(tmp, 'write-schemas.mjs');
  await build({ ...common, entryPoints: ['scripts/write-schemas.ts'], outfile: out });
  const { writeSchemas } = await import(pathToFileURL(out).href);
  writeSchemas(process.cwd());
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

// 2. The CLI.
rmSync('dist', { recursive: true, force: true });
await build({
  ...common,
  entryPoints: { dsctl: 'src/cli/main.ts' },
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  banner: { js: '#!/usr/bin/env node\n' + common.banner.js },
  define: { __DSCTL_VERSION__: JSON.stringify(pkg.version) },
  sourcemap: 'linked',
});
chmodSync('dist/dsctl.js', 0o755);
