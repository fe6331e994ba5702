import type { IncomingMessage, ServerResponse } from 'node:http';

/** The whole request body, as UTF-8. */
export async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A body that is empty (undefined) or a JSON object; anything else is `invalid`, for a 400. */
export function parseJsonObject(raw: string): { readonly body: Record<string, unknown> | undefined } | { readonly invalid: string } {
  if (raw === '') return { body: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    // not JSON: invalid below
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { invalid: `body is not a JSON object: ${raw.slice(0, 200)}` };
  return { body: parsed as Record<string, unknown> };
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(value);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
