import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { keptEnv } from './claude-code.js';
import type { ScriptedOpenAi } from './scripted-openai.js';
import { tempDir } from './temp-dir.js';

/** The Codex CLI installed as a devDependency (`@openai/codex`, which ships its Linux binary). */
export const CODEX = fileURLToPath(new URL('../../node_modules/.bin/codex', import.meta.url));

/**
 * A model in Codex 0.169.0's own catalog (`codex debug models`), so the CLI offers its real tools:
 * `exec_command` and the freeform `apply_patch`. An unknown name gets fallback metadata without apply_patch.
 */
export const CODEX_TEST_MODEL = 'gpt-5.5';

/** The model provider id the scripted server is configured under. */
const PROVIDER = 'scripted';

export interface CodexRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The `--json` events on stdout, parsed. */
  readonly events: readonly Record<string, unknown>[];
}

export interface CodexOptions {
  readonly cwd: string;
  readonly prompt: string;
  readonly model: ScriptedOpenAi;
  /** More `codex exec` arguments (e.g. `-c mcp_servers.dsctl.command=…`), before the prompt. */
  readonly args?: readonly string[];
  readonly env?: Record<string, string>;
  /** Kills the CLI after this long (default 120 s). */
  readonly timeoutMs?: number;
}

/**
 * The environment of an offline run: a clean HOME and CODEX_HOME (no user config, auth, MCP servers or
 * sessions leak in), the scripted server's key in an env variable the provider names.
 */
export function codexEnv(home: string): Record<string, string> {
  const base = keptEnv();
  const codexHome = join(home, '.codex');
  mkdirSync(codexHome, { recursive: true });
  return {
    ...base,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    CODEX_HOME: codexHome,
    SCRIPTED_OPENAI_KEY: 'test',
    NO_PROXY: '127.0.0.1,localhost',
    NO_COLOR: '1',
    RUST_LOG: 'error',
  };
}

/**
 * `codex exec` arguments for an offline, non-interactive run against the scripted server, verified with 0.169.0:
 * - a custom model provider on the Responses API (`wire_api = "responses"`), key from the environment,
 *   no retries (a script error would only repeat);
 * - `--trust`: project-local config (`.codex/hooks.json`) is ignored in an untrusted project ("Untrusted
 *   project-local configuration is disabled"); the trust lands in the temp CODEX_HOME;
 * - `--dangerously-bypass-hook-trust`: the project's hooks run without the interactive review;
 * - `-s danger-full-access`: no Codex OS sandbox, so what stops a write is dsctl's hook alone;
 * - `--skip-git-repo-check`, `--ephemeral` (no session files), `--json` (events on stdout);
 * - no update check, analytics or feedback (the machine is offline; they would only fail).
 *
 * Codex's own OS sandbox (`-s workspace-write`: bubblewrap, as root too) needs its helper
 * `codex-linux-sandbox`, which Codex only puts on PATH when CODEX_HOME is not under /tmp ("Refusing to
 * create helper binaries under temporary dir"); with the temp CODEX_HOME here every sandboxed command
 * fails with "bwrap: execvp codex-linux-sandbox: No such file or directory".
 */
export function codexArgs(model: ScriptedOpenAi): string[] {
  return [
    'exec',
    '--json',
    '--color', 'never',
    '--ephemeral',
    '--skip-git-repo-check',
    '--trust',
    '--dangerously-bypass-hook-trust',
    '-s', 'danger-full-access',
    '-m', CODEX_TEST_MODEL,
    '-c', `model_provider="${PROVIDER}"`,
    '-c', `model_providers.${PROVIDER}.name="scripted"`,
    '-c', `model_providers.${PROVIDER}.base_url="${model.url}"`,
    '-c', `model_providers.${PROVIDER}.wire_api="responses"`,
    '-c', `model_providers.${PROVIDER}.env_key="SCRIPTED_OPENAI_KEY"`,
    '-c', `model_providers.${PROVIDER}.request_max_retries=0`,
    '-c', `model_providers.${PROVIDER}.stream_max_retries=0`,
    '-c', 'check_for_update_on_startup=false',
    '-c', 'analytics.enabled=false',
    '-c', 'feedback.enabled=false',
  ];
}

function parseEvents(stdout: string): Record<string, unknown>[] {
  const events: Record<string, unknown>[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      events.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // not an event
    }
  }
  return events;
}

let catalog: string | undefined;

/**
 * Codex's own model catalog (`codex debug models`, offline) with CODEX_TEST_MODEL alone, its
 * `supports_search_tool` turned off: with it on, Codex 0.169.0 hides every MCP tool behind a
 * `tool_search` tool (as Claude Code does behind ToolSearch); off, they are listed in the request.
 */
export function codexModelCatalog(home: string): string {
  catalog ??= (() => {
    const all = JSON.parse(execFileSync(CODEX, ['debug', 'models'], { env: codexEnv(home), encoding: 'utf8', timeout: 30_000, stdio: ['ignore', 'pipe', 'pipe'] })) as { models: Record<string, unknown>[] };
    const model = all.models.find((m) => m.slug === CODEX_TEST_MODEL);
    if (model === undefined) throw new Error(`codex debug models lists no ${CODEX_TEST_MODEL}`);
    return JSON.stringify({ models: [{ ...model, supports_search_tool: false }] });
  })();
  const file = join(home, 'model-catalog.json');
  writeFileSync(file, catalog);
  return file;
}

/** Runs `codex exec <prompt>` against the scripted model, with no stdin. */
export async function runCodex(options: CodexOptions): Promise<CodexRun> {
  if (!existsSync(CODEX)) throw new Error(`${CODEX} is missing: run \`npm ci\` (it is a devDependency)`);
  const home = tempDir('dsctl-codex-home-');
  const env = { ...codexEnv(home), ...options.env };
  const args = [...codexArgs(options.model), '-c', `model_catalog_json="${codexModelCatalog(home)}"`, ...(options.args ?? []), options.prompt];
  const child = spawn(CODEX, args, { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timeoutMs = options.timeoutMs ?? 120_000;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    // The npm launcher and the native CLI under it, and whatever they started: the whole group.
    try {
      process.kill(-(child.pid as number), 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolve(status));
  }).finally(() => clearTimeout(timer));
  if (timedOut) stderr += `\n[runCodex] killed after ${timeoutMs} ms`;
  return { code, stdout, stderr, events: parseEvents(stdout) };
}
