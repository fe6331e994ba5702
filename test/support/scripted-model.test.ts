import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runClaudeCode } from './claude-code.js';
import { startScriptedModel, type Script, type ScriptedModel } from './scripted-model.js';
import { tempDir } from './temp-dir.js';

let model: ScriptedModel | undefined;
afterEach(async () => {
  await model?.close();
  model = undefined;
});

async function start(script: Script): Promise<ScriptedModel> {
  model = await startScriptedModel(script);
  return model;
}

const post = (m: ScriptedModel, path: string, body: unknown) =>
  fetch(m.url + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const conversation = {
  model: 'claude-sonnet-4-5',
  max_tokens: 100,
  tools: [{ name: 'Write', input_schema: { type: 'object' } }],
  messages: [{ role: 'user', content: 'hi' }],
};

describe('scripted model driving the real Claude Code CLI', () => {
  it('runs a Write tool use, then sees its tool_result in the next turn', async () => {
    const cwd = tempDir('dsctl-claude-');
    const target = join(cwd, 'hello.txt');
    const m = await start((request, index) => {
      if (index === 0) return { text: 'Writing the file.', toolUse: [{ name: 'Write', input: { file_path: target, content: 'hello from the script\n' } }] };
      const results = request.lastToolResults();
      if (results.length !== 1 || results[0]?.isError) throw new Error(`expected one successful tool_result, got ${JSON.stringify(results)}`);
      return { text: 'done' };
    });

    const run = await runClaudeCode({ cwd, prompt: 'Create hello.txt', model: m, args: ['--allowedTools', 'Write', '--permission-mode', 'acceptEdits'] });

    expect(run.result, run.stderr + run.stdout).toMatchObject({ subtype: 'success', is_error: false, result: 'done', num_turns: 2, permission_denials: [] });
    expect(run.code).toBe(0);
    expect(run.result?.total_cost_usd).toEqual(expect.any(Number));
    expect(run.result?.total_cost_usd).toBeGreaterThan(0);
    expect(readFileSync(target, 'utf8')).toBe('hello from the script\n');

    const turns = m.scriptTurns();
    expect(turns.map((t) => [t.endpoint, t.stream, t.turn, t.status])).toEqual([
      ['POST /v1/messages?beta=true', true, 0, 200],
      ['POST /v1/messages?beta=true', true, 1, 200],
    ]);
    expect(turns[0]?.toolNames()).toContain('Write');
    expect(turns[0]?.lastToolResults()).toEqual([]);
    expect(turns[0]?.lastUserText()).toContain('Create hello.txt');
    expect(turns[1]?.lastToolResults()).toEqual([
      { toolUseId: 'toolu_turn_0_0', content: expect.stringContaining('hello.txt'), raw: expect.any(String), isError: false },
    ]);
    // The assistant message the CLI replays is the one the script produced.
    expect(turns[1]?.messages?.[1]).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: 'Writing the file.' },
        { type: 'tool_use', id: 'toolu_turn_0_0', name: 'Write', input: { file_path: target, content: 'hello from the script\n' } },
      ],
    });
  }, 90_000);

  it('denies a tool that is not allowed, and the model sees the error', async () => {
    const cwd = tempDir('dsctl-claude-');
    const m = await start((request, index) =>
      index === 0 ? { toolUse: [{ name: 'Write', input: { file_path: join(cwd, 'denied.txt'), content: 'x' } }] } : { text: request.lastToolResults()[0]?.isError ? 'refused' : 'wrote' },
    );

    const run = await runClaudeCode({ cwd, prompt: 'Write', model: m, args: ['--permission-mode', 'default'] });

    expect(run.result, run.stderr + run.stdout).toMatchObject({ result: 'refused', permission_denials: [{ tool_name: 'Write', tool_use_id: 'toolu_turn_0_0' }] });
    expect(existsSync(join(cwd, 'denied.txt'))).toBe(false);
  }, 90_000);

  it('turns a script that throws into a 500 the CLI reports without retrying', async () => {
    const cwd = tempDir('dsctl-claude-');
    const m = await start(() => {
      throw new Error('script says no');
    });

    const run = await runClaudeCode({ cwd, prompt: 'hi', model: m });

    expect(run.result, run.stderr + run.stdout).toMatchObject({ is_error: true, api_error_status: 500 });
    expect(run.result?.result).toContain('script says no');
    expect(m.requests).toHaveLength(1);
    expect(m.requests[0]).toMatchObject({ status: 500, scripted: true, error: expect.stringContaining('script says no') });
  }, 90_000);
});

