/**
 * Artifacts per caller over Streamable HTTP (issue 31, findings 1 and 9): every session and
 * request of one bearer token shares the token's artifacts, another caller's traffic never
 * evicts them, and the artifacts of a session without a token go when the session ends.
 */
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type RunningHttpServer, serveHttp } from '@x/core/serve';
import type { TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayErrorPayload } from '../../src/error-payload/error-payload.js';
import type { ResultEnvelope } from '../../src/firewall/result-envelope.js';
import { createGatewayServerFactory } from '../../src/server/gateway-server.js';
import { createGatewayRuntime } from '../../src/server/runtime.js';
import { referenceUpstreams, structured } from '../helpers.js';

const TOKEN_A = 'caller-a-token-0123456789';
const TOKEN_B = 'caller-b-token-0123456789';
const TOKEN_C = 'caller-c-token-0123456789';
const TOKENS = { [TOKEN_A]: 'reader', [TOKEN_B]: 'reader', [TOKEN_C]: 'reader' };
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function serve(
  maxArtifactScopes: number,
  tokens?: Record<string, string>,
  bounds: { maxSessions?: number } = {},
) {
  const pairs: TestPair[] = [];
  const upstreams = await referenceUpstreams(pairs);
  cleanups.push(async () => {
    for (const pair of pairs.reverse()) await pair.close();
  });
  const runtime = await createGatewayRuntime({ upstreams: Object.values(upstreams) });
  cleanups.push(() => runtime.close());
  const closed = new Map<string, () => void>();
  const running: RunningHttpServer = await serveHttp(
    createGatewayServerFactory(runtime, { firewall: { maxInlineTokens: 10 }, maxArtifactScopes }),
    {
      port: 0,
      ...bounds,
      ...(tokens === undefined ? {} : { tokens }),
      onSessionClosed: (sessionId) => closed.get(sessionId)?.(),
    },
  );
  cleanups.push(() => running.close());
  const echo = runtime.catalog.toolIds.find((id) => id.startsWith('everything:echo#')) ?? '';
  /** Resolves once the session has closed on the server. */
  const whenClosed = (sessionId: string) =>
    new Promise<void>((resolve) => closed.set(sessionId, resolve));
  return { running, echo, whenClosed };
}

async function connect(url: URL, token: string | undefined, era: 'legacy' | 'modern') {
  const client = new Client(
    { name: 'caller-artifacts', version: '0.0.0' },
    era === 'legacy' ? {} : { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  const headers: Record<string, string> =
    token === undefined ? {} : { authorization: `Bearer ${token}` };
  const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers } });
  await client.connect(transport);
  cleanups.push(() => client.close());
  return { client, transport };
}

/** Runs echo with a result large enough to become an artifact: its handle, or the error code. */
async function store(client: Client, echo: string, message: string) {
  const result = await client.callTool({
    name: 'tool_execute',
    arguments: { tool_id: echo, args: { message: message.repeat(50) } },
  });
  if (result.isError === true) return structured<GatewayErrorPayload>(result).error;
  return structured<ResultEnvelope>(result).artifacts[0]?.handle ?? 'inline';
}

async function view(client: Client, handle: string) {
  const result = await client.callTool({
    name: 'tool_view',
    arguments: { handle, selector: 'head' },
  });
  return result.isError === true ? structured<GatewayErrorPayload>(result).error : 'ok';
}

/**
 * A 2025 session driven by bare POSTs, with no event stream open, so it is idle between its
 * requests (the kind a bound could close): `call` sends one request and returns its result.
 */
