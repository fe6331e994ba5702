import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../src/diagnostics/user-error.js';
import type { HookAdapter } from '../../src/hooks/adapter.js';
import { runHook } from '../../src/hooks/dispatch.js';
import { HOOK_ADAPTERS } from '../../src/hooks/registry.js';
import { AGENT_HOOKS, AGENT_IDS, toolsOfKind } from '../../src/project/agent-hooks.js';
import { dsctl } from '../support/cli.js';
import { sharedStarterProject } from '../support/project.js';
import { tempDir } from '../support/temp-dir.js';
import { cursorPayload, MALFORMED, preToolUse, recorded } from './payloads.js';

interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The dispatcher in-process, as the bin runs it: `stdin` as the hook input, no agent variables set. */
async function hook(agent: string, event: string, stdin: string, cwd: string, adapters: readonly HookAdapter[] = HOOK_ADAPTERS): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const io = { cwd, env: {}, stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t), readStdin: async () => stdin };
  const code = await runHook({ io }, agent, event, adapters);
  return { code, stdout, stderr };
}

const MARK = '<the reason>';

/** What a deny of the adapter looks like: its own answer, with any text that carries the reason left open. */
function denyShape(adapter: HookAdapter, event: string): unknown {
  const open = (value: unknown): unknown =>
    typeof value === 'string' ? (value.includes(MARK) ? expect.any(String) : value) : Array.isArray(value) ? value.map(open) : typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, open(v)])) : value;
  return open(JSON.parse(adapter.deny(MARK, event).stdout ?? 'null'));
}

const eventsOf = (adapter: HookAdapter, blocking: boolean) => Object.entries(adapter.meta.events).filter(([, e]) => e.blocking === blocking).map(([event]) => event);

describe('the hook adapter registry', () => {
  it('has one adapter per agent of the installed-hooks table, sorted by id', () => {
    expect(HOOK_ADAPTERS.map((a) => a.id)).toEqual(AGENT_IDS);
    expect(AGENT_IDS).toEqual([...AGENT_IDS].sort());
  });

  it.each([['claude', 'before-everything'], ['claude', 'constructor'], ['cursor', '__proto__'], ['gemini', 'pre-tool-use'], ['codex', 'before-shell-execution']])('"%s %s" is a usage error naming every agent and its events', async (agent, event) => {
    const error = await hook(agent, event, '{}', tempDir()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect(error).toMatchObject({
      code: 'usage/hook',
      message: `unknown hook "${agent} ${event}"; expected claude pre-tool-use|post-tool-use|stop, codex pre-tool-use|post-tool-use|stop, cursor pre-tool-use|before-shell-execution|after-file-edit|stop`,
    });
  });

  it('the built binary prints the usage error and exits 2', () => {
    const run = dsctl(['hook', 'claude', 'before-everything'], tempDir(), {}, '{}');
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^error unknown hook "claude before-everything"; expected claude .+ \(usage\/hook\)\n$/);
  });
});