describe('scripted model over HTTP', () => {
  it('streams text and tool uses as Messages API server-sent events', async () => {
    const m = await start(() => ({ text: 'Hi', toolUse: [{ name: 'Write', input: { a: 1 }, id: 'toolu_x' }] }));

    const response = await post(m, '/v1/messages?beta=true', { ...conversation, stream: true });

    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const events = (await response.text())
      .trim()
      .split('\n\n')
      .map((chunk) => {
        const [event, data] = chunk.split('\n');
        const parsed = JSON.parse(data?.replace(/^data: /, '') ?? '') as { type: string; delta?: unknown };
        expect(event).toBe(`event: ${parsed.type}`);
        return parsed.delta === undefined ? parsed.type : `${parsed.type} ${JSON.stringify(parsed.delta)}`;
      });
    expect(events).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta {"type":"text_delta","text":"Hi"}',
      'content_block_stop',
      'content_block_start',
      'content_block_delta {"type":"input_json_delta","partial_json":"{\\"a\\":1}"}',
      'content_block_stop',
      'message_delta {"stop_reason":"tool_use","stop_sequence":null}',
      'message_stop',
    ]);
  });

  it('answers a non-streaming turn with one JSON message', async () => {
    const m = await start(() => ({ text: 'plain' }));

    const response = await post(m, '/v1/messages', conversation);

    expect(await response.json()).toMatchObject({
      type: 'message',
      role: 'assistant',
      model: 'claude-sonnet-4-5',
      content: [{ type: 'text', text: 'plain' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: expect.any(Number), output_tokens: expect.any(Number) },
    });
  });

  it('answers side calls without consuming the script, and records them', async () => {
    const seen: number[] = [];
    const m = await start((_request, index) => {
      seen.push(index);
      return { text: `turn ${index}` };
    });

    const side = await post(m, '/v1/messages?beta=true', { model: 'claude-haiku-4-5', max_tokens: 50, messages: [{ role: 'user', content: 'title?' }] });
    const turn = await post(m, '/v1/messages?beta=true', conversation);
    const count = await post(m, '/v1/messages/count_tokens?beta=true', conversation);
    const other = await fetch(`${m.url}/v1/models`);

    expect((await side.json()) as unknown).toMatchObject({ content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn' });
    expect((await turn.json()) as unknown).toMatchObject({ content: [{ type: 'text', text: 'turn 0' }] });
    expect(await count.json()).toEqual({ input_tokens: expect.any(Number) });
    expect([other.status, await other.json()]).toEqual([404, { type: 'error', error: { type: 'not_found_error', message: expect.stringContaining('GET /v1/models') } }]);
    expect(seen).toEqual([0]);
    expect(m.requests.map((r) => [r.endpoint, r.scripted, r.turn, r.status])).toEqual([
      ['POST /v1/messages?beta=true', false, undefined, 200],
      ['POST /v1/messages?beta=true', true, 0, 200],
      ['POST /v1/messages/count_tokens?beta=true', false, undefined, 200],
      ['GET /v1/models', false, undefined, 404],
    ]);
  });

  it('reads tool results from the last user message, without the reminders the CLI appends', async () => {
    const m = await start(() => ({ text: 'ok' }));

    await post(m, '/v1/messages', {
      ...conversation,
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'Write', input: {} }, { type: 'tool_use', id: 't2', name: 'Write', input: {} }] },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 't1', content: [{ type: 'text', text: '{"a":1}' }, { type: 'text', text: '<system-reminder>\nnote\n</system-reminder>' }] },
            { type: 'tool_result', tool_use_id: 't2', content: 'failed\n\n<system-reminder>\nnote\n</system-reminder>', is_error: true },
          ],
        },
      ],
    });

    expect(m.requests[0]?.lastToolResults()).toEqual([
      { toolUseId: 't1', content: '{"a":1}', raw: '{"a":1}\n<system-reminder>\nnote\n</system-reminder>', isError: false },
      { toolUseId: 't2', content: 'failed', raw: 'failed\n\n<system-reminder>\nnote\n</system-reminder>', isError: true },
    ]);
  });
});
