import { countTokens } from '@x/core/tokens';
import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { CASH_TOOLS, createCashServer } from '../src/index.js';
import { createShopServer } from './fixtures/shop.js';

let pair: TestPair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

/** name + description + input schema, as a model's context carries a tool definition. */
function toolCost(
  tools: ReadonlyArray<{ name: string; description?: string | undefined; inputSchema: unknown }>,
): number {
  return tools.reduce(
    (sum, tool) =>
      sum +
      countTokens(tool.name) +
      countTokens(tool.description ?? '') +
      countTokens(JSON.stringify(tool.inputSchema)),
    0,
  );
}

describe('the three tools', () => {
  it('lists exactly call, help and skill', async () => {
    pair = await createTestPair(createShopServer().createMcpServer());
    const { tools } = await pair.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['call', 'help', 'skill']);
    expect(tools[0]?.inputSchema.required).toEqual(['function']);
  });

  it('costs under 350 cl100k_base tokens over name, description and input schema', () => {
    const cost = toolCost(CASH_TOOLS);
    expect(cost).toBeLessThan(350);
    expect(cost).toBeGreaterThan(100);
  });

  it('costs the same whatever the number of functions behind it', async () => {
    const small = createCashServer({ name: 'small' });
    small.function('ping', { summary: 'Ping.', handler: () => 'pong' });
    const large = createCashServer({ name: 'large' });
    for (let index = 0; index < 1_000; index += 1) {
      large.function(`f${index}`, { summary: `Function ${index}.`, handler: () => index });
    }
    pair = await createTestPair(small.createMcpServer());
    const smallTools = (await pair.client.listTools()).tools;
    await pair.close();
    pair = await createTestPair(large.createMcpServer());
    const largeTools = (await pair.client.listTools()).tools;
    expect(JSON.stringify(largeTools)).toBe(JSON.stringify(smallTools));
  });

  it('answers an unknown tool with a JSON-RPC error naming the three tools', async () => {
    pair = await createTestPair(createShopServer().createMcpServer());
    await expect(pair.client.callTool({ name: 'orders.create', arguments: {} })).rejects.toThrow(
      /this server has call, help and skill/,
    );
  });
});
