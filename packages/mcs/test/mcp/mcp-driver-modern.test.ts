/**
 * The MCP driver bridging to a 2026-07-28-only server (an SDK v2 server that refuses 2025
 * traffic), over stdio and over Streamable HTTP: the tool is its function, a model's call reaches
 * it, and the status reports the 2026-07-28 era.
 */

import { type FixtureUpstream, startModernOnly } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createMcpDriver, type McpDriver } from '../../src/mcp/index.js';

let driver: McpDriver | undefined;
let upstream: FixtureUpstream | undefined;

afterEach(async () => {
  await driver?.close();
  await upstream?.close();
  driver = upstream = undefined;
});

describe.each(['stdio', 'http'] as const)(
  'the MCP driver on a 2026-07-28-only server (%s)',
  (transport) => {
    it('lists and calls its tool and reports the 2026-07-28 era', async () => {
      upstream = await startModernOnly(transport);
      driver = await createMcpDriver({
        server: upstream.entry,
        name: 'modern',
        upstream: { stderr: 'ignore' },
      });
      expect(driver.listFunctions().map((definition) => definition.name)).toEqual(['echo']);
      const result = await driver.processLlmResponse(
        `{"tool": "echo", "arguments": {"text": "bridged over ${transport}"}}`,
      );
      expect(result).toMatchObject({
        content: [{ type: 'text', text: `bridged over ${transport}` }],
      });
      expect(await driver.getStatus()).toMatchObject({ connection: 'ready', era: 'modern' });
    });
  },
);
