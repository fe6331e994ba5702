import { fileURLToPath } from 'node:url';

/** The page's script (src/report/client with Observable Plot), bundled by scripts/build.mjs; undefined when run from source. */
declare const __DSCTL_REPORT_CLIENT__: string | undefined;

let bundled: Promise<string> | undefined;

/**
 * The script the page carries. The built CLI has it inlined at build time; run from source (tests,
 * development), it is bundled here with esbuild, a development dependency.
 */
export function reportClientScript(): Promise<string> {
  if (typeof __DSCTL_REPORT_CLIENT__ === 'string') return Promise.resolve(__DSCTL_REPORT_CLIENT__);
  bundled ??= (async () => {
    // Not a literal: the CLI's own bundle must not try to take esbuild in.
    const name = 'esbuild';
    const { build } = (await import(name)) as typeof import('esbuild');
    const result = await build(REPORT_CLIENT_BUILD(fileURLToPath(new URL('./client/main.ts', import.meta.url))));
    return result.outputFiles?.[0]?.text ?? '';
  })();
  return bundled;
}

/** One set of esbuild options for both ways of bundling the page's script (scripts/build.mjs mirrors it). */
export function REPORT_CLIENT_BUILD(entry: string): import('esbuild').BuildOptions & { write: false } {
  return { entryPoints: [entry], bundle: true, minify: true, format: 'iife', target: 'es2022', legalComments: 'eof', write: false, logLevel: 'warning', platform: 'browser' };
}
