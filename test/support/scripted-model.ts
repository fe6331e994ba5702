import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJsonObject, readBody, sendJson } from './http.js';

/**
 * A local, scripted stand-in for the Anthropic Messages API, so the real Claude Code CLI can be
 * driven offline in tests. Only the conversation turns consume the script; side calls the CLI makes
 * on its own (titles, quota probes, token counts) get a harmless canned answer. Every request, side
 * call or not, is recorded in `requests`.
 */

export type StopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence';

export interface ModelToolUse {
  readonly name: string;
  readonly input: unknown;
  /** Defaults to `toolu_scripted_<turn>_<n>`. */
  readonly id?: string;
}

/** One assistant message: text and/or tool uses. `stopReason` defaults to tool_use when there are tool uses, else end_turn. */
export interface ModelReply {
  readonly text?: string;
  readonly toolUse?: readonly ModelToolUse[];
  readonly stopReason?: StopReason;
}

export interface ContentBlock {
  readonly type: string;
  readonly text?: string;
  readonly id?: string;
  readonly name?: string;
  readonly input?: unknown;
  readonly tool_use_id?: string;
  readonly content?: string | readonly ContentBlock[];
  readonly is_error?: boolean;
  readonly [key: string]: unknown;
}

export interface MessageParam {
  readonly role: 'user' | 'assistant';
  readonly content: string | readonly ContentBlock[];
}

export interface ToolDefinition {
  readonly name: string;
  readonly description?: string;
  readonly input_schema?: unknown;
  readonly [key: string]: unknown;
}

/** The request body as the CLI sent it (the fields tests look at; everything else is kept too). */
export interface MessagesBody {
  readonly model?: string;
  readonly messages?: readonly MessageParam[];
  readonly system?: string | readonly ContentBlock[];
  readonly tools?: readonly ToolDefinition[];
  readonly stream?: boolean;
  readonly max_tokens?: number;
  readonly [key: string]: unknown;
}

export interface ToolResult {
  readonly toolUseId: string;
  /**
   * The result's text blocks joined with newlines (a string content as is), without the
   * `<system-reminder>` notes the CLI appends to tool results (e.g. tokens left), so tool output
   * such as JSON parses as is.
   */
  readonly content: string;
  /** The text exactly as the CLI sent it, reminders included. */
  readonly raw: string;
  readonly isError: boolean;
}

export interface ModelRequest extends MessagesBody {
  /** Method and path as received, query included, e.g. `POST /v1/messages?beta=true`. */
  readonly endpoint: string;
  /** True for a conversation turn, answered by the script: a `/v1/messages` call that carries tools. */
  readonly scripted: boolean;
  /** The script's index for a scripted request (0-based), else undefined. */
  readonly turn: number | undefined;
  /** The HTTP status the server answered with. */
  status: number;
  /** What the script threw (the server answered 500 with this text), or why the body was refused (400). */
  error?: string;
  /** The tool results in the last user message, in order. */
  lastToolResults(): ToolResult[];
  /** Names of the tools offered to the model. */
  toolNames(): string[];
  /** The text blocks of the last user message, joined with newlines. */
  lastUserText(): string;
}

export type Script = (request: ModelRequest, index: number) => ModelReply | Promise<ModelReply>;

export interface ScriptedModelOptions {
  /**
   * Whether a `/v1/messages` request is a conversation turn (answered by the script) or a side
   * call (answered "ok", script untouched). Default: it offers tools. Every agent turn of Claude
   * Code 2.1.328 carries its tool list; its side calls (titles, topics, quota probes) carry none.
   */
  readonly isTurn?: (body: MessagesBody) => boolean;
  /** The text side calls get (default "ok"). */
  readonly sideReply?: string;
}

/** The default turn rule: the request offers the model tools. */
export const offersTools = (body: MessagesBody): boolean => Array.isArray(body.tools) && body.tools.length > 0;

export interface ScriptedModel {
  /** `http://127.0.0.1:PORT`, for ANTHROPIC_BASE_URL. */
  readonly url: string;
  /** Every request received, in order. */
  readonly requests: ModelRequest[];
  /** The scripted (conversation) requests only. */
  scriptTurns(): ModelRequest[];
  close(): Promise<void>;
}

const MODEL_FALLBACK = 'claude-sonnet-4-5';

const blocksOf = (content: string | readonly ContentBlock[] | undefined): readonly ContentBlock[] =>
  typeof content === 'string' ? [{ type: 'text', text: content }] : (content ?? []);

const textOf = (content: string | readonly ContentBlock[] | undefined): string =>
  blocksOf(content)
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text)
    .join('\n');

const REMINDER = /\n*<system-reminder>[\s\S]*?<\/system-reminder>\n*/g;

/** A rough, deterministic token estimate (4 characters a token) so the CLI has usage to price. */
const estimateTokens = (value: unknown): number => Math.max(1, Math.ceil(JSON.stringify(value ?? '').length / 4));

