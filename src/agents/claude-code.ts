import { createWriteStream, existsSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { UserError } from '../diagnostics/user-error.js';
import { writeFileAtomic } from '../io/atomic-write.js';
import { agentEnv, exitSubtype, lastLine, runAgentProcess, type AgentProcessExit } from './agent-process.js';
import type { AgentDriver, AgentResult, AgentTask } from './driver.js';

/**
 * The Claude Code driver: one `claude -p --output-format stream-json` process per stage
 * (ARCHITECTURE.md §6). Flags and event fields were checked against @anthropic-ai/claude-code 2.1.328
 * run offline against test/support/scripted-model.ts (test/agents/claude-code.test.ts).
 */

export interface ClaudeCodeDriverOptions {
  /** The CLI: a path or a name on PATH (config `agent.claudeCode.command`). */
  readonly command: string;
  /** `--model` for every session. */
  readonly model?: string;
  /** Extra arguments after the ones the driver sets (e.g. `--mcp-config`). */
  readonly args?: readonly string[];
  /** Added to dsctl's environment. */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * The MCP server the agent gets (dsctl's own: contracts and check_html). The project's `.mcp.json`
   * is never loaded (`--strict-mcp-config`): it may start servers with `npx`, which can hang offline,
   * and a loop must not depend on what a developer configured for their own sessions.
   */
  readonly mcpServer?: { readonly command: string; readonly args: readonly string[] };
}

/** What a reviewer may use: reading only. Glob and Grep exist only when `--tools` names them. */
export const READ_ONLY_TOOLS: readonly string[] = ['Read', 'Grep', 'Glob'];

export function createClaudeCodeDriver(options: ClaudeCodeDriverOptions): AgentDriver {
  return {
    id: 'claude-code',
    run: (task) => runClaudeCode(options, task),
  };
}

/** The argument list for one stage. The prompt is not in it: it goes to stdin. */
export function claudeCodeArgs(options: Pick<ClaudeCodeDriverOptions, 'model' | 'args'>, task: AgentTask, mcpConfig?: string): string[] {
  const args = ['-p', '--output-format', 'stream-json', '--verbose'];
  args.push('--max-turns', String(task.maxTurns), '--max-budget-usd', String(task.maxBudgetUsd));
  args.push('--setting-sources', 'project');
  // Inside dsctl's sandbox Claude Code cannot start its own (bubblewrap does not nest: "setting up uid
  // map: Operation not permitted", verified with 2.1.328), and with failIfUnavailable every Bash call
  // would fail. dsctl's covers more: every process of the session, file tools and MCP servers included.
  if (task.sandbox !== undefined) args.push('--settings', JSON.stringify({ sandbox: { enabled: false } }));
  args.push('--strict-mcp-config', ...(mcpConfig === undefined ? [] : ['--mcp-config', mcpConfig]));
  if (task.readOnly) {
    // acceptEdits approves Write and Edit whatever --allowedTools says, so a reviewer gets a tool set
    // without them (--tools) and a mode that refuses anything not listed (dontAsk).
    const tools = READ_ONLY_TOOLS.join(',');
    args.push('--permission-mode', 'dontAsk', '--tools', tools, '--allowedTools', tools);
  } else {
    args.push('--permission-mode', 'acceptEdits');
    if (task.allowedTools.length > 0) args.push('--allowedTools', task.allowedTools.join(','));
  }
  if (options.model !== undefined) args.push('--model', options.model);
  if (task.resumeSession !== undefined) args.push('--resume', task.resumeSession);
  // The CLI adds a StructuredOutput tool with this schema, validates its input and ends the session
  // on the first valid call; the result event then carries `structured_output`.
  if (task.outputSchema !== undefined) args.push('--json-schema', JSON.stringify(task.outputSchema));
  args.push(...(options.args ?? []));
  return args;
}

/** The fields of the stream-json events the driver reads. */
interface InitEvent {
  readonly type: 'system';
  readonly subtype: 'init';
  readonly session_id?: string;
}

interface ResultEvent {
  readonly type: 'result';
  readonly subtype?: string;
  readonly is_error?: boolean;
  readonly num_turns?: number;
  readonly total_cost_usd?: number;
  readonly session_id?: string;
  readonly result?: string;
  readonly structured_output?: unknown;
  readonly errors?: readonly string[];
  readonly terminal_reason?: string;
  readonly model_usage_since_last_result?: Readonly<Record<string, { readonly costUSD?: number }>>;
}

async function runClaudeCode(options: ClaudeCodeDriverOptions, task: AgentTask): Promise<AgentResult> {
  if (!existsSync(task.cwd)) throw new Error(`agent cwd does not exist: ${task.cwd}`);
  const transcript = createWriteStream(join(task.workDir, `claude-${task.sequence}.jsonl`));
  // Reported by close(); without a listener a write error would crash dsctl.
  transcript.on('error', () => undefined);
  let init: InitEvent | undefined;
  let result: ResultEvent | undefined;
  const lines = lineSplitter((line) => {
    transcript.write(line + '\n');
    const event = parseEvent(line);
    if (event?.type === 'system' && event.subtype === 'init') init = event as InitEvent;
    else if (event?.type === 'result') result = event as ResultEvent;
  });

  let mcpConfig: string | undefined;
  if (options.mcpServer) {
    mcpConfig = join(task.workDir, 'mcp.json');
    writeFileAtomic(mcpConfig, `${JSON.stringify({ mcpServers: { dsctl: { command: options.mcpServer.command, args: options.mcpServer.args } } }, null, 2)}\n`);
  }
  let exit: AgentProcessExit;
  try {
    exit = await runAgentProcess(options.command, claudeCodeArgs(options, task, mcpConfig), {
      cwd: task.cwd,
      env: agentEnv(options.env, task),
      sandbox: task.sandbox,
      // stdin, not an argument: no length limit, no shell, and no variadic flag such as
      // --allowedTools can swallow it.
      input: task.prompt,
      onStdout: lines.push,
      ...(task.signal === undefined ? {} : { signal: task.signal }),
    });
  } catch (error) {
    await close(transcript);
    throw spawnError(options.command, error);
  }
  lines.flush();
  if (exit.stderr.trim() !== '') transcript.write(JSON.stringify({ type: 'dsctl_stderr', text: exit.stderr }) + '\n');
  await close(transcript);

  // A wrapper script or shim whose target is gone exits 127 before saying anything.
  if (exit.code === 127 && init === undefined && result === undefined) throw missing(options.command, lastLine(exit.stderr));
  return toAgentResult(init, result, exit, task.outputSchema !== undefined);
}

function toAgentResult(init: InitEvent | undefined, result: ResultEvent | undefined, exit: AgentProcessExit, schemaAsked: boolean): AgentResult {
  if (result === undefined) {
    const why = exit.aborted ? 'aborted' : (lastLine(exit.stderr) ?? `claude exited without a result (${exitSubtype(exit)})`);
    return { ok: false, subtype: exitSubtype(exit), text: '', error: why, ...(init?.session_id === undefined ? {} : { sessionId: init.session_id }) };
  }
  const sessionId = result.session_id ?? init?.session_id;
  const usage = {
    ...(sessionId === undefined ? {} : { sessionId }),
    ...(result.num_turns === undefined ? {} : { turns: result.num_turns }),
    ...costOf(result),
  };
  const text = result.result ?? '';
  // An API error ends with is_error but subtype "success": give it a subtype that says so.
  const reported = result.subtype ?? 'error_during_execution';
  const subtype = result.is_error === true && reported === 'success' ? (result.terminal_reason === 'api_error' ? 'error_api' : 'error_during_execution') : reported;
  if (subtype !== 'success') {
    // An API error's text is the message, then the server's details: the first line says it.
    const error = result.errors?.join('; ') || text.trim().split('\n')[0] || lastLine(exit.stderr) || subtype;
    return { ok: false, subtype, text, error, ...usage };
  }
  if (schemaAsked && result.structured_output === undefined) {
    return { ok: false, subtype: 'error_no_structured_output', text, error: 'the agent finished without calling StructuredOutput with a valid answer', ...usage };
  }
  return { ok: true, subtype, text, ...usage, ...(result.structured_output === undefined ? {} : { structuredOutput: result.structured_output }) };
}

/**
 * The cost of this process alone. On `--resume`, `total_cost_usd` is the whole session's so far;
 * `model_usage_since_last_result` holds what this invocation spent, which is what the run's budget counts.
 */
function costOf(result: ResultEvent): { costUsd?: number } {
  const since = result.model_usage_since_last_result;
  if (since !== undefined) {
    const costs = Object.values(since).map((m) => m.costUSD);
    if (costs.length > 0 && costs.every((c) => typeof c === 'number')) return { costUsd: costs.reduce<number>((a, c) => a + (c ?? 0), 0) };
  }
  return result.total_cost_usd === undefined ? {} : { costUsd: result.total_cost_usd };
}

function parseEvent(line: string): { type?: unknown; subtype?: unknown } | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(line) as unknown;
    return typeof value === 'object' && value !== null ? (value as { type?: unknown; subtype?: unknown }) : undefined;
  } catch {
    return undefined; // a stray non-JSON line: kept in the transcript, ignored here
  }
}