describe.each(HOOK_ADAPTERS.map((adapter) => [adapter.id, adapter] as const))('the %s adapter', (id, adapter) => {
  const blocking = eventsOf(adapter, true);
  const other = eventsOf(adapter, false);
  const throwing = (error: unknown): HookAdapter => ({ ...adapter, handle: async () => Promise.reject(error) });

  it('declares its docs, and its events and tools as its row of the installed-hooks table', () => {
    expect(adapter.meta.docs.description.length).toBeGreaterThan(20);
    expect(adapter.meta.docs.url).toMatch(/^https:\/\//);
    expect(adapter.meta.events).toBe(AGENT_HOOKS[id].events);
    expect(adapter.meta.tools).toBe(AGENT_HOOKS[id].tools);
    expect(blocking.length).toBeGreaterThan(0);
  });

  it('denies with exit 2, its JSON on stdout and the reason on stderr', () => {
    for (const event of blocking) {
      const deny = adapter.deny(MARK, event);
      expect(deny.exitCode).toBe(2);
      expect(deny.stdout).toContain(MARK);
      expect(deny.stderr).toBe(`${MARK}\n`);
    }
  });

  describe.each(blocking)('blocking event %s: whatever goes wrong is its own deny', (event) => {
    it.each(MALFORMED)('hook input that is %s', async (_name, stdin) => {
      const run = await hook(id, event, stdin, tempDir());
      expect(run.code).toBe(2);
      expect(JSON.parse(run.stdout)).toEqual(denyShape(adapter, event));
    });

    it.each([
      ['a bug', new TypeError('x is undefined'), 'dsctl hook: internal error (TypeError: x is undefined) — this tool call is denied until it is fixed\n'],
      ['a broken policy', new UserError('policy/invalid', 'policy.json is not valid'), 'dsctl hook: policy.json is not valid — this tool call is denied until it is fixed\n'],
    ])('a handler that throws %s', async (_name, error, stderr) => {
      const run = await hook(id, event, '{}', tempDir(), [throwing(error)]);
      expect(run).toEqual({ code: 2, stdout: expect.any(String), stderr });
      expect(JSON.parse(run.stdout)).toEqual(denyShape(adapter, event));
    });

    it('a project without a config (outside any project) is not a failure', async () => {
      const run = await hook(id, event, '{}', tempDir(), [throwing(new UserError('config/not-found', 'no dsctl.config.json'))]);
      expect(run).toEqual({ code: 0, stdout: '', stderr: '' });
    });
  });

  describe.each(other)('non-blocking event %s: nothing that goes wrong is a deny', (event) => {
    it.each(MALFORMED)('hook input that is %s', async (_name, stdin) => {
      const run = await hook(id, event, stdin, tempDir());
      expect(run.code).toBe(0);
      expect(run.stdout).not.toMatch(/deny/);
    });

    it('a handler that throws: a note on stderr, exit 1, no answer', async () => {
      expect(await hook(id, event, '{}', tempDir(), [throwing(new Error('boom'))])).toEqual({ code: 1, stdout: '', stderr: 'dsctl hook: internal error (Error: boom)\n' });
    });
  });

  it.runIf('pre-tool-use' in adapter.meta.events)('reads its tool names as declared: a write or shell tool with input it cannot read is denied, a read-only one passes', async () => {
    const cwd = tempDir();
    const on = AGENT_HOOKS[id].events['pre-tool-use'].on;
    for (const tool of toolsOfKind(adapter.meta.tools, 'write', 'shell')) {
      expect((await hook(id, 'pre-tool-use', preToolUse(cwd, tool, {}, { hook_event_name: on }), cwd)).code, tool).toBe(2);
    }
    for (const tool of toolsOfKind(adapter.meta.tools, 'read-only')) {
      expect((await hook(id, 'pre-tool-use', preToolUse(cwd, tool, {}, { hook_event_name: on }), cwd)).code, tool).toBe(0);
    }
  });

  it.each(blocking)('the built binary denies %s on empty input (the fast path)', (event) => {
    const run = dsctl(['hook', id, event], tempDir(), { DSCTL_RUN_ID: '', CLAUDE_PROJECT_DIR: '' }, '');
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual(denyShape(adapter, event));
  });
});

/** One real payload for an event, and what the adapter answers it in the starter project. */
interface PayloadRow {
  readonly event: string;
  readonly name: string;
  readonly stdin: (dir: string) => string;
  readonly code: 0 | 2;
  /** What the JSON on stdout holds; undefined: nothing on stdout. */
  readonly answer?: Record<string, unknown>;
}

const claudeWrite = (dir: string, file: string) => {
  const payload = { ...recorded('claude-2.1.328-pre-tool-use-write'), cwd: dir };
  return { ...payload, tool_input: { ...(payload.tool_input as object), file_path: join(dir, file) } };
};
const codex = (name: string) => (dir: string) => JSON.stringify({ ...recorded(`codex-0.169.0-${name}`), cwd: dir });
const CLAUDE_DENY = { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny' } };

// Every event each adapter handles, with payloads of the shape its agent sends: recorded ones where there are (Claude Code 2.1.328, Codex 0.169.0), Cursor's documented fields otherwise.
const PAYLOADS: Readonly<Record<string, readonly PayloadRow[]>> = {
  claude: [
    { event: 'pre-tool-use', name: 'the recorded Write, to a gated file', stdin: (dir) => JSON.stringify(claudeWrite(dir, 'AGENTS.md')), code: 2, answer: CLAUDE_DENY },
    { event: 'pre-tool-use', name: 'the recorded Write, to an example page', stdin: (dir) => JSON.stringify(claudeWrite(dir, 'examples/adapter-clean.html')), code: 0 },
    { event: 'post-tool-use', name: 'the recorded Write, after it ran, of a clean page', stdin: (dir) => JSON.stringify({ ...claudeWrite(dir, 'examples/adapter-clean.html'), hook_event_name: 'PostToolUse', tool_response: { type: 'create', filePath: join(dir, 'examples/adapter-clean.html') } }), code: 0 },
    { event: 'stop', name: 'a Stop with nothing written', stdin: (dir) => JSON.stringify({ session_id: 'fresh', transcript_path: '/tmp/t.jsonl', cwd: dir, permission_mode: 'default', hook_event_name: 'Stop', stop_hook_active: false }), code: 0 },
  ],
  codex: [
    { event: 'pre-tool-use', name: 'the recorded shell call writing a contract', stdin: codex('pre-tool-use-bash'), code: 2, answer: CLAUDE_DENY },
    { event: 'pre-tool-use', name: 'the recorded apply_patch adding a contract', stdin: codex('pre-tool-use-apply-patch-add'), code: 2, answer: CLAUDE_DENY },
    { event: 'pre-tool-use', name: 'the recorded MCP call', stdin: codex('pre-tool-use-mcp'), code: 0 },
    { event: 'post-tool-use', name: 'the recorded apply_patch, after it ran, of a clean page', stdin: codex('post-tool-use-apply-patch'), code: 0 },
    { event: 'stop', name: 'the recorded Stop', stdin: codex('stop'), code: 0 },
  ],
  cursor: [
    { event: 'pre-tool-use', name: 'a Write to a gated file', stdin: (dir) => cursorPayload(dir, 'preToolUse', { tool_name: 'Write', tool_input: { file_path: 'AGENTS.md', content: 'x' }, tool_use_id: 't1', cwd: dir }), code: 2, answer: { permission: 'deny' } },
    { event: 'pre-tool-use', name: 'a Read', stdin: (dir) => cursorPayload(dir, 'preToolUse', { tool_name: 'Read', tool_input: { file_path: 'AGENTS.md' }, tool_use_id: 't2', cwd: dir }), code: 0, answer: { permission: 'allow' } },
    { event: 'before-shell-execution', name: 'a command writing a gated file', stdin: (dir) => cursorPayload(dir, 'beforeShellExecution', { command: 'echo x > AGENTS.md', cwd: dir }), code: 2, answer: { permission: 'deny' } },
    { event: 'before-shell-execution', name: 'ls', stdin: (dir) => cursorPayload(dir, 'beforeShellExecution', { command: 'ls', cwd: dir }), code: 0, answer: { permission: 'allow' } },
    { event: 'after-file-edit', name: 'an edit of a clean page', stdin: (dir) => cursorPayload(dir, 'afterFileEdit', { file_path: join(dir, 'examples/adapter-clean.html'), edits: [{ old_string: '', new_string: '<p class="text-fg">x</p>' }] }), code: 0, answer: {} },
    { event: 'stop', name: 'a finished run', stdin: (dir) => cursorPayload(dir, 'stop', { status: 'completed', loop_count: 0 }), code: 0, answer: {} },
  ],
};

describe.each(HOOK_ADAPTERS.map((adapter) => [adapter.id, adapter] as const))('the %s adapter on real payloads, in the starter project', (id, adapter) => {
  const dir = sharedStarterProject();
  // The clean page the payloads write (the post-tool hooks lint it on disk), at both places they name.
  for (const file of ['examples/adapter-clean.html', 'examples/x.html']) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), '<p class="text-fg">hi</p>\n');
  }
  const rows = PAYLOADS[id] ?? [];

  it('has a payload for every event it handles', () => {
    expect([...new Set(rows.map((r) => r.event))].sort()).toEqual(Object.keys(adapter.meta.events).sort());
  });

  it.each(rows)('$event: $name', async ({ event, stdin, code, answer }) => {
    const run = await hook(id, event, stdin(dir), dir);
    expect(run.code, run.stderr).toBe(code);
    if (answer === undefined) expect(run.stdout).toBe('');
    else expect(JSON.parse(run.stdout)).toMatchObject(answer);
  });
});