async function idleSession(url: URL, token: string) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    authorization: `Bearer ${token}`,
  };
  let id = 0;
  const post = async (body: unknown) => {
    const response = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    const text = await response.text();
    const data = text.split('\n').find((line) => line.startsWith('data: '));
    return { response, message: JSON.parse(data === undefined ? text : data.slice(6)) };
  };
  const { response } = await post({
    jsonrpc: '2.0',
    id: ++id,
    method: 'initialize',
    params: {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'a', version: '1' },
    },
  });
  headers['mcp-session-id'] = response.headers.get('mcp-session-id') ?? '';
  headers['mcp-protocol-version'] = '2025-11-25';
  await fetch(url, {
    method: 'POST',
    headers,
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  return {
    async call(name: string, args: Record<string, unknown>) {
      const { response: answer, message } = await post({
        jsonrpc: '2.0',
        id: ++id,
        method: 'tools/call',
        params: { name, arguments: args },
      });
      return { status: answer.status, result: message.result as Record<string, unknown> };
    },
  };
}

describe('artifacts per caller over Streamable HTTP', () => {
  it("keeps a caller's idle session and its artifacts whatever another caller opens at maxSessions", async () => {
    const { running, echo } = await serve(10, TOKENS, { maxSessions: 4 });
    const a = await idleSession(running.url, TOKEN_A);
    const stored = await a.call('tool_execute', {
      tool_id: echo,
      args: { message: 'caller a '.repeat(50) },
    });
    const handle = (stored.result.structuredContent as ResultEnvelope).artifacts[0]?.handle;
    expect(handle).toMatch(/^art_[0-9a-f]{32}$/);
    // Caller B fills the instance with busy sessions, then keeps asking for more: refused.
    for (let index = 0; index < 3; index += 1) await connect(running.url, TOKEN_B, 'legacy');
    for (let index = 0; index < 5; index += 1) {
      const refused = await fetch(running.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${TOKEN_B}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'b', version: '1' },
          },
        }),
      });
      expect(refused.status).toBe(503);
      expect(await refused.text()).toContain('(maxSessions)');
    }
    // Caller A's session and its artifact are still there.
    const viewed = await a.call('tool_view', { handle, selector: 'head' });
    expect(viewed.status).toBe(200);
    expect(viewed.result.isError).toBeUndefined();
    expect((viewed.result.structuredContent as { handle: string }).handle).toBe(handle);
  });

  it("keeps a caller's artifacts across its sessions and eras whatever another caller opens", async () => {
    const { running, echo } = await serve(2, TOKENS);
    const a = await connect(running.url, TOKEN_A, 'legacy');
    const handle = await store(a.client, echo, 'caller a ');
    expect(handle).toMatch(/^art_/);
    // Caller B opens more sessions than there are places: they all share B's one place.
    for (let index = 0; index < 3; index += 1) {
      const b = await connect(running.url, TOKEN_B, 'legacy');
      expect(await store(b.client, echo, `caller b ${index} `)).toMatch(/^art_/);
    }
    // A third caller finds every place taken: a typed refusal, nobody evicted.
    const c = await connect(running.url, TOKEN_C, 'legacy');
    expect(await store(c.client, echo, 'caller c ')).toBe('RATE_LIMITED');
    const later = await connect(running.url, TOKEN_A, 'legacy');
    expect(await view(later.client, handle)).toBe('ok');
    const modern = await connect(running.url, TOKEN_A, 'modern');
    expect(await view(modern.client, handle)).toBe('ok');
  });

  it('frees the artifacts of a session without a token when it is deleted', async () => {
    const { running, echo, whenClosed } = await serve(1);
    const first = await connect(running.url, undefined, 'legacy');
    const handle = await store(first.client, echo, 'first ');
    expect(handle).toMatch(/^art_/);
    const second = await connect(running.url, undefined, 'legacy');
    expect(await store(second.client, echo, 'second ')).toBe('RATE_LIMITED');
    const closed = whenClosed(first.transport.sessionId ?? '');
    await first.transport.terminateSession();
    await closed;
    expect(await store(second.client, echo, 'second ')).toMatch(/^art_/);
    expect(await view(second.client, handle)).toBe('VIEW_FAILED');
  });
});
