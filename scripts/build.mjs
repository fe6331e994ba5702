// Builds dist/dsctl.js: one ESM entry that starts fast, with each command in a lazily loaded chunk.
// Also regenerates the published JSON Schemas of dsctl.config.json and policy.json from their zod source.
import { build } from 'esbuild';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
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

// 2. The CLI. Everything but the bin is in dist/chunks/.
//
// The agent hooks run on every tool call, so their path is its own CommonJS bundle, chunks/hook.cjs,
// which the bin compiles through V8's code cache (src/cli/main.ts): one file, compiled once, starts
// faster than the ES module chunks of the same code. What it imports lazily (the linter, Markdown,
// zod) is not copied into it but loaded from the main build, through entries with stable names
// (chunks/lazy-<name>.js). UserError is one CommonJS module, chunks/user-error.cjs, that both builds
// import, so that `instanceof` holds across them.
rmSync('dist', { recursive: true, force: true });
const define = { __DSCTL_VERSION__: JSON.stringify(pkg.version) };
// The report page's own script (src/report/client, with Observable Plot from node_modules), bundled once and
// inlined into the CLI as a string: the page it writes needs no network (src/report/client-script.ts).
define.__DSCTL_REPORT_CLIENT__ = JSON.stringify((await build({ entryPoints: ['src/report/client/main.ts'], bundle: true, minify: true, format: 'iife', target: 'es2022', legalComments: 'eof', write: false, logLevel: 'warning', platform: 'browser' })).outputFiles[0].text);
const HOOK_BUNDLE = './chunks/hook.cjs';
const SANDBOX_BUNDLE = './chunks/sandbox.cjs';
const USER_ERROR = resolve('src/diagnostics/user-error.ts');
const HOOK_LAZY = ['src/hooks/ui-lint.ts', 'src/governance/escalation.ts', 'src/governance/audit-log.ts', 'src/project/config.ts', 'src/project/policy-schema.ts', 'src/project/read-json.ts', 'src/views/two-layered.ts', 'src/sandbox/unsandboxed-record.ts'];
const lazyName = (file) => `lazy-${basename(file, '.ts')}`;
const lazyByPath = new Map(HOOK_LAZY.map((file) => [resolve(file), lazyName(file)]));

/** Resolves like esbuild would, for the plugins below: a relative import of a `.js` that is a `.ts` source. */
const sourceOf = (args) => (args.path.startsWith('.') ? resolve(dirname(args.importer), args.path).replace(/\.js$/, '.ts') : undefined);

const sharedUserError = (bundle) => ({
  name: 'shared-user-error',
  setup(b) {
    b.onResolve({ filter: /user-error\.js$/ }, (args) => {
      if (sourceOf(args) !== USER_ERROR) return undefined;
      if (bundle === 'main' && args.importer === resolve('src/cli/main.ts')) return { errors: [{ text: 'the bin must not import user-error.ts: its path to chunks/user-error.cjs would be wrong from dist/' }] };
      return { path: './user-error.cjs', external: true };
    });
  },
});

await build({ ...common, entryPoints: { 'chunks/user-error': 'src/diagnostics/user-error.ts' }, outdir: 'dist', outExtension: { '.js': '.cjs' }, format: 'cjs', banner: {}, sourcemap: 'linked' });

await build({
  ...common,
  // dist/eslint.js is the `dsctl/eslint` plugin (package.json "exports"); it runs lint() in chunks/eslint-worker.js.
  entryPoints: { dsctl: 'src/cli/main.ts', eslint: 'src/eslint/plugin.ts', 'chunks/eslint-worker': 'src/eslint/worker.ts', ...Object.fromEntries(HOOK_LAZY.map((file) => [`chunks/${lazyName(file)}`, file])) },
  outdir: 'dist',
  splitting: true,
  // Loaded from node_modules, not bundled: the HTML source requires it lazily and synchronously
  // (src/lint/sources/lazy-babel.ts), and one copy must serve that and the JSX/Vue parsers.
  external: ['@babel/parser'],
  chunkNames: 'chunks/[name]-[hash]',
  banner: { js: '#!/usr/bin/env node\n' + common.banner.js },
  define: { ...define, __DSCTL_HOOK_BUNDLE__: JSON.stringify(HOOK_BUNDLE), __DSCTL_SANDBOX_BUNDLE__: JSON.stringify(SANDBOX_BUNDLE) },
  sourcemap: 'linked',
  plugins: [
    sharedUserError('main'),
    {
      // main.ts imports the hook path from source only when run unbundled; built, it compiles the bundle.
      name: 'hook-bundle',
      setup(b) {
        b.onResolve({ filter: /fast-path\.js$/ }, () => ({ path: HOOK_BUNDLE, external: true }));
        b.onResolve({ filter: /\/sandbox\.js$/ }, (args) => (args.importer === resolve('src/cli/main.ts') ? { path: SANDBOX_BUNDLE, external: true } : undefined));
      },
    },
  ],
});
chmodSync('dist/dsctl.js', 0o755);

// The fast paths: CommonJS bundles the bin compiles through V8's code cache (see above).
for (const [entry, out] of [
  ['src/hooks/fast-path.ts', HOOK_BUNDLE],
  ['src/cli/sandbox.ts', SANDBOX_BUNDLE],
]) {
  const fast = await build({
    ...common,
    entryPoints: [entry],
    outfile: `dist/${out}`,
    format: 'cjs',
    write: false,
    // import.meta.url (the shell parser is resolved from it) is this file's URL.
    banner: { js: "var __dsctlImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    define: { ...define, 'import.meta.url': '__dsctlImportMetaUrl' },
    sourcemap: 'linked',
    plugins: [
      sharedUserError('hook'),
      {
        name: 'fast-lazy',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind !== 'dynamic-import') return undefined;
            const name = lazyByPath.get(sourceOf(args));
            if (!name) return { errors: [{ text: `${args.path}: a lazy import on a fast path must be listed in HOOK_LAZY (scripts/build.mjs), or it is copied into the bundle` }] };
            return { path: `./${name}.js`, external: true };
          });
        },
      },
    ],
  });
  // The bin compiles the bundle with node:vm, where import() is not available: each lazy import calls the
  // `__lazy` the bin passes in instead (same length, so the source map still fits).
  for (const file of fast.outputFiles) {
    let text = file.text;
    if (file.path.endsWith('.cjs')) {
      if (/\b__lazy\b/.test(text)) throw new Error(`${out}: the name __lazy is taken`);
      text = text.replace(/\bimport\("\.\/lazy-/g, '__lazy("./lazy-');
      if (/\bimport\s*\(/.test(text)) throw new Error(`${out}: an import() is left that node:vm cannot run`);
    }
    writeFileSync(file.path, text);
  }
}
