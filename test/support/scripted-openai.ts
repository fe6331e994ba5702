import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJsonObject, readBody, sendJson } from './http.js';

/**
 * A local, scripted stand-in for the OpenAI Responses API (`POST /v1/responses`, streamed as SSE), so
 * the real Codex CLI can be driven offline in tests, as test/support/scripted-model.ts does for Claude
 * Code. Verified against `@openai/codex` 0.169.0 (test/hooks/codex.e2e.test.ts): every agent turn is
 * one streamed `/v1/responses` request carrying the whole conversation in `input` and the tools in
 * `tools`; the CLI made no other call. Every request is recorded in `requests`.
 */

/** One tool call of a reply: a function tool (JSON arguments, e.g. `exec_command`) or a freeform one (`apply_patch`). */
export type OpenAiToolCall =
  /** `namespace`: a member of a namespace tool (Codex lists MCP server `x`'s tools in namespace `mcp__x`). */
  | { readonly name: string; readonly arguments: unknown; readonly namespace?: string; readonly callId?: string }
  | { readonly name: string; readonly input: string; readonly callId?: string };

/** One assistant reply: text and/or tool calls (with tool calls the CLI runs them and asks again). */
export interface OpenAiReply {
  readonly text?: string;
  readonly calls?: readonly OpenAiToolCall[];
}

export interface InputItem {
  readonly type?: string;
  readonly role?: string;
  readonly content?: string | readonly { readonly type: string; readonly text?: string }[];
  readonly call_id?: string;
  readonly output?: unknown;
  readonly name?: string;
  readonly [key: string]: unknown;
}

export interface ToolSpec {
  readonly type: string;
  readonly name?: string | null;
  /** A `namespace` tool's members. */
  readonly tools?: readonly ToolSpec[];
  readonly [key: string]: unknown;
}

/** The request body as the CLI sent it (the fields tests look at; everything else is kept too). */
export interface ResponsesBody {
  readonly model?: string;
  readonly input?: readonly InputItem[];
  readonly tools?: readonly ToolSpec[];
  readonly stream?: boolean;
  readonly [key: string]: unknown;
}

export interface ToolOutput {
  readonly callId: string;
  /** `function_call_output` (a function tool) or `custom_tool_call_output` (a freeform one). */
  readonly type: string;
  /** The output as text (a list of content parts joined with newlines). */
  readonly output: string;
}

export interface ResponsesRequest extends ResponsesBody {
  /** Method and path as received, e.g. `POST /v1/responses`. */
  readonly endpoint: string;
  /** True for a conversation turn, answered by the script. */
  readonly scripted: boolean;
  /** The script's index for a scripted request (0-based), else undefined. */
  readonly turn: number | undefined;
  status: number;
  /** What the script threw (answered 500), or why the body was refused (400). */
  error?: string;
  /** Outputs of tool calls that follow the last assistant item, in order: what the previous reply's calls produced. */
  lastToolOutputs(): ToolOutput[];
  /** Every tool output in the conversation, in order. */
  toolOutputs(): ToolOutput[];
  /** Names of the tools offered to the model; a namespace's members as `<namespace>__<member>` (`mcp__dsctl__check_html`). */
  toolNames(): string[];
  /** The text of the last user message. */
  lastUserText(): string;
}

export type OpenAiScript = (request: ResponsesRequest, index: number) => OpenAiReply | Promise<OpenAiReply>;

export interface ScriptedOpenAi {
  /** `http://127.0.0.1:PORT/v1`, a model provider's `base_url`. */
  readonly url: string;
  readonly requests: ResponsesRequest[];
  scriptTurns(): ResponsesRequest[];
  close(): Promise<void>;
}

const textOf = (content: InputItem['content'] | unknown): string => {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined ? '' : JSON.stringify(content);
  return content
    .map((part: unknown) => (typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : ''))
    .join('\n');
};

const OUTPUT_TYPES = new Set(['function_call_output', 'custom_tool_call_output']);

function toRequest(endpoint: string, body: ResponsesBody, scripted: boolean, turn: number | undefined): ResponsesRequest {
  const items = body.input ?? [];
  const outputs = (list: readonly InputItem[]) =>
    list.filter((i) => OUTPUT_TYPES.has(i.type ?? '')).map((i) => ({ callId: String(i.call_id ?? ''), type: i.type as string, output: textOf(i.output) }));
  return {
    ...body,
    endpoint,
    scripted,
    turn,
    status: 200,
    toolOutputs: () => outputs(items),
    lastToolOutputs: () => {
      const lastAssistant = items.findLastIndex((i) => i.role === 'assistant' || i.type === 'function_call' || i.type === 'custom_tool_call');
      const tail = items.slice(lastAssistant + 1);
      return outputs(tail);
    },
    toolNames: () =>
      (body.tools ?? []).flatMap((t) =>
        t.type === 'namespace' ? (t.tools ?? []).flatMap((m) => (m.name ? [`${t.name ?? ''}__${m.name}`] : [])) : t.name ? [t.name] : [],
      ),
    lastUserText: () => textOf(items.findLast((i) => i.role === 'user')?.content),
  };
}

