import type { Client } from '@modelcontextprotocol/client';
import type { Tool } from '@modelcontextprotocol/server';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CatalogServerOptions,
  createCatalogServer,
  createCatalogServerFactory,
  TOOL_NAME_PATTERN,
} from '../../src/catalog-server/index.js';
import { loadCatalogOnce, readRawCatalog, SERVERS_CATALOG, TOOLS_CATALOG } from './fixtures.js';

const pairs: TestPair[] = [];
afterEach(async () => {
  await Promise.all(pairs.splice(0).map((pair) => pair.close()));
});

async function connect(path: string, options: CatalogServerOptions): Promise<TestPair> {
  const pair = await createTestPair(createCatalogServer(await loadCatalogOnce(path), options));
  pairs.push(pair);
  return pair;
}

/** Follows cursors to the end; returns the tools and how many pages it took. */
async function listAll(pair: TestPair): Promise<{ tools: Tool[]; pages: number }> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await listPage(pair.client, cursor === undefined ? {} : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== undefined);
  return { tools, pages };
}

/** The `tools` arrays of every tools/list response, as the JSON text that came over the wire. */
function wireTools(pair: TestPair): Array<{ name: string; inputSchema: unknown }> {
  return pair.received
    .map((text) => JSON.parse(text) as { result?: { tools?: Array<{ name: string }> } })
    .flatMap((message) => message.result?.tools ?? []) as Array<{
    name: string;
    inputSchema: unknown;
  }>;
}

/** One page of `tools/list`: the SDK's `listTools()` would gather every page itself. */
function listPage(client: Client, params: { cursor?: string } = {}) {
  return client.request({ method: 'tools/list', params });
}

describe('tools/list', () => {
  it('serves every schema byte-identical to the catalog file', async () => {
    const pair = await connect(SERVERS_CATALOG, { prefixServer: true, pageSize: 0 });
    await listPage(pair.client);
    const raw = readRawCatalog(SERVERS_CATALOG);
    const sent = wireTools(pair);
    expect(sent).toHaveLength(raw.length);
    expect(raw.length).toBeGreaterThan(70);
    sent.forEach((tool, index) => {
      expect(JSON.stringify(tool.inputSchema)).toBe(JSON.stringify(raw[index]?.inputSchema));
      expect(tool.name).toMatch(TOOL_NAME_PATTERN);
    });
    const wireText = pair.received.find((text) => text.includes('"tools":[')) ?? '';
    for (const entry of raw) {
      expect(wireText).toContain(`"inputSchema":${JSON.stringify(entry.inputSchema)}`);
    }
  });

  it('sends name, description and inputSchema only, with the description as in the file', async () => {
    const pair = await connect(SERVERS_CATALOG, { prefixServer: true, pageSize: 0 });
    const { tools } = await listPage(pair.client);
    const raw = readRawCatalog(SERVERS_CATALOG);
    expect(Object.keys(tools[0] ?? {})).toEqual(['name', 'description', 'inputSchema']);
    expect(tools.map((tool) => tool.description)).toEqual(raw.map((entry) => entry.description));
  });

  it('hands every tool of a 4,076-tool catalog exactly once, in catalog order, to a client that follows cursors', async () => {
    const pair = await connect(TOOLS_CATALOG, {});
    const { tools, pages } = await listAll(pair);
    expect(pages).toBe(41);
    expect(tools).toHaveLength(4076);
    const raw = readRawCatalog(TOOLS_CATALOG);
    const expected = raw.map((entry) =>
      entry.name === 'requestFirst Aid Assistance' ? 'requestFirst_Aid_Assistance' : entry.name,
    );
    expect(tools.map((tool) => tool.name)).toEqual(expected);
  });

  it('pages by the configured size, the last page short and without a cursor', async () => {
    const pair = await connect(TOOLS_CATALOG, { pageSize: 1000 });
    const first = await listPage(pair.client);
    expect(first.tools).toHaveLength(1000);
    expect(first.nextCursor).toBeDefined();
    const last = await listPage(pair.client, { cursor: '4000' });
    expect(last.tools).toHaveLength(76);
    expect(last.nextCursor).toBeUndefined();
  });

  it('puts every tool on one page when the page size is 0', async () => {
    const pair = await connect(TOOLS_CATALOG, { pageSize: 0 });
    const page = await listPage(pair.client);
    expect(page.tools).toHaveLength(4076);
    expect(page.nextCursor).toBeUndefined();
  });

  it.each(['abc', '-1', '007', '4076', '99999999999', ''])(
    'answers cursor %j with a JSON-RPC invalid-params error',
    async (cursor) => {
      const pair = await connect(TOOLS_CATALOG, {});
      await expect(listPage(pair.client, { cursor })).rejects.toMatchObject({
        code: -32602,
        message: expect.stringContaining('Invalid cursor'),
      });
    },
  );

  it('serves only the tools of the chosen servers', async () => {
    const pair = await connect(SERVERS_CATALOG, {
      servers: ['web-search', 'weather'],
      pageSize: 0,
    });
    const { tools } = await listPage(pair.client);
    const raw = readRawCatalog(SERVERS_CATALOG);
    const expected = raw.filter((entry) =>
      ['web-search', 'weather'].includes(String(entry.server)),
    );
    expect(tools.map((tool) => tool.name)).toEqual(expected.map((entry) => entry.name));
  });

  it('builds independent servers from one factory, one per session', async () => {
    const factory = createCatalogServerFactory(await loadCatalogOnce(TOOLS_CATALOG), {
      pageSize: 10,
      name: 'seal',
      version: '9.9.9',
    });
    const first = await createTestPair(factory());
    const second = await createTestPair(factory());
    pairs.push(first, second);
    expect(first.client.getServerVersion()).toEqual({ name: 'seal', version: '9.9.9' });
    expect(first.client.getServerCapabilities()?.tools).toEqual({});
    const [a, b] = await Promise.all([listPage(first.client), listPage(second.client)]);
    expect(a).toEqual(b);
  });
});
