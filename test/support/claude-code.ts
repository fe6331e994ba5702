import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startScriptedModel, type ModelToolUse, type ScriptedModel, type ToolResult } from './scripted-model.js';
import { tempDir } from './temp-dir.js';

/** The Claude Code CLI installed as a devDependency (`@anthropic-ai/claude-code`). */
export const CLAUDE = fileURLToPath(new URL('../../node_modules/.bin/claude', import.meta.url));

/** Any model name the CLI knows works; the scripted server echoes it back. */
export const CLAUDE_TEST_MODEL = 'claude-sonnet-4-5';

/** The final object of `claude -p --output-format json`. */
export interface ClaudeResult {
  readonly type: 'result';
  readonly subtype: string;
  readonly is_error: boolean;
  readonly num_turns: number;
  readonly total_cost_usd: number;
  readonly session_id: string;
  readonly result?: string;
  readonly permission_denials: readonly { readonly tool_name: string; readonly tool_use_id: string; readonly tool_input: unknown }[];
  readonly [key: string]: unknown;
}

export interface ClaudeRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** The parsed result object, when stdout held one. */
  readonly result?: ClaudeResult;
}

export interface ClaudeCodeOptions {
  readonly cwd: string;
  readonly prompt: string;
  readonly model: ScriptedModel;
  /** Added after `-p <prompt> --output-format json` (and `--model <CLAUDE_TEST_MODEL>` unless they name a model). */
  readonly args?: readonly string[];
  readonly env?: Record<string, string>;
  /** Kills the CLI after this long (default 75 s). */
  readonly timeoutMs?: number;
  /** Runs the CLI through this command, e.g. `[node, dsctl, 'sandbox', '--']`. */
  readonly through?: readonly string[];
}

/** The few variables an agent CLI under test keeps from this process: nothing of the user's leaks in. */
export function keptEnv(): Record<string, string> {
  const base: Record<string, string> = {};
  for (const key of ['PATH', 'LANG', 'LC_ALL', 'TZ', 'TMPDIR', 'SYSTEMROOT']) {
    const value = process.env[key];
    if (value !== undefined) base[key] = value;
  }
  return base;
}

/**
 * The environment of an offline, non-interactive run: a clean HOME and config dir (no user
 * settings, credentials or MCP servers leak in), the scripted server as the API, no telemetry,
 * updates or other traffic, MCP tools listed directly rather than behind ToolSearch.
 */
export function claudeEnv(model: ScriptedModel, home: string): Record<string, string> {
  const base = keptEnv();
  return {
    ...base,
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    XDG_CACHE_HOME: join(home, '.cache'),
    XDG_DATA_HOME: join(home, '.local/share'),
    XDG_STATE_HOME: join(home, '.local/state'),
    CLAUDE_CONFIG_DIR: join(home, '.claude'),
    ANTHROPIC_BASE_URL: model.url,
    ANTHROPIC_API_KEY: 'test',
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
    DISABLE_BUG_COMMAND: '1',
    CLAUDE_CODE_DISABLE_TERMINAL_TITLE: '1',
    ENABLE_TOOL_SEARCH: 'false',
    NO_PROXY: '127.0.0.1,localhost',
    NO_COLOR: '1',
  };
}

/** Parses the last JSON object line of stdout that is a result. */
export function parseClaudeResult(stdout: string): ClaudeResult | undefined {
  const lines = stdout.split('\n').map((l) => l.trim()).filter((l) => l.startsWith('{'));
  for (const line of lines.reverse()) {
    try {
      const value = JSON.parse(line) as { type?: unknown };
      if (value.type === 'result') return value as ClaudeResult;
    } catch {
      // not JSON after all: keep looking
    }
  }
  return undefined;
}

/** Runs `claude -p <prompt> --output-format json` against the scripted model, with no stdin. */
export async function runClaudeCode(options: ClaudeCodeOptions): Promise<ClaudeRun> {
  if (!existsSync(CLAUDE)) throw new Error(`${CLAUDE} is missing: run \`npm ci\` (it is a devDependency)`);
  const home = tempDir('dsctl-claude-home-');
  const extra = options.args ?? [];
  const args = ['-p', options.prompt, '--output-format', 'json', ...(extra.includes('--model') ? [] : ['--model', CLAUDE_TEST_MODEL]), ...extra];
  const [command, ...prefix] = [...(options.through ?? []), CLAUDE];
  const child = spawn(command as string, [...prefix, ...args], {
    cwd: options.cwd,
    env: { ...claudeEnv(options.model, home), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const timeoutMs = options.timeoutMs ?? 75_000;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGKILL');
  }, timeoutMs);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => resolve(status));
  }).finally(() => clearTimeout(timer));
  if (timedOut) stderr += `\n[runClaudeCode] killed after ${timeoutMs} ms`;
  const result = parseClaudeResult(stdout);
  return { code, stdout, stderr, ...(result === undefined ? {} : { result }) };
}

/**
 * The real CLI in `app` (project settings only) making one tool call a turn, as listed, then ending
 * with "done": the tool results it got back, the first of each turn, in order.
 */
export async function replayToolCalls(app: string, calls: readonly ModelToolUse[]): Promise<{ readonly results: readonly (ToolResult | undefined)[]; readonly run: ClaudeRun }> {
  const results: (ToolResult | undefined)[] = [];
  const model = await startScriptedModel((request, index) => {
    if (index > 0) results.push(request.lastToolResults()[0]);
    const call = calls[index];
    return call === undefined ? { text: 'done' } : { toolUse: [call] };
  });
  try {
    const run = await runClaudeCode({
      cwd: app,
      prompt: 'Change the design system.',
      model,
      args: ['--setting-sources', 'project', '--allowedTools', 'Write,Bash', '--permission-mode', 'acceptEdits', '--max-turns', String(calls.length + 3)],
    });
    const errors = model.requests.filter((r) => r.error !== undefined).map((r) => r.error);
    if (errors.length > 0 || run.result?.result !== 'done') throw new Error(`the scripted session did not finish: ${JSON.stringify(errors)}\n${run.stderr}`);
    return { results, run };
  } finally {
    await model.close();
  }
}