/** Every item of one reply, as the Responses API names them. */
function outputItems(reply: OpenAiReply, id: string): Record<string, unknown>[] {
  const items: Record<string, unknown>[] = [];
  if (reply.text !== undefined) items.push({ type: 'message', id: `msg_${id}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: reply.text, annotations: [] }] });
  (reply.calls ?? []).forEach((call, n) => {
    const callId = call.callId ?? `call_${id}_${n}`;
    if ('input' in call) items.push({ type: 'custom_tool_call', id: `ctc_${id}_${n}`, status: 'completed', call_id: callId, name: call.name, input: call.input });
    else items.push({ type: 'function_call', id: `fc_${id}_${n}`, status: 'completed', call_id: callId, ...(call.namespace === undefined ? {} : { namespace: call.namespace }), name: call.name, arguments: JSON.stringify(call.arguments ?? {}) });
  });
  // A response with no output at all is not valid: an empty message instead.
  if (items.length === 0) items.push({ type: 'message', id: `msg_${id}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: '', annotations: [] }] });
  return items;
}

const estimateTokens = (value: unknown): number => Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));

function responseObject(id: string, model: string, status: string, output: unknown[], inputTokens: number, outputTokens: number) {
  return {
    id: `resp_${id}`,
    object: 'response',
    created_at: 0,
    status,
    model,
    output,
    usage: { input_tokens: inputTokens, input_tokens_details: { cached_tokens: 0 }, output_tokens: outputTokens, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: inputTokens + outputTokens },
  };
}

/** The streaming format: created, then per item added → delta(s) → done, then completed. */
function sendStream(res: ServerResponse, id: string, model: string, items: Record<string, unknown>[], inputTokens: number): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  let sequence = 0;
  const event = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`);
  event('response.created', { response: responseObject(id, model, 'in_progress', [], inputTokens, 0) });
  items.forEach((item, output_index) => {
    const itemId = item.id as string;
    if (item.type === 'message') {
      const text = ((item.content as { text: string }[])[0]?.text ?? '') as string;
      event('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } });
      event('response.content_part.added', { item_id: itemId, output_index, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
      if (text !== '') event('response.output_text.delta', { item_id: itemId, output_index, content_index: 0, delta: text });
      event('response.output_text.done', { item_id: itemId, output_index, content_index: 0, text });
      event('response.content_part.done', { item_id: itemId, output_index, content_index: 0, part: { type: 'output_text', text, annotations: [] } });
    } else if (item.type === 'function_call') {
      event('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', arguments: '' } });
      event('response.function_call_arguments.delta', { item_id: itemId, output_index, delta: item.arguments });
      event('response.function_call_arguments.done', { item_id: itemId, output_index, arguments: item.arguments });
    } else {
      event('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', input: '' } });
      event('response.custom_tool_call_input.delta', { item_id: itemId, output_index, delta: item.input });
      event('response.custom_tool_call_input.done', { item_id: itemId, output_index, input: item.input });
    }
    event('response.output_item.done', { output_index, item });
  });
  event('response.completed', { response: responseObject(id, model, 'completed', items, inputTokens, estimateTokens(items)) });
  res.end();
}


const errorBody = (type: string, message: string) => ({ error: { type, message, code: type, param: null } });


/**
 * Starts the server on 127.0.0.1, on a free port. A `/v1/responses` request that offers tools is a
 * conversation turn (the script answers it); one without tools (a side call such as a title or a
 * compaction) gets "ok" and leaves the script alone.
 */
export async function startScriptedOpenAi(script: OpenAiScript): Promise<ScriptedOpenAi> {
  const requests: ResponsesRequest[] = [];
  let turns = 0;
  let sideCalls = 0;

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const endpoint = `${req.method ?? '?'} ${req.url ?? ''}`;
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const raw = await readBody(req);
    const parsed = parseJsonObject(raw);
    if ('invalid' in parsed) {
      const request = toRequest(endpoint, {}, false, undefined);
      request.status = 400;
      request.error = parsed.invalid;
      requests.push(request);
      sendJson(res, 400, errorBody('invalid_request_error', request.error));
      return;
    }
    const body = (parsed.body ?? {}) as ResponsesBody;
    if (req.method !== 'POST' || path !== '/v1/responses') {
      const request = toRequest(endpoint, body, false, undefined);
      request.status = 404;
      requests.push(request);
      sendJson(res, 404, errorBody('not_found', `the scripted model does not serve ${endpoint}`));
      return;
    }
    const scripted = Array.isArray(body.tools) && body.tools.length > 0;
    const turn = scripted ? turns++ : undefined;
    const request = toRequest(endpoint, body, scripted, turn);
    requests.push(request);
    let reply: OpenAiReply;
    if (turn === undefined) {
      reply = { text: 'ok' };
      sideCalls++;
    } else {
      try {
        reply = await script(request, turn);
      } catch (error) {
        request.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
        // 400 is not retried by the CLI: a script that throws would only throw again.
        request.status = 400;
        sendJson(res, 400, errorBody('invalid_request_error', `scripted model: ${request.error}`));
        return;
      }
    }
    const id = turn === undefined ? `side_${sideCalls}` : `turn_${turn}`;
    const items = outputItems(reply, id);
    const model = body.model ?? 'gpt-5.5';
    const inputTokens = estimateTokens(body.input);
    if (body.stream === true) sendStream(res, id, model, items, inputTokens);
    else sendJson(res, 200, responseObject(id, model, 'completed', items, inputTokens, estimateTokens(items)));
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody('server_error', `scripted model bug: ${String(error)}`));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    scriptTurns: () => requests.filter((r) => r.scripted),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
