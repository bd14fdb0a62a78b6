import { createCatalogServer } from '@x/core/catalog-server';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { type CashServer, createCashServer, createUpstreamMount } from '../src/index.js';
import { createShopServer } from './fixtures/shop.js';
import { code, json, text } from './helpers.js';
import { CATALOG, type InMemoryUpstream, inMemoryUpstream } from './upstream-helpers.js';

let pair: TestPair | undefined;
let aggregator: CashServer | undefined;
afterEach(async () => {
  await pair?.close();
  await aggregator?.close();
  pair = undefined;
  aggregator = undefined;
});

/** An aggregator with a local namespace, the shop (CaSH) under `shop` and the catalog (plain MCP) under `tools`. */
async function aggregate(catalogOptions: Parameters<typeof createCatalogServer>[1] = {}): Promise<{
  pair: TestPair;
  catalog: InMemoryUpstream;
  shop: InMemoryUpstream;
}> {
  aggregator = createCashServer({ name: 'aggregator' });
  aggregator.namespace('local', { description: 'Local functions.' }).function('ping', {
    summary: 'Answer pong.',
    handler: () => 'pong',
  });
  aggregator.skill('overview', {
    description: 'How to use this aggregator.',
    text: 'Call help().',
  });
  const catalog = await inMemoryUpstream(
    'catalog',
    createCatalogServer(CATALOG, catalogOptions),
    500,
  );
  const shop = await inMemoryUpstream('shop', createShopServer().createMcpServer());
  aggregator.mount('tools', createUpstreamMount(catalog));
  aggregator.mount('shop', createUpstreamMount(shop));
  pair = await createTestPair(aggregator.createMcpServer());
  await pair.callTool('help', { namespace: 'tools' });
  await pair.callTool('help', { namespace: 'shop' });
  return { pair, catalog, shop };
}

describe('a plain MCP upstream as a namespace', () => {
  it('lists its tools as functions with first-sentence one-liners and labels from their names', async () => {
    const { pair } = await aggregate();
    expect(text(await pair.callTool('help'))).toContain(
      '- **tools** — Tools of the MCP server x-catalog-server (3 tools).',
    );
    expect(text(await pair.callTool('help', { namespace: 'tools' }))).toBe(
      [
        '# tools',
        '',
        '## Functions',
        '',
        '- **read_text_file** — Read a text file from disk.\n- **get_weather** — Current weather for a city\n- **get_weather_2** — Weather, second spelling.',
      ].join('\n'),
    );
  });

  it('documents a tool with the parameter table of its schema', async () => {
    const { pair } = await aggregate();
    const answer = text(
      await pair.callTool('help', { namespace: 'tools', function: 'readTextFile' }),
    );
    expect(answer).toContain('| file_path | string | yes | Path of the file. |');
    expect(answer).toContain('| head | integer | no | Only the first N lines. |');
  });

  it('routes calls to the tool with kwargs keys mapped onto its parameter names', async () => {
    const { pair } = await aggregate();
    const result = await pair.callTool('call', {
      namespace: 'tools',
      function: 'read_text_file',
      kwargs: { filePath: 'a.txt' },
    });
    expect(result.isError).toBeFalsy();
    expect(json(result)).toEqual({ arguments: { file_path: 'a.txt' }, tool: 'read_text_file' });
    const hyphenated = await pair.callTool('call', {
      namespace: 'tools',
      function: 'GetWeather',
      kwargs: { city: 'Oslo' },
    });
    expect(json(hyphenated)).toEqual({ arguments: { city: 'Oslo' }, tool: 'get-weather' });
  });

  it('validates kwargs against the tool schema before forwarding', async () => {
    const { pair } = await aggregate();
    const result = await pair.callTool('call', {
      namespace: 'tools',
      function: 'read_text_file',
      kwargs: { head: 'x' },
    });
    expect(code(result)).toBe('INVALID_ARGUMENTS');
    expect(text(result)).toContain('`file_path` is required');
    expect(text(result)).toContain('help(namespace="tools", function="read_text_file")');
  });

  it('withholds a large result of a tool not marked read-only, and lets it through with an accommodating limit', async () => {
    const { pair } = await aggregate();
    const args = {
      namespace: 'tools',
      function: 'get_weather_2',
      kwargs: { __x_behaviour: 'large', __x_size: 30_000 },
    };
    // Without readOnlyHint an MCP tool may change state: its result is withheld, not failed.
    const withheld = await pair.callTool('call', args);
    expect(withheld.isError).toBeFalsy();
    expect(code(withheld)).toBe('WITHHELD');
    const full = await pair.callTool('call', { ...args, sizelimit: 33_000 });
    expect(full.isError).toBeFalsy();
    expect(text(full).length).toBe(30_000);
  });
});

