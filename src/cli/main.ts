import { createRequire } from 'node:module';
import { compileCached } from '../runtime/code-cache.js';

/** dist/chunks/hook.cjs and sandbox.cjs, the fast paths' own bundles (set by scripts/build.mjs); undefined when run from source. */
declare const __DSCTL_HOOK_BUNDLE__: string | undefined;
declare const __DSCTL_SANDBOX_BUNDLE__: string | undefined;

type HookModule = typeof import('../hooks/fast-path.js');
type SandboxModule = typeof import('./sandbox.js');

const argv = process.argv.slice(2);

// Agent hooks run on every tool call: `dsctl hook <agent> <event>` skips the command-line parser.
async function main(): Promise<number> {
  if (argv[0] === 'hook' && argv.length === 3 && !argv.some((a) => a.startsWith('-'))) {
    const [agent, event] = [argv[1] as string, argv[2] as string];
    const blocking = event === 'pre-tool-use' || event === 'before-shell-execution';
    // An agent runs the tool when its hook times out or dies: deny first, whatever the hook is doing.
    const watchdog = blocking ? setTimeout(() => process.exit(denyFromBin(agent, `no answer within ${HOOK_DEADLINE_MS / 1000} s`)), HOOK_DEADLINE_MS) : undefined;
    watchdog?.unref();
    try {
      if (typeof __DSCTL_HOOK_BUNDLE__ !== 'string') return await (await import('../hooks/fast-path.js')).runHookFastPath(agent, event);
      return await runHookBundle(new URL(__DSCTL_HOOK_BUNDLE__, import.meta.url), agent, event);
    } catch (error) {
      // The bundle did not load, or threw before its own catch-all: a blocking event is still a deny.
      if (!blocking) throw error;
      return denyFromBin(agent, `internal error (${error instanceof Error ? error.message : String(error)})`);
    } finally {
      clearTimeout(watchdog);
    }
  }
  // `dsctl sandbox -- <agent>` starts every agent session: it skips the parser too.
  if (argv[0] === 'sandbox') {
    if (typeof __DSCTL_SANDBOX_BUNDLE__ !== 'string') return (await import('./sandbox.js')).runSandboxFastPath(argv.slice(1));
    const bundle = loadBundle<SandboxModule>(new URL(__DSCTL_SANDBOX_BUNDLE__, import.meta.url));
    const code = await bundle.exports.runSandboxFastPath(argv.slice(1));
    bundle.save();
    return code;
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
  const bundle = loadBundle<HookModule>(url);
  const code = await bundle.exports.runHookFastPath(agent, event);
  bundle.save(() => bundle.exports.warmUp());
  return code;
}

/** Loads a fast path's bundle; `save` writes V8's code cache when it was stale (after `warm`, so that more is compiled into it). */
function loadBundle<T>(url: URL): { exports: T; save(warm?: () => void): void } {
  const file = process.getBuiltinModule('node:url').fileURLToPath(url);
  const bundle = compileCached(file, ['exports', 'require', 'module', '__filename', '__dirname', '__lazy']);
  const module = { exports: {} };
  const lazy = (specifier: string): Promise<unknown> => import(new URL(specifier, url).href);
  bundle.fn(module.exports, createRequire(file), module, file, process.getBuiltinModule('node:path').dirname(file), lazy);
  return {
    exports: module.exports as T,
    save(warm) {
      if (!bundle.stale) return;
      warm?.();
      bundle.saveCache();
    },
  };
}

/** Ahead of the agents' own hook time-outs (the installed one is 60 s; Claude Code's default too). */
const HOOK_DEADLINE_MS = 20_000;

/**
 * A deny written by the bin itself, for when the hook code cannot answer: exit 2 and a line on stderr
 * (Claude Code, Codex), and the JSON Cursor reads on stdout. Kept free of imports on purpose.
 */
function denyFromBin(agent: string, why: string): number {
  const reason = `dsctl hook: ${why.replace(/\s+/g, ' ').slice(0, 300)} — this tool call is denied`;
  process.stderr.write(`${reason}\n`);
  if (agent === 'cursor') process.stdout.write(`${JSON.stringify({ permission: 'deny', user_message: reason, agent_message: reason })}\n`);
  return 2;
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
