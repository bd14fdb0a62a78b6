import { createCatalogServer } from '@x/core/catalog-server';
import { describe, expect, it } from 'vitest';
import { clientUpstream, connectInMemory, listAllTools } from '../../src/servers/in-memory.js';
import { SMALL_CATALOG } from '../fixtures/tools.js';

describe('in-memory servers', () => {
  it('lists every tool over all pages, in the order served', async () => {
    const client = await connectInMemory(
      createCatalogServer(SMALL_CATALOG, { pageSize: 1, prefixServer: true }),
    );
    try {
      const tools = await listAllTools(client);
      expect(tools.map((tool) => tool.name)).toEqual([
        'weather__get_forecast',
        'weather__get_alerts',
        'files__read_file',
      ]);
    } finally {
      await client.close();
    }
  });

  it('serves a mount upstream that calls tools and reports closed after close', async () => {
    const client = await connectInMemory(createCatalogServer(SMALL_CATALOG.slice(2)));
    const upstream = clientUpstream('files', client);
    expect(upstream.status).toBe('ready');
    expect((await upstream.listTools()).map((tool) => tool.name)).toEqual(['read_file']);
    const result = await upstream.callTool('read_file', { path: 'a.txt' });
    expect(result.isError).not.toBe(true);
    expect(upstream.serverInfo()?.name).toBe('x-catalog-server');
    await upstream.close();
    expect(upstream.status).toBe('closed');
  });
});
