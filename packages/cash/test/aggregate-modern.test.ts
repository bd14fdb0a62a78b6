/**
 * `aggregateMcpServers` over a 2026-07-28-only upstream (an SDK v2 server that refuses 2025
 * traffic), over stdio and over Streamable HTTP: its function is listed and called, and the
 * aggregation reports the 2026-07-28 era for it.
 */
import { parseMcpServersConfig } from '@x/core/upstreams';
import { createTestPair, type FixtureUpstream, startModernOnly, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Aggregation,
  aggregateMcpServers,
  type CashServer,
  createCashServer,
} from '../src/index.js';
import { text } from './helpers.js';

let server: CashServer | undefined;
let aggregation: Aggregation | undefined;
let pair: TestPair | undefined;
let upstream: FixtureUpstream | undefined;

afterEach(async () => {
  await pair?.close();
  await aggregation?.close();
  await server?.close();
  await upstream?.close();
  pair = aggregation = server = upstream = undefined;
});

describe.each(['stdio', 'http'] as const)(
  'aggregating a 2026-07-28-only upstream (%s)',
  (transport) => {
    it('lists and calls its tool, and reports the 2026-07-28 era', async () => {
      upstream = await startModernOnly(transport);
      const config = parseMcpServersConfig(
        { mcpServers: { modern: upstream.entry } },
        'test config',
      );
      server = createCashServer({ name: 'aggregate' });
      aggregation = await aggregateMcpServers(server, config, { upstream: { stderr: 'ignore' } });
      expect(aggregation.upstreams()).toEqual([
        { server: 'modern', label: 'modern', available: true, era: 'modern' },
      ]);
      pair = await createTestPair(server.createMcpServer());
      expect(text(await pair.callTool('help', { namespace: 'modern' }))).toContain('echo');
      const echoed = await pair.callTool('call', {
        namespace: 'modern',
        function: 'echo',
        kwargs: { text: `aggregated over ${transport}` },
      });
      expect(echoed.isError).toBeFalsy();
      expect(text(echoed)).toContain(`aggregated over ${transport}`);
    });
  },
);
