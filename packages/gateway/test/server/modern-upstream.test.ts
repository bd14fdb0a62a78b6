/**
 * The gateway in front of a 2026-07-28-only upstream (an SDK v2 server that refuses 2025
 * traffic), over stdio and over Streamable HTTP: browse finds its tool, execute reaches it, and
 * the upstream connection says it speaks the 2026-07-28 era.
 */
import { createUpstreamPool, parseMcpServersConfig, type UpstreamPool } from '@x/core/upstreams';
import { createTestPair, type FixtureUpstream, startModernOnly, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createGatewayServer } from '../../src/server/gateway-server.js';
import { createGatewayRuntime, type GatewayRuntime } from '../../src/server/runtime.js';
import { upstreamsFromPool } from '../../src/server/upstream.js';
import { firstText } from '../helpers.js';

let pool: UpstreamPool | undefined;
let runtime: GatewayRuntime | undefined;
let pair: TestPair | undefined;
let upstream: FixtureUpstream | undefined;

afterEach(async () => {
  await pair?.close();
  runtime?.close();
  await pool?.close();
  await upstream?.close();
  pair = runtime = pool = upstream = undefined;
});

describe.each(['stdio', 'http'] as const)(
  'the gateway over a 2026-07-28-only upstream (%s)',
  (transport) => {
    it('browses and executes its tool, and the connection is in the 2026-07-28 era', async () => {
      upstream = await startModernOnly(transport);
      const config = parseMcpServersConfig(
        { mcpServers: { modern: upstream.entry } },
        'test config',
      );
      pool = createUpstreamPool(config, { stderr: 'ignore' });
      runtime = await createGatewayRuntime({ upstreams: upstreamsFromPool(pool) });
      expect(runtime.lastRefresh.upstreams).toMatchObject([
        { name: 'modern', status: 'ok', tools: 1 },
      ]);
      pair = await createTestPair(createGatewayServer(runtime));

      const browsed = await pair.client.callTool({
        name: 'tool_browse',
        arguments: { query: 'echo text' },
      });
      const toolId = /modern:echo#[A-Za-z0-9_-]+/.exec(firstText(browsed))?.[0];
      expect(toolId).toBeDefined();
      const executed = await pair.client.callTool({
        name: 'tool_execute',
        arguments: { tool_id: toolId, args: { text: `through the gateway over ${transport}` } },
      });
      expect(executed.isError).not.toBe(true);
      expect(JSON.stringify(executed.content)).toContain(`through the gateway over ${transport}`);
      expect(pool.upstreams.get('modern')?.era()).toBe('modern');
    });
  },
);