describe('a CaSH upstream mounted under a label', () => {
  it('shows its namespaces below the label, re-rendered with full paths', async () => {
    const { pair } = await aggregate();
    expect(text(await pair.callTool('help', { namespace: 'shop' }))).toBe(
      [
        '# shop',
        '',
        '## Sub-namespaces',
        '',
        '- **orders** — Create and manage customer orders.\n- **inventory** — Query and update stock levels.\n- **crm** — Manage contacts and accounts.',
      ].join('\n'),
    );
    expect(text(await pair.callTool('help', { namespace: 'Shop.orders' }))).toContain(
      '# shop.orders',
    );
    expect(
      text(await pair.callTool('help', { namespace: 'shop.orders', function: 'create' })),
    ).toContain('| customer_id |');
  });

  it('forwards calls, with errors that name the mounted paths', async () => {
    const { pair } = await aggregate();
    const result = await pair.callTool('call', {
      namespace: 'shop.inventory',
      function: 'check',
      kwargs: { product_id: 'P-1', quantity: 2 },
    });
    expect(json(result)).toEqual({ product_id: 'P-1', available: true });
    const unknown = await pair.callTool('call', { namespace: 'shop.orders', function: 'ship' });
    expect(code(unknown)).toBe('UNKNOWN_FUNCTION');
    expect(text(unknown)).toContain('namespace `orders`');
    expect(text(unknown)).toContain('help(namespace="shop.orders")');
  });

  it('forwards the gated response and the sizelimit that lets it through', async () => {
    const { pair } = await aggregate();
    const gated = await pair.callTool('call', { namespace: 'shop.orders', function: 'list' });
    expect(code(gated)).toBe('GATED');
    const suggested = (gated.structuredContent as { suggested_sizelimit: number })
      .suggested_sizelimit;
    const full = await pair.callTool('call', {
      namespace: 'shop.orders',
      function: 'list',
      sizelimit: suggested,
    });
    expect((json(full).orders as unknown[]).length).toBe(400);
  });

  it('merges skills of every upstream under their labels and rewrites their namespace references', async () => {
    const { pair } = await aggregate();
    const listing = text(await pair.callTool('skill'));
    expect(listing).toContain('- **overview** — How to use this aggregator.');
    expect(listing).toContain('- **createorderwithcheck** (`shop.orders`)');
    expect(listing).toContain('- **restock** (`shop.inventory`)');
    const skill = text(
      await pair.callTool('skill', {
        namespace: 'shop.orders',
        skillname: 'createorderwithcheck',
        kwargs: { product_id: 'P-1' },
      }),
    );
    expect(skill).toContain('Call `call(namespace="shop.inventory", function="check")` for P-1.');
  });
});

describe('upstream faults', () => {
  it('answers a hanging upstream with UPSTREAM_TIMEOUT while other namespaces keep working', async () => {
    const { pair } = await aggregate();
    const hanging = pair.callTool('call', {
      namespace: 'tools',
      function: 'get_weather_2',
      kwargs: { __x_behaviour: 'hang' },
    });
    const local = await pair.callTool('call', { namespace: 'local', function: 'ping' });
    expect(text(local)).toBe('pong');
    const result = await hanging;
    expect(code(result)).toBe('UPSTREAM_TIMEOUT');
    expect(text(result)).toContain('The upstream behind namespace `tools` did not answer in time');
  });

  it('answers an upstream protocol error with UPSTREAM_ERROR and passes tool failures through', async () => {
    const { pair } = await aggregate();
    const failed = await pair.callTool('call', {
      namespace: 'tools',
      function: 'get_weather_2',
      kwargs: { __x_behaviour: 'error' },
    });
    expect(code(failed)).toBe('UPSTREAM_ERROR');
    const toolError = await pair.callTool('call', {
      namespace: 'tools',
      function: 'get_weather_2',
      kwargs: { __x_behaviour: 'fail' },
    });
    expect(toolError.isError).toBe(true);
    expect(code(toolError)).toBeUndefined();
  });

  it('keeps a dead upstream listed with available: false and answers UPSTREAM_UNAVAILABLE', async () => {
    const { pair, catalog } = await aggregate();
    await catalog.kill();
    const result = await pair.callTool('call', { namespace: 'tools', function: 'get_weather_2' });
    expect(code(result)).toBe('UPSTREAM_UNAVAILABLE');
    // The server's own name, or the configuration key when the dead server's description is gone.
    expect(text(await pair.callTool('help'))).toMatch(
      /- \*\*tools\*\* — Tools of the MCP server (x-catalog-server|catalog) \(3 tools\)\. _\(available: false\)_/,
    );
    expect(
      json(await pair.callTool('help', { kwargs: { format: 'json' } })).namespaces,
    ).toContainEqual(expect.objectContaining({ name: 'tools', available: false }));
    expect(
      text(
        await pair.callTool('call', {
          namespace: 'shop.orders',
          function: 'list',
          kwargs: { customer_id: 'C-1' },
        }),
      ),
    ).toContain('ORD-');
    expect(text(await pair.callTool('skill'))).toContain('createorderwithcheck');
  });
});
