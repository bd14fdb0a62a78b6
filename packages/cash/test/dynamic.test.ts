import type { IncomingMessage, ServerResponse } from 'node:http';
import { NodeStreamableHTTPServerTransport } from '@modelcontextprotocol/node';
import { createTestPair, type TestPair } from '@x/test-kit';
import {
  Agent,
  type Dispatcher,
  getGlobalDispatcher,
  setGlobalDispatcher,
  fetch as undiciFetch,
} from 'undici';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stringify as stringifyYaml } from 'yaml';
import {
  type CashManifest,
  type CashServer,
  createCashServer,
  type DynamicAggregation,
  fetchManifest,
  MANIFEST_PATH,
  mountManifests,
} from '../src/index.js';
import { createShopServer } from './fixtures/shop.js';
import { code, json, text } from './helpers.js';
import { createTestCertificates, startHttpsServer, type TestHttpsServer } from './tls-helpers.js';

/** What the test HTTPS server answers at the manifest path. */
interface ManifestServerState {
  manifest: (origin: string) => unknown;
  status: number;
  fetches: number;
}

let previousDispatcher: Dispatcher;
let https: TestHttpsServer;
const state: ManifestServerState = { manifest: () => ({}), status: 200, fetches: 0 };
const shop = createShopServer();

async function serveMcp(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const server = shop.createMcpServer();
  const transport = new NodeStreamableHTTPServerTransport({});
  response.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(request, response);
}

beforeAll(async () => {
  const certificates = await createTestCertificates();
  previousDispatcher = getGlobalDispatcher();
  // Node's fetch (manifests) and the SDK's transport (MCP) both use the global dispatcher.
  setGlobalDispatcher(new Agent({ connect: { ca: certificates.ca } }));
  https = await startHttpsServer(certificates, async (request, response) => {
    if (request.url === MANIFEST_PATH) {
      state.fetches += 1;
      response.writeHead(state.status, { 'content-type': 'application/yaml' });
      response.end(stringifyYaml(state.manifest(https.origin)));
      return;
    }
    if (request.url === '/mcp') return serveMcp(request, response);
    response.writeHead(404);
    response.end();
  });
});

afterAll(async () => {
  await https.close();
  setGlobalDispatcher(previousDispatcher);
});

function manifestFor(endpoint: string, extra: Partial<CashManifest> = {}): CashManifest {
  return {
    cash_version: '0.1.1',
    last_updated: '2026-04-24',
    publisher: 'Shop Inc',
    endpoint,
    cache_ttl: 60,
    namespaces: [{ suggested: 'shop', description: 'The shop: orders, inventory, crm.' }],
    ...extra,
  };
}

let clock = 1_000_000;
let aggregator: CashServer | undefined;
let dynamic: DynamicAggregation | undefined;
let pair: TestPair | undefined;

afterEach(async () => {
  await pair?.close();
  await dynamic?.close();
  await aggregator?.close();
  pair = undefined;
  dynamic = undefined;
  aggregator = undefined;
  state.status = 200;
  state.fetches = 0;
});

async function start(options: Partial<Parameters<typeof mountManifests>[1]> = {}) {
  aggregator = createCashServer({ name: 'dynamic' });
  aggregator.namespace('local', { description: 'Local functions.' }).function('ping', {
    summary: 'Answer pong.',
    handler: () => 'pong',
  });
  dynamic = await mountManifests(aggregator, {
    manifests: [`${https.origin}${MANIFEST_PATH}`],
    now: () => clock,
    retryMs: 5_000,
    upstream: { reconnect: { initialDelayMs: 10, maxAttempts: 2 } },
    ...options,
  });
  pair = await createTestPair(aggregator.createMcpServer());
  return { pair, dynamic };
}