function toRequest(endpoint: string, body: MessagesBody, scripted: boolean, turn: number | undefined): ModelRequest {
  const lastUser = () => [...(body.messages ?? [])].reverse().find((m) => m.role === 'user');
  return {
    ...body,
    endpoint,
    scripted,
    turn,
    status: 200,
    lastToolResults: () =>
      blocksOf(lastUser()?.content)
        .filter((b) => b.type === 'tool_result')
        .map((b) => {
          const raw = textOf(b.content);
          return { toolUseId: String(b.tool_use_id ?? ''), content: raw.replace(REMINDER, ''), raw, isError: b.is_error === true };
        }),
    toolNames: () => (body.tools ?? []).map((t) => t.name),
    lastUserText: () => textOf(lastUser()?.content),
  };
}

interface AssistantMessage {
  readonly id: string;
  readonly model: string;
  readonly content: ContentBlock[];
  readonly stopReason: StopReason;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

function assistantMessage(reply: ModelReply, body: MessagesBody, id: string): AssistantMessage {
  const content: ContentBlock[] = [];
  if (reply.text !== undefined && reply.text !== '') content.push({ type: 'text', text: reply.text });
  (reply.toolUse ?? []).forEach((use, n) =>
    content.push({ type: 'tool_use', id: use.id ?? `toolu_${id}_${n}`, name: use.name, input: use.input ?? {} }),
  );
  // An empty assistant message is not valid API output; answer with an empty text block instead.
  if (content.length === 0) content.push({ type: 'text', text: '' });
  return {
    id: `msg_${id}`,
    model: body.model ?? MODEL_FALLBACK,
    content,
    stopReason: reply.stopReason ?? ((reply.toolUse?.length ?? 0) > 0 ? 'tool_use' : 'end_turn'),
    inputTokens: estimateTokens(body.messages),
    outputTokens: estimateTokens(content),
  };
}

const usage = (input: number, output: number) => ({
  input_tokens: input,
  output_tokens: output,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
});


function sendMessageJson(res: ServerResponse, m: AssistantMessage): void {
  sendJson(res, 200, {
    id: m.id,
    type: 'message',
    role: 'assistant',
    model: m.model,
    content: m.content,
    stop_reason: m.stopReason,
    stop_sequence: null,
    usage: usage(m.inputTokens, m.outputTokens),
  });
}

/** The Messages API streaming format: one SSE event per step, tool input as one input_json_delta. */
function sendMessageStream(res: ServerResponse, m: AssistantMessage): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const event = (type: string, data: Record<string, unknown>) => res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  event('message_start', {
    message: {
      id: m.id,
      type: 'message',
      role: 'assistant',
      model: m.model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: usage(m.inputTokens, 1),
    },
  });
  m.content.forEach((block, index) => {
    if (block.type === 'tool_use') {
      event('content_block_start', { index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
    } else {
      event('content_block_start', { index, content_block: { type: 'text', text: '' } });
      if (block.text) event('content_block_delta', { index, delta: { type: 'text_delta', text: block.text } });
    }
    event('content_block_stop', { index });
  });
  event('message_delta', { delta: { stop_reason: m.stopReason, stop_sequence: null }, usage: { output_tokens: m.outputTokens } });
  event('message_stop', {});
  res.end();
}


const errorBody = (type: string, message: string) => ({ type: 'error', error: { type, message } });

/** Starts the server on 127.0.0.1, on a free port. */
export async function startScriptedModel(script: Script, options: ScriptedModelOptions = {}): Promise<ScriptedModel> {
  const isTurn = options.isTurn ?? offersTools;
  const requests: ModelRequest[] = [];
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
      sendJson(res, 400, errorBody('invalid_request_error', request.error), { 'x-should-retry': 'false' });
      return;
    }
    const body = (parsed.body ?? {}) as MessagesBody;

    if (req.method === 'POST' && path === '/v1/messages/count_tokens') {
      requests.push(toRequest(endpoint, body, false, undefined));
      sendJson(res, 200, { input_tokens: estimateTokens([body.system, body.messages, body.tools]) });
      return;
    }
    if (req.method !== 'POST' || path !== '/v1/messages') {
      const request = toRequest(endpoint, body, false, undefined);
      request.status = 404;
      requests.push(request);
      sendJson(res, 404, errorBody('not_found_error', `the scripted model does not serve ${endpoint}`));
      return;
    }

    const scripted = isTurn(body);
    const turn = scripted ? turns++ : undefined;
    const request = toRequest(endpoint, body, scripted, turn);
    requests.push(request);

    let reply: ModelReply;
    if (turn === undefined) {
      // A side call (title, topic, quota probe): a short, neutral answer, without consuming the script.
      reply = { text: options.sideReply ?? 'ok' };
      sideCalls++;
    } else {
      try {
        reply = await script(request, turn);
      } catch (error) {
        request.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
        request.status = 500;
        // x-should-retry: false keeps the CLI from retrying a script that will only throw again.
        sendJson(res, 500, errorBody('api_error', `scripted model: ${request.error}`), { 'x-should-retry': 'false' });
        return;
      }
    }
    const message = assistantMessage(reply, body, turn === undefined ? `side_${sideCalls}` : `turn_${turn}`);
    if (body.stream === true) sendMessageStream(res, message);
    else sendMessageJson(res, message);
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, errorBody('api_error', `scripted model bug: ${String(error)}`), { 'x-should-retry': 'false' });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    scriptTurns: () => requests.filter((r) => r.scripted),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
