import { createTestPair, type TestPair } from '@x/test-kit';
import { afterEach, describe, expect, it } from 'vitest';
import { createShopServer } from './fixtures/shop.js';
import { code, json, text } from './helpers.js';

let pair: TestPair | undefined;
afterEach(async () => {
  await pair?.close();
  pair = undefined;
});

async function shop(options: Parameters<typeof createShopServer>[0] = {}) {
  pair = await createTestPair(createShopServer(options).createMcpServer());
  return pair;
}

describe('call routing and arguments', () => {
  it('routes to a function and returns its result as compact JSON', async () => {
    const { callTool: tool } = await shop();
    const result = await tool('call', {
      namespace: 'orders',
      function: 'create',
      kwargs: { customer_id: 'C-42', items: [{ product_id: 'P-7', quantity: 3 }] },
    });
    expect(result.isError).toBeUndefined();
    expect(json(result)).toEqual({
      order_id: 'ORD-1091',
      status: 'confirmed',
      customer_id: 'C-42',
      items: [{ product_id: 'P-7', quantity: 3 }],
      priority: 'low',
    });
  });

  it('normalizes namespace, function and kwargs keys before matching', async () => {
    const { callTool: tool } = await shop();
    const result = await tool('call', {
      namespace: 'Inventory',
      function: 'CHECK',
      kwargs: { productId: 'P-1', QUANTITY: 2 },
    });
    expect(json(result)).toEqual({ product_id: 'P-1', available: true });
    const hierarchical = await tool('call', { namespace: 'orders.Retail', function: 'summary' });
    expect(json(hierarchical)).toEqual({ total_orders: 3 });
    const underscored = await tool('call', {
      namespace: 'crm',
      function: 'contactUpdate',
      kwargs: { contact_id: 'x' },
    });
    expect(json(underscored)).toEqual({ updated: 'x' });
  });

  it('rejects invalid kwargs with the problems and a pointer to help(namespace, function)', async () => {
    const { callTool: tool } = await shop();
    const result = await tool('call', {
      namespace: 'orders',
      function: 'create',
      kwargs: { items: [{ product_id: 'P-7', quantity: 0 }], note: 'x' },
    });
    expect(result.isError).toBe(true);
    expect(code(result)).toBe('INVALID_ARGUMENTS');
    expect(text(result)).toContain('`customer_id` is required');
    expect(text(result)).toContain(
      'Use `help(namespace="orders", function="create")` to see the parameters.',
    );
  });

  it('suggests the nearest parameter for an unknown argument', async () => {
    const { callTool: tool } = await shop();
    const result = await tool('call', {
      namespace: 'orders',
      function: 'list',
      kwargs: { stats: 'open' },
    });
    expect(text(result)).toContain('unknown argument `stats` (did you mean `status`?)');
  });

  it('refuses two kwargs keys that normalize to the same parameter', async () => {
    const { callTool: tool } = await shop();
    const result = await tool('call', {
      namespace: 'inventory',
      function: 'check',
      kwargs: { product_id: 'a', productId: 'b', quantity: 1 },
    });
    expect(code(result)).toBe('INVALID_ARGUMENTS');
    expect(text(result)).toContain('`product_id` and `productId` name the same argument');
  });

  it('answers an unknown function with nearest names, other namespaces and the help call', async () => {
    const { callTool: tool } = await shop();
    const result = await tool('call', {
      namespace: 'orders',
      function: 'ship',
      kwargs: { order_id: 'ORD-1091' },
    });
    expect(code(result)).toBe('UNKNOWN_FUNCTION');
    expect(text(result)).toBe(
      '**Error:** No function `ship` in namespace `orders`. Use `help(namespace="orders")` to see available functions.',
    );
    const elsewhere = await tool('call', { function: 'check' });
    expect(text(elsewhere)).toContain('Found elsewhere: `inventory.check`.');
    expect(elsewhere.structuredContent).toMatchObject({
      code: 'UNKNOWN_FUNCTION',
      elsewhere: ['inventory.check'],
    });
  });

  it('answers an unknown or malformed namespace with UNKNOWN_NAMESPACE', async () => {
    const { callTool: tool } = await shop();
    const unknown = await tool('call', { namespace: 'orders.retial', function: 'summary' });
    expect(text(unknown)).toBe(
      '**Error:** No namespace `orders.retial`. Nearest: `orders.retail`. Use `help(namespace="orders")` to see the available namespaces.',
    );
    for (const namespace of [
      'order-mgmt',
      'orders..retail',
      'orders.',
      ' orders',
      'a'.repeat(5000),
    ]) {
      const result = await tool('call', { namespace, function: 'x' });
      expect(code(result)).toBe('UNKNOWN_NAMESPACE');
    }
  });

  it('reports a failing handler as FUNCTION_FAILED with one line and no stack', async () => {
    const { callTool: tool } = await shop();
    const result = await tool('call', { namespace: 'orders', function: 'fail' });
    expect(code(result)).toBe('FUNCTION_FAILED');
    expect(text(result)).toBe('**Error:** `orders.fail` failed: database is locked');
  });
});

describe('output gating', () => {
  it('gates a response above the default threshold with a count, a limit and the directive to narrow', async () => {
    const { callTool: tool } = await shop();
    const result = await tool('call', { namespace: 'orders', function: 'list' });
    expect(code(result)).toBe('GATED');
    const size = (result.structuredContent as { size: number }).size;
    expect(size).toBeGreaterThan(10_000);
    expect(text(result)).toMatch(
      /^\*\*Gated:\*\* Response exceeds size limit \(400 orders, ~[\d,]+ characters; limit 10,000\)\./,
    );
    expect(text(result)).toContain('- Add filters (e.g., status, customer_id) to narrow results');
    const suggested = (result.structuredContent as { suggested_sizelimit: number })
      .suggested_sizelimit;
    expect(text(result)).toContain(
      `- Pass \`sizelimit=${suggested}\` to allow the full response through`,
    );
    expect(suggested).toBeGreaterThan(size);
  });

  it('lets the same call through with the suggested sizelimit', async () => {
    const { callTool: tool } = await shop();
    const gated = await tool('call', { namespace: 'orders', function: 'list' });
    const suggested = (gated.structuredContent as { suggested_sizelimit: number })
      .suggested_sizelimit;
    const full = await tool('call', {
      namespace: 'orders',
      function: 'list',
      sizelimit: suggested,
    });
    expect(full.isError).toBeUndefined();
    expect((json(full).orders as unknown[]).length).toBe(400);
    const viaKwargs = await tool('call', {
      namespace: 'orders',
      function: 'list',
      kwargs: { sizelimit: suggested },
    });
    expect(viaKwargs.isError).toBeUndefined();
  });

  it('lets a narrowed query through and honours a lower limit', async () => {
    const { callTool: tool } = await shop();
    const narrowed = await tool('call', {
      namespace: 'orders',
      function: 'list',
      kwargs: { customer_id: 'C-1' },
    });
    expect(narrowed.isError).toBeUndefined();
    const lower = await tool('call', {
      namespace: 'orders',
      function: 'list',
      kwargs: { customer_id: 'C-1' },
      sizelimit: 50,
    });
    expect(code(lower)).toBe('GATED');
    expect(text(lower)).toContain('limit 50)');
  });

  it('gates with a higher server threshold only above it', async () => {
    const { callTool: tool } = await shop({ gateThreshold: 100_000 });
    const result = await tool('call', { namespace: 'orders', function: 'list' });
    expect(result.isError).toBeUndefined();
  });
});
