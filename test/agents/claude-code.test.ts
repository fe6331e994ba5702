import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudeCodeArgs, createClaudeCodeDriver } from '../../src/agents/claude-code.js';
import type { AgentDriver, AgentTask } from '../../src/agents/driver.js';
import { CLAUDE, CLAUDE_TEST_MODEL, claudeEnv } from '../support/claude-code.js';
import { startScriptedModel, type Script, type ScriptedModel } from '../support/scripted-model.js';
import { tempDir } from '../support/temp-dir.js';

/*
 * These run the real Claude Code CLI (devDependency @anthropic-ai/claude-code) against the scripted
 * local model, so what the driver assumes about flags and stream-json events is checked, not guessed.
 */

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

interface Setup {
  readonly model: ScriptedModel;
  readonly driver: AgentDriver;
  readonly cwd: string;
  readonly workDir: string;
  task(extra?: Partial<AgentTask>): AgentTask;
}

/** One scripted model, one project dir, one Claude home (kept across runs, so sessions can resume). */
async function setup(script: Script): Promise<Setup> {
  model = await startScriptedModel(script);
  const cwd = tempDir('dsctl-claude-project-');
  const workDir = tempDir('dsctl-claude-work-');
  const home = tempDir('dsctl-claude-home-');
  const driver = createClaudeCodeDriver({ command: CLAUDE, model: CLAUDE_TEST_MODEL, env: claudeEnv(model, home) });
  const task = (extra: Partial<AgentTask> = {}): AgentTask => ({
    runId: 'run-test',
    role: 'author',
    prompt: 'Create hello.txt',
    cwd,
    allowedTools: ['Read', 'Write', 'Edit'],
    readOnly: false,
    maxTurns: 5,
    maxBudgetUsd: 1,
    sequence: 0,
    workDir,
    ...extra,
  });
  return { model, driver, cwd, workDir, task };
}

