/**
 * The progressive-disclosure proxy (`x-pd wrap`) in front of a 2026-07-28-only upstream (an SDK
 * v2 server that refuses 2025 traffic), over stdio and over Streamable HTTP: its tool is listed,
 * refused until its description is read, then called; the upstream speaks the 2026-07-28 era.
 */
import { parseMcpServersConfig } from '@x/core/upstreams';
import { createTestPair, type FixtureUpstream, startModernOnly } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createDisclosureProxy, type DisclosureProxy } from '../src/index.js';
import { readDescriptions, resultText } from './helpers.js';

let proxy: DisclosureProxy | undefined;
let upstream: FixtureUpstream | undefined;

afterEach(async () => {
  await proxy?.close();
  await upstream?.close();
  proxy = upstream = undefined;
});

describe.each(['stdio', 'http'] as const)(
  'the proxy over a 2026-07-28-only upstream (%s)',
  (transport) => {
    it('lists its tool, calls it once its description was read, and speaks the 2026-07-28 era', async () => {
      upstream = await startModernOnly(transport);
      const config = parseMcpServersConfig(
        { mcpServers: { modern: upstream.entry } },
        'test config',
      );
      proxy = createDisclosureProxy(config, { upstream: { stderr: 'ignore' } });
      await using pair = await createTestPair(
        await proxy.factory({
          sessionId: undefined,
          role: undefined,
          transport: 'stdio',
          era: 'modern',
          scope: 'stdio:modern-upstream',
        }),
      );
      const { tools } = await pair.client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['modern__echo']);
      const call = () =>
        pair.client.callTool({
          name: 'modern__echo',
          arguments: { text: `wrapped over ${transport}` },
        });
      expect(resultText(await call())).toContain('TOOL_DESCRIPTION_REQUIRED');
      await readDescriptions(pair.client, ['modern__echo']);
      expect(resultText(await call())).toBe(`wrapped over ${transport}`);
      expect(proxy.pool.upstreams.get('modern')?.era()).toBe('modern');
    });
  },
);
