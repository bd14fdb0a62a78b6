import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { type RunningHttpServer, serveHttp } from '@x/core/serve';
import { createMemorySessionStore } from '@x/core/sessions';
import type { TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { CacheStableOptionsSchema } from '../../../src/browse/cache-stable/cache-stable-options.js';
import { CACHE_BREAKPOINT_ID } from '../../../src/browse/cache-stable/cache-stable-order.js';
import type { ChoiceCard } from '../../../src/cards/choice-card.js';
import { createGatewayServerFactory } from '../../../src/server/gateway-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../../src/server/runtime.js';
import { referenceUpstreams, structured } from '../../helpers.js';

const SESSIONS = 20;
const QUERIES = [
  'read a file',
  'create entities',
  'search nodes',
  'list directory',
  'echo a message',
];

let pairs: TestPair[] = [];
let runtime: GatewayRuntime | undefined;
let server: RunningHttpServer | undefined;
let clients: Client[] = [];

afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await server?.close();
  runtime?.close();
  for (const pair of pairs.reverse()) await pair.close();
  clients = [];
  pairs = [];
});

async function browseIds(client: Client, args: Record<string, unknown>): Promise<string[]> {
  const result = await client.callTool({ name: 'tool_browse', arguments: args });
  return structured<{ cards: ChoiceCard[] }>(result).cards.map((card) => card.id);
}

describe('cache-stable browsing over Streamable HTTP', () => {
  it('keeps one seen set per session across 20 concurrent sessions', async () => {
    runtime = await createGatewayRuntime({
      upstreams: Object.values(await referenceUpstreams(pairs)),
    });
    const store = createMemorySessionStore();
    server = await serveHttp(
      createGatewayServerFactory(runtime, {
        cacheStable: CacheStableOptionsSchema.parse({}),
        sessionStore: store,
      }),
      { port: 0 },
    );
    const url = server.url;
    clients = await Promise.all(
      Array.from({ length: SESSIONS }, async () => {
        const client = new Client({ name: 'session', version: '0.0.0' });
        await client.connect(new StreamableHTTPClientTransport(url));
        return client;
      }),
    );
    const outcomes = await Promise.all(
      clients.map(async (client, index) => {
        const first = await browseIds(client, { query: QUERIES[index % QUERIES.length], top_k: 5 });
        const second = await browseIds(client, { query: 'file entities', top_k: 20 });
        return { first, second };
      }),
    );
    for (const { first, second } of outcomes) {
      const marker = second.indexOf(CACHE_BREAKPOINT_ID);
      const expected = second.filter((id) => first.includes(id)).sort();
      const prefix =
        marker < 0 ? second.filter((id) => first.includes(id)) : second.slice(0, marker);
      expect(prefix).toEqual(expected);
      expect(marker < 0).toBe(expected.length === 0 || expected.length === second.length);
    }
    const keys = await store.keys('gateway:');
    expect(keys).toHaveLength(SESSIONS);
    const seenSets = await Promise.all(
      keys.map(async (key) =>
        Object.keys(((await store.get(key)) as { cards: object }).cards).sort(),
      ),
    );
    const expectedSets = outcomes.map(({ first, second }) =>
      [...new Set([...first, ...second])].filter((id) => id !== CACHE_BREAKPOINT_ID).sort(),
    );
    expect(seenSets.map((ids) => JSON.stringify(ids)).sort()).toEqual(
      expectedSets.map((ids) => JSON.stringify(ids)).sort(),
    );
  });
});
