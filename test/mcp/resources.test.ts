import { describe, expect, it } from 'vitest';
import { RESOURCE_NOT_FOUND } from '../../src/mcp/resources.js';
import { connect } from './connect.js';

type RpcError = { code: number; message: string; data?: unknown };
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: RpcError) => ({ code: e.code, message: e.message, data: e.data }),
  );

describe('resources/read of an unknown URI is JSON-RPC -32002 (MCP "resource not found")', () => {
  it('uses the code the MCP specification gives', () => {
    expect(RESOURCE_NOT_FOUND).toBe(-32002);
  });

  it.each([
    ['an unknown dsctl URI', 'dsctl://nothing', 'dsctl serves dsctl://design-constitution, dsctl://tokens, dsctl://rules, dsctl://components, dsctl://components/{id}; not dsctl://nothing.'],
    ['an unknown component', 'dsctl://components/nope', 'No component "nope" (see dsctl://components).'],
    ['a component id of the wrong case', 'dsctl://components/Button', 'No component "Button" (see dsctl://components).'],
    ['an empty component id', 'dsctl://components/', 'dsctl serves'],
    ['a nested path', 'dsctl://components/button/extra', 'dsctl serves'],
    ['a broken escape', 'dsctl://components/%E0%A4%A', 'dsctl serves'],
    ['another scheme', 'file:///etc/passwd', 'dsctl serves'],
  ])('%s: %s', async (_name, uri, why) => {
    const { client } = await connect();
    const error = await failure(client.readResource({ uri }));
    expect(error).toEqual({ code: -32002, message: expect.stringContaining(`MCP error -32002: Resource not found: ${why}`), data: { uri } });
    // The code is said once: the server sends a plain message and the client adds its prefix.
    expect(error?.message.match(/MCP error/g)).toHaveLength(1);
  });

  it('a known component is still served, and the server keeps serving after a miss', async () => {
    const { client } = await connect();
    await failure(client.readResource({ uri: 'dsctl://nothing' }));
    const read = await client.readResource({ uri: 'dsctl://components/badge' });
    expect(read.contents[0]).toMatchObject({ uri: 'dsctl://components/badge', mimeType: 'application/json' });
    expect(JSON.parse((read.contents[0] as { text: string }).text).id).toBe('badge');
  });
});