const transcriptEvents = (workDir: string, sequence: number): { type: string; subtype?: string }[] =>
  readFileSync(join(workDir, `claude-${sequence}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; subtype?: string });

const T = 90_000;

describe('claude-code driver against the real CLI', () => {
  it('runs a session that writes a file, then resumes it', async () => {
    let target = '';
    const s = await setup((request, index) => {
      if (index === 0) return { text: 'Writing.', toolUse: [{ name: 'Write', input: { file_path: target, content: 'hello\n' } }] };
      if (index === 1) return { text: request.lastToolResults()[0]?.isError ? 'failed' : 'done' };
      return { text: 'resumed' };
    });
    target = join(s.cwd, 'hello.txt');

    const first = await s.driver.run(s.task());

    expect(first, JSON.stringify(first)).toMatchObject({ ok: true, subtype: 'success', text: 'done', turns: 2, sessionId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(first.costUsd).toBeGreaterThan(0);
    expect(readFileSync(target, 'utf8')).toBe('hello\n');
    // The prompt arrived on stdin, whole.
    expect(s.model.scriptTurns()[0]?.lastUserText()).toContain('Create hello.txt');
    const events = transcriptEvents(s.workDir, 0);
    expect(events[0]).toMatchObject({ type: 'system', subtype: 'init' });
    expect(events.at(-1)).toMatchObject({ type: 'result', subtype: 'success' });

    const second = await s.driver.run(s.task({ prompt: 'Now say resumed', resumeSession: first.sessionId as string, sequence: 1 }));

    expect(second, JSON.stringify(second)).toMatchObject({ ok: true, text: 'resumed', sessionId: first.sessionId, turns: 1 });
    // This invocation's cost, not the session's running total (which the CLI reports on resume).
    expect(second.costUsd).toBeGreaterThan(0);
    expect(second.costUsd).toBeLessThan((first.costUsd ?? 0) * 1.5);
    const resumed = s.model.scriptTurns()[2];
    const history = JSON.stringify(resumed?.messages);
    expect(history).toContain('"name":"Write"');
    expect(history).toContain('"text":"done"');
    expect(resumed?.lastUserText()).toContain('Now say resumed');
    expect(existsSync(join(s.workDir, 'claude-1.jsonl'))).toBe(true);
  }, T);

  it('reports --max-turns with the CLI subtype', async () => {
    const s = await setup((_request, index) => ({ toolUse: [{ name: 'Write', input: { file_path: join(s.cwd, `f${index}.txt`), content: 'x' } }] }));

    const result = await s.driver.run(s.task({ maxTurns: 1 }));

    expect(result).toMatchObject({ ok: false, subtype: 'error_max_turns', error: 'Reached maximum number of turns (1)', sessionId: expect.any(String) });
  }, T);

  it('reports --max-budget-usd with the CLI subtype', async () => {
    const s = await setup((_request, index) => ({ toolUse: [{ name: 'Write', input: { file_path: join(s.cwd, `f${index}.txt`), content: 'x' } }] }));

    const result = await s.driver.run(s.task({ maxBudgetUsd: 0.001 }));

    expect(result, JSON.stringify(result)).toMatchObject({ ok: false, subtype: 'error_max_budget_usd' });
    expect(result.costUsd).toBeGreaterThan(0.001);
  }, T);

  it('reports an API error as error_api (the CLI says is_error with subtype "success")', async () => {
    const s = await setup(() => {
      throw new Error('overloaded');
    });

    const result = await s.driver.run(s.task());

    expect(result).toMatchObject({ ok: false, subtype: 'error_api', error: expect.stringMatching(/^API Error: 500 scripted model: Error: overloaded/) });
  }, T);

  it('returns structured output through the StructuredOutput tool of --json-schema', async () => {
    const schema = { type: 'object', properties: { verdict: { type: 'string', enum: ['pass', 'fail'] } }, required: ['verdict'] };
    const s = await setup((request, index) => {
      if (index === 0) return { toolUse: [{ name: 'StructuredOutput', input: { verdict: 7 } }] };
      // The CLI validated the first answer against the schema and sent the failure back.
      const back = request.lastToolResults()[0];
      return back?.isError ? { toolUse: [{ name: 'StructuredOutput', input: { verdict: 'pass' } }] } : { text: `unexpected: ${JSON.stringify(back)}` };
    });

    const result = await s.driver.run(s.task({ role: 'reviewer', readOnly: true, outputSchema: schema }));

    expect(result, JSON.stringify(result)).toMatchObject({ ok: true, subtype: 'success', structuredOutput: { verdict: 'pass' } });
    // The CLI ends the session on the first valid call (no third request). It counts that as a turn
    // of its own: num_turns is 3 here for 2 model requests.
    expect(s.model.scriptTurns()).toHaveLength(2);
    expect(s.model.scriptTurns()[0]?.toolNames().sort()).toEqual(['Glob', 'Grep', 'Read', 'StructuredOutput']);
    const tool = s.model.scriptTurns()[0]?.tools?.find((t) => t.name === 'StructuredOutput');
    expect(tool?.input_schema).toEqual(schema);
    expect(s.model.scriptTurns()[1]?.lastToolResults()[0]?.content).toContain('does not match required schema');
  }, T);

  it('fails with error_no_structured_output when the agent never gives one', async () => {
    const s = await setup(() => ({ text: 'looks fine to me' }));

    const result = await s.driver.run(s.task({ outputSchema: { type: 'object' } }));

    expect(result).toMatchObject({ ok: false, subtype: 'error_no_structured_output', text: 'looks fine to me' });
    // The CLI asked once more before giving up.
    expect(s.model.scriptTurns()[1]?.lastUserText()).toContain('You MUST call the StructuredOutput tool');
  }, T);

  it('gives a read-only task read tools only, whatever allowedTools says', async () => {
    const s = await setup((request, index) =>
      index === 0 ? { toolUse: [{ name: 'Write', input: { file_path: join(s.cwd, 'nope.txt'), content: 'x' } }] } : { text: request.lastToolResults()[0]?.isError ? 'refused' : 'wrote' },
    );

    const result = await s.driver.run(s.task({ role: 'reviewer', readOnly: true, allowedTools: ['Write', 'Bash'] }));

    expect(result).toMatchObject({ ok: true, text: 'refused' });
    expect(existsSync(join(s.cwd, 'nope.txt'))).toBe(false);
    expect(s.model.scriptTurns()[0]?.toolNames().sort()).toEqual(['Glob', 'Grep', 'Read']);
  }, T);

  it('stops the CLI when the task is aborted and keeps the session id', async () => {
    const controller = new AbortController();
    const s = await setup(() => {
      controller.abort();
      return new Promise(() => undefined); // the model never answers
    });

    const result = await s.driver.run(s.task({ signal: controller.signal }));

    // The CLI traps SIGTERM and exits 143 itself.
    expect(result).toMatchObject({ ok: false, subtype: expect.stringMatching(/^(exit_143|signal_SIGTERM|signal_SIGKILL)$/), error: 'aborted', sessionId: expect.any(String) });
  }, T);

  it.each([
    { name: 'a path that does not exist', command: '/nonexistent/dir/claude' },
    { name: 'a name not on PATH', command: 'dsctl-no-such-claude' },
  ])('throws agent/missing for $name', async ({ command }) => {
    const driver = createClaudeCodeDriver({ command });
    const task: AgentTask = { role: 'author', prompt: 'x', cwd: tempDir(), allowedTools: [], readOnly: false, maxTurns: 1, maxBudgetUsd: 1, sequence: 0, runId: 'run-test', workDir: tempDir() };
    await expect(driver.run(task)).rejects.toMatchObject({
      name: 'UserError',
      code: 'agent/missing',
      message: expect.stringContaining('npm i -D @anthropic-ai/claude-code'),
    });
  });
});

describe('claude-code arguments', () => {
  const base: AgentTask = { role: 'author', prompt: 'p', cwd: '/p', allowedTools: ['Read', 'Write'], readOnly: false, maxTurns: 7, maxBudgetUsd: 0.5, sequence: 0, runId: 'run-test', workDir: '/w' };

  it.each([
    {
      name: 'an author',
      task: base,
      want: ['-p', '--output-format', 'stream-json', '--verbose', '--max-turns', '7', '--max-budget-usd', '0.5', '--setting-sources', 'project', '--strict-mcp-config', '--permission-mode', 'acceptEdits', '--allowedTools', 'Read,Write'],
    },
    {
      name: 'a reviewer resuming with a schema',
      task: { ...base, readOnly: true, resumeSession: 's-1', outputSchema: { type: 'object' } },
      want: [
        '-p', '--output-format', 'stream-json', '--verbose', '--max-turns', '7', '--max-budget-usd', '0.5', '--setting-sources', 'project', '--strict-mcp-config',
        '--permission-mode', 'dontAsk', '--tools', 'Read,Grep,Glob', '--allowedTools', 'Read,Grep,Glob', '--model', 'm', '--resume', 's-1', '--json-schema', '{"type":"object"}', '--x',
      ],
      options: { model: 'm', args: ['--x'] },
    },
  ])('$name', ({ task, want, options }) => {
    expect(claudeCodeArgs(options ?? {}, task)).toEqual(want);
  });
});