describe('dynamic aggregation over HTTPS', () => {
  it('mounts a CaSH server found through its manifest under the suggested label', async () => {
    state.manifest = (origin) => manifestFor(`${origin}/mcp`);
    const { pair, dynamic } = await start();
    expect(dynamic.entries()).toMatchObject([{ label: 'shop', available: true, error: undefined }]);
    expect(text(await pair.callTool('help'))).toContain(
      '- **shop** — The shop: orders, inventory, crm.',
    );
    const result = await pair.callTool('call', {
      namespace: 'shop.orders',
      function: 'list',
      kwargs: { customer_id: 'C-1' },
    });
    expect((json(result).orders as unknown[]).length).toBeGreaterThan(0);
    expect(text(await pair.callTool('skill'))).toContain('(`shop.orders`)');
  });

  it('refetches the manifest only after its cache_ttl has passed', async () => {
    state.manifest = (origin) => manifestFor(`${origin}/mcp`);
    const { dynamic } = await start();
    expect(state.fetches).toBe(1);
    clock += 59_000;
    await dynamic.refresh();
    expect(state.fetches).toBe(1);
    clock += 1_000;
    await dynamic.refresh();
    expect(state.fetches).toBe(2);
  });

  it('refuses an endpoint on a foreign host unless configuration trusts it', async () => {
    state.manifest = () => manifestFor(`https://localhost:${https.port}/mcp`);
    const { pair, dynamic } = await start();
    expect(dynamic.entries()[0]).toMatchObject({ available: false });
    expect(dynamic.entries()[0]?.error).toContain('differs from the manifest\'s host "127.0.0.1"');
    expect(
      json(await pair.callTool('help', { kwargs: { format: 'json' } })).namespaces,
    ).toContainEqual(expect.objectContaining({ name: 'shop', available: false }));
    const refused = await pair.callTool('call', { namespace: 'shop.orders', function: 'list' });
    expect(code(refused)).toBe('UPSTREAM_UNAVAILABLE');
    expect(text(await pair.callTool('call', { namespace: 'local', function: 'ping' }))).toBe(
      'pong',
    );
    await pair.close();
    await dynamic.close();
    await aggregator?.close();
    const trusted = await start({ trustedEndpointHosts: ['LOCALHOST'] });
    expect(trusted.dynamic.entries()[0]).toMatchObject({ available: true });
    const listed = await trusted.pair.callTool('call', {
      namespace: 'shop.inventory',
      function: 'check',
      kwargs: { product_id: 'P', quantity: 1 },
    });
    expect(json(listed)).toEqual({ product_id: 'P', available: true });
  });

  it('keeps a failing manifest listed with available: false until it recovers', async () => {
    state.manifest = (origin) => manifestFor(`${origin}/mcp`);
    state.status = 503;
    const { pair, dynamic } = await start({
      manifests: [{ url: `${https.origin}${MANIFEST_PATH}`, label: 'shop' }],
    });
    expect(dynamic.entries()[0]).toMatchObject({ label: 'shop', available: false });
    expect(text(await pair.callTool('help'))).toMatch(/- \*\*shop\*\* — .*_\(available: false\)_/);
    expect(code(await pair.callTool('call', { namespace: 'shop.orders', function: 'list' }))).toBe(
      'UPSTREAM_UNAVAILABLE',
    );
    state.status = 200;
    clock += 5_000;
    await dynamic.refresh();
    expect(dynamic.entries()[0]).toMatchObject({ available: true });
    expect(code(await pair.callTool('call', { namespace: 'shop.orders', function: 'list' }))).toBe(
      'GATED',
    );
  });

  it('reports manifests with wrong types as invalid', async () => {
    state.manifest = (origin) => ({
      ...manifestFor(`${origin}/mcp`),
      cache_ttl: 'soon',
      namespaces: 'orders',
    });
    const { dynamic } = await start();
    expect(dynamic.entries()[0]?.error).toMatch(/field cache_ttl/);
  });
});

describe('fetchManifest', () => {
  it('fetches only over HTTPS', async () => {
    await expect(
      fetchManifest('http://127.0.0.1:1/.well-known/cash-mcp.yaml'),
    ).rejects.toMatchObject({
      code: 'MANIFEST_FETCH_FAILED',
      message: expect.stringContaining('only https: URLs are fetched'),
    });
    await expect(fetchManifest('not a url')).rejects.toMatchObject({
      code: 'MANIFEST_FETCH_FAILED',
    });
  });

  it('refuses a server whose certificate the client does not trust', async () => {
    const untrusted = ((input: string | URL, init: Record<string, unknown>) =>
      undiciFetch(input, { ...init, dispatcher: new Agent() })) as unknown as typeof fetch;
    await expect(
      fetchManifest(`${https.origin}${MANIFEST_PATH}`, { fetch: untrusted }),
    ).rejects.toMatchObject({
      code: 'MANIFEST_FETCH_FAILED',
    });
  });
});
