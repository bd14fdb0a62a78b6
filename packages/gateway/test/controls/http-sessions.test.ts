import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type RunningHttpServer, serveHttp } from '@x/core/serve';
import { createMemorySessionStore } from '@x/core/sessions';
import { afterEach, describe, expect, it } from 'vitest';
import type { GatewayControlsOptions } from '../../src/controls/controls-options.js';
import { createGatewayControls } from '../../src/controls/gateway-controls.js';
import type { GatewayErrorPayload } from '../../src/error-payload/error-payload.js';
import { createGatewayServerFactory } from '../../src/server/gateway-server.js';
import { createGatewayRuntime } from '../../src/server/runtime.js';
import { structured } from '../helpers.js';
import { kvUpstream } from './controls-harness.js';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const TOKENS = { 'caller-a-token-0123456789': 'reader', 'caller-b-token-0123456789': 'reader' };

async function serve(options: GatewayControlsOptions, tokens?: Record<string, string>) {
  const upstream = kvUpstream();
  const runtime = await createGatewayRuntime({ upstreams: [upstream] });
  cleanups.push(() => runtime.close());
  const controls = createGatewayControls(runtime, options);
  cleanups.push(() => controls.close());
  const store = createMemorySessionStore();
  const running: RunningHttpServer = await serveHttp(
    createGatewayServerFactory(runtime, { controls, sessionStore: store }),
    { port: 0, ...(tokens === undefined ? {} : { tokens }) },
  );
  cleanups.push(() => running.close());
  const lookup = runtime.catalog.toolIds.find((toolId) => toolId.startsWith('kv:lookup#')) ?? '';
  return { running, upstream, store, lookup };
}

async function connect(url: URL, token?: string): Promise<{ client: Client; sessionId: string }> {
  const client = new Client({ name: 'gateway-controls-http', version: '0.0.0' });
  const transport = new StreamableHTTPClientTransport(
    url,
    token === undefined ? {} : { requestInit: { headers: { authorization: `Bearer ${token}` } } },
  );
  await client.connect(transport);
  cleanups.push(async () => {
    await transport.terminateSession().catch(() => {});
    await client.close();
  });
  return { client, sessionId: transport.sessionId ?? '' };
}

async function lookup(client: Client, toolId: string) {
  const result = await client.callTool({
    name: 'tool_execute',
    arguments: { tool_id: toolId, args: { key: 'k' } },
  });
  return result.isError === true ? structured<GatewayErrorPayload>(result).error : 'ok';
}

describe('rate limits over Streamable HTTP', () => {
  it('keeps a window per session: one session spent, another untouched', async () => {
    const {
      running,
      lookup: toolId,
      store,
    } = await serve({
      rateLimits: { metaTools: { tool_execute: { maxCallsPerMinute: 2 } } },
    });
    const first = await connect(running.url);
    const second = await connect(running.url);
    expect(running.sessionCount()).toBe(2);
    expect([
      await lookup(first.client, toolId),
      await lookup(first.client, toolId),
      await lookup(first.client, toolId),
    ]).toEqual(['ok', 'ok', 'RATE_LIMITED']);
    expect(await lookup(second.client, toolId)).toBe('ok');
    // State is keyed by the caller scope: a 2025-era session's is `session:<id>`.
    expect(await store.keys(`gateway:session:${first.sessionId}:`)).toEqual([
      `gateway:session:${first.sessionId}:rate:meta:tool_execute`,
    ]);
  });

  it('keeps one window per bearer token: a fresh session of a spent caller stays refused', async () => {
    const [tokenA, tokenB] = Object.keys(TOKENS) as [string, string];
    const { running, lookup: toolId } = await serve(
      { rateLimits: { metaTools: { tool_execute: { maxCallsPerMinute: 2 } } } },
      TOKENS,
    );
    const first = await connect(running.url, tokenA);
    expect([await lookup(first.client, toolId), await lookup(first.client, toolId)]).toEqual([
      'ok',
      'ok',
    ]);
    const fresh = await connect(running.url, tokenA);
    expect(await lookup(fresh.client, toolId)).toBe('RATE_LIMITED');
    const other = await connect(running.url, tokenB);
    expect(await lookup(other.client, toolId)).toBe('ok');
  });

  it('isolates 20 concurrent sessions, each with its own rate-limit window', async () => {
    const {
      running,
      lookup: toolId,
      upstream,
    } = await serve({
      rateLimits: { tools: { 'kv:lookup': { maxCallsPerMinute: 3 } } },
    });
    const sessions = await Promise.all(Array.from({ length: 20 }, () => connect(running.url)));
    expect(running.sessionCount()).toBe(20);
    const outcomes = await Promise.all(
      sessions.map(({ client }) =>
        Promise.all(Array.from({ length: 4 }, () => lookup(client, toolId))),
      ),
    );
    for (const answers of outcomes) {
      expect([...answers].sort()).toEqual(['RATE_LIMITED', 'ok', 'ok', 'ok']);
    }
    expect(upstream.calls).toHaveLength(60);
  }, 60_000);
});
