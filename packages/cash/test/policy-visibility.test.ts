/**
 * Per-caller tool policies over an aggregation (issue 33): the visibility hook matches upstream
 * tool names (not labels), hides a denied server with its skills, and shows a forwarded CaSH
 * upstream only to a role that may use every one of its tools.
 */

import { createCatalogServer } from '@x/core/catalog-server';
import { createPolicyEngine } from '@x/core/policy';
import { parseMcpServersConfig } from '@x/core/upstreams';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CashServer,
  createCashServer,
  createPolicyVisibility,
  createUpstreamMount,
  type UpstreamMount,
} from '../src/index.js';
import { createShopServer } from './fixtures/shop.js';
import { code, text } from './helpers.js';
import { CATALOG, inMemoryUpstream } from './upstream-helpers.js';

const config = parseMcpServersConfig(
  {
    mcpServers: { tools: { command: 'unused' }, shop: { command: 'unused' } },
    policies: {
      roles: {
        limited: { deny: ['tools/get_weather', 'shop/orders.delete'] },
        shopper: { allow: ['shop'] },
      },
    },
  },
  'mcp.json',
);

const pairs: TestPair[] = [];
let aggregator: CashServer | undefined;
afterEach(async () => {
  for (const pair of pairs.splice(0)) await pair.close();
  await aggregator?.close();
  aggregator = undefined;
});

async function aggregate(): Promise<(role: string) => Promise<TestPair>> {
  const mounts: Record<string, UpstreamMount> = {};
  const visibility = createPolicyVisibility(config, createPolicyEngine(config.policies), (server) =>
    mounts[server]?.servedAs(),
  );
  aggregator = createCashServer({
    name: 'aggregator',
    ...(visibility === undefined ? {} : { visibility }),
  });
  aggregator.namespace('local', { description: 'Local functions.' }).function('ping', {
    summary: 'Answer pong.',
    handler: () => 'pong',
  });
  mounts.tools = createUpstreamMount(await inMemoryUpstream('tools', createCatalogServer(CATALOG)));
  mounts.shop = createUpstreamMount(
    await inMemoryUpstream('shop', createShopServer().createMcpServer()),
  );
  aggregator.mount('tools', mounts.tools);
  aggregator.mount('shop', mounts.shop);
  const signal = new AbortController().signal;
  await Promise.all([mounts.tools.open(signal), mounts.shop.open(signal)]);
  const server = aggregator;
  return async (role) => {
    const pair = await createTestPair(
      server.createMcpServer({
        sessionId: undefined,
        role,
        transport: 'http',
        era: 'legacy',
        scope: `principal:${role}`,
      }),
    );
    pairs.push(pair);
    return pair;
  };
}

describe('createPolicyVisibility', () => {
  it('hides a denied tool by its upstream name, and a forwarded server with a denied tool', async () => {
    const connect = await aggregate();
    const limited = await connect('limited');
    const index = text(await limited.callTool('help'));
    expect(index).toContain('Tools of the MCP server x-catalog-server (2 tools).');
    expect(index).not.toContain('shop');
    // `get-weather` is labelled get_weather; the denied `get_weather` is get_weather_2.
    const listing = text(await limited.callTool('help', { namespace: 'tools' }));
    expect(listing).toContain('**get_weather**');
    expect(listing).not.toContain('get_weather_2');
    const denied = await limited.callTool('call', {
      namespace: 'tools',
      function: 'get_weather_2',
    });
    expect(code(denied)).toBe('UNKNOWN_FUNCTION');
    const shop = await limited.callTool('help', { namespace: 'shop' });
    const unknown = await limited.callTool('help', { namespace: 'shqp' });
    expect(JSON.stringify(shop).replaceAll('shop', '<name>')).toBe(
      JSON.stringify(unknown).replaceAll('shqp', '<name>'),
    );
  });

  it('shows a forwarded server whole to a role allowed all of it, and nothing else of upstreams', async () => {
    const connect = await aggregate();
    const shopper = await connect('shopper');
    const index = text(await shopper.callTool('help'));
    expect(index).toContain('**shop**');
    expect(index).toContain('**local**');
    expect(index).not.toContain('**tools**');
    const open = await connect('someone');
    expect(text(await open.callTool('help'))).toContain('**tools**');
    expect(text(await open.callTool('help'))).toContain('(3 tools)');
  });
});
