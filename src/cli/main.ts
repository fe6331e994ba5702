import { createRequire } from 'node:module';
import { compileCached } from '../governance/shell/cached-require.js';

/** dist/chunks/hook.cjs, the hook path's own bundle (set by scripts/build.mjs); undefined when run from source. */
declare const __DSCTL_HOOK_BUNDLE__: string | undefined;

type HookModule = typeof import('../hooks/fast-path.js');

const argv = process.argv.slice(2);

// Agent hooks run on every tool call: `dsctl hook <agent> <event>` skips the command-line parser.
async function main(): Promise<number> {
  if (argv[0] === 'hook' && argv.length === 3 && !argv.some((a) => a.startsWith('-'))) {
    if (typeof __DSCTL_HOOK_BUNDLE__ !== 'string') return (await import('../hooks/fast-path.js')).runHookFastPath(argv[1] as string, argv[2] as string);
    return runHookBundle(new URL(__DSCTL_HOOK_BUNDLE__, import.meta.url), argv[1] as string, argv[2] as string);
  }
  const [{ runCli }, { processIo }] = await Promise.all([import('./run.js'), import('./io.js')]);
  return runCli(argv, processIo());
}

/**
 * Runs the hook path's CommonJS bundle, compiled through V8's code cache: compiling it is most of
 * what a hook call costs beyond Node's own start. Code compiled by node:vm cannot import(), so the
 * bundle's lazy imports (`__lazy`, see scripts/build.mjs) come back here.
 */
async function runHookBundle(url: URL, agent: string, event: string): Promise<number> {
  const file = process.getBuiltinModule('node:url').fileURLToPath(url);
  const bundle = compileCached(file, ['exports', 'require', 'module', '__filename', '__dirname', '__lazy']);
  const module = { exports: {} };
  const lazy = (specifier: string): Promise<unknown> => import(new URL(specifier, url).href);
  bundle.fn(module.exports, createRequire(file), module, file, process.getBuiltinModule('node:path').dirname(file), lazy);
  const { runHookFastPath, warmUp } = module.exports as HookModule;
  const code = await runHookFastPath(agent, event);
  if (bundle.stale) {
    warmUp();
    bundle.saveCache();
  }
  return code;
}

// The bin: the only place that touches the process's exit status.
main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`dsctl: internal error — this is a bug, please report it.\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 70;
  },
);