/** Calls `onLine` for each complete line of a stream that arrives in arbitrary chunks. */
function lineSplitter(onLine: (line: string) => void): { push: (chunk: string) => void; flush: () => void } {
  let pending = '';
  return {
    push(chunk) {
      pending += chunk;
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        const line = pending.slice(0, nl).replace(/\r$/, '');
        pending = pending.slice(nl + 1);
        if (line.trim() !== '') onLine(line);
      }
    },
    flush() {
      if (pending.trim() !== '') onLine(pending);
      pending = '';
    },
  };
}

/** Ends the transcript; a failed write (e.g. the disk is full) is a bug-class error, not a failed agent. */
function close(stream: WriteStream): Promise<void> {
  return new Promise((resolve, reject) => {
    if (stream.errored) {
      reject(stream.errored);
      return;
    }
    stream.once('error', reject);
    stream.end(() => resolve());
  });
}

function missing(command: string, detail: string | undefined): UserError {
  return new UserError(
    'agent/missing',
    `the Claude Code CLI \`${command}\` was not found${detail ? ` (${detail})` : ''}: install the npm package @anthropic-ai/claude-code ` +
      '(e.g. `npm i -D @anthropic-ai/claude-code`) or set `agent.claudeCode.command` in dsctl.config.json',
  );
}

function spawnError(command: string, error: unknown): Error {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOENT') return missing(command, undefined);
  if (code === 'EACCES') {
    return new UserError('agent/unusable', `the Claude Code CLI \`${command}\` cannot be run (permission denied): check \`agent.claudeCode.command\` in dsctl.config.json`, { cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}
