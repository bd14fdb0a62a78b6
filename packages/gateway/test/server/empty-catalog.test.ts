import { createTestPair } from '@x/test-kit';
import { describe, expect, it } from 'vitest';
import { createGatewayServer } from '../../src/server/gateway-server.js';
import { createGatewayRuntime } from '../../src/server/runtime.js';
import { firstText, structured } from '../helpers.js';

const EMPTY =
  'The catalog is empty: no upstream server offers a tool yet, so there is nothing to browse or run.';

describe('tool_browse over an empty catalog', () => {
  it('says the catalog is empty, for a query and for the root path', async () => {
    const runtime = await createGatewayRuntime({ upstreams: [] });
    await using pair = await createTestPair(createGatewayServer(runtime, {}));
    try {
      for (const args of [{ query: 'send an email' }, { path: '/' }]) {
        const result = await pair.client.callTool({ name: 'tool_browse', arguments: args });
        expect(result.isError).toBeUndefined();
        expect(firstText(result)).toBe(EMPTY);
        expect(structured<{ cards: unknown[] }>(result).cards).toEqual([]);
      }
    } finally {
      runtime.close();
    }
  });
});
