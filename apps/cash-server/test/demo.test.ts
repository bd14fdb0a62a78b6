import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoDatabase, openDemoDatabase, SEEDED_ORDERS } from '../src/demo/database.js';
import { connectDemo, text } from './helpers.js';

let database: DemoDatabase;
let admin: Client;
let viewer: Client;

async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

beforeAll(async () => {
  database = openDemoDatabase(undefined);
  ({ admin, viewer } = await connectDemo(database));
});

afterAll(async () => {
  await admin.close();
  await viewer.close();
  database.close();
});

describe('x-cash demo', () => {
  it('seeds the same orders every time', () => {
    const other = openDemoDatabase(undefined);
    expect(other.get('SELECT COUNT(*) AS count, SUM(total) AS sum FROM orders')).toEqual(
      database.get('SELECT COUNT(*) AS count, SUM(total) AS sum FROM orders'),
    );
    expect(Number(other.get('SELECT COUNT(*) AS count FROM orders')?.count)).toBe(SEEDED_ORDERS);
    other.close();
  });

  it('shows the RFC namespaces layer by layer', async () => {
    expect(text(await call(admin, 'help', {}))).toContain(
      '- **orders** — Create and manage customer orders.',
    );
    const orders = text(await call(admin, 'help', { namespace: 'orders' }));
    expect(orders).toContain('- **retail** — Retail channel orders.');
    expect(orders).toContain('- **summary** — Aggregate order statistics.');
  });

  it('gates orders.list without filters and lets the suggested sizelimit through', async () => {
    const gated = await call(admin, 'call', { namespace: 'orders', function: 'list' });
    expect(text(gated)).toContain(`(${SEEDED_ORDERS} orders, ~`);
    const sizelimit = (gated.structuredContent as { suggested_sizelimit: number })
      .suggested_sizelimit;
    const full = await call(admin, 'call', { namespace: 'orders', function: 'list', sizelimit });
    expect(JSON.parse(text(full)).count).toBe(SEEDED_ORDERS);
    const narrowed = await call(admin, 'call', {
      namespace: 'orders',
      function: 'list',
      kwargs: { customer_id: 'C-42', status: 'open' },
    });
    expect(narrowed.isError).toBeFalsy();
  });

  it('creates an order after a stock check, and refuses items out of stock', async () => {
    const check = JSON.parse(
      text(
        await call(admin, 'call', {
          namespace: 'inventory',
          function: 'check',
          kwargs: { product_id: 'P-2', quantity: 3 },
        }),
      ),
    );
    expect(check).toMatchObject({ product_id: 'P-2', available: true });
    const created = JSON.parse(
      text(
        await call(admin, 'call', {
          namespace: 'orders',
          function: 'create',
          kwargs: { customerId: 'C-42', items: [{ product_id: 'P-2', quantity: 3 }] },
        }),
      ),
    );
    expect(created).toMatchObject({
      id: `ORD-${10_000 + SEEDED_ORDERS}`,
      customer_id: 'C-42',
      status: 'open',
    });
    const refused = await call(admin, 'call', {
      namespace: 'orders',
      function: 'create',
      kwargs: { customer_id: 'C-42', items: [{ product_id: 'P-1', quantity: 1 }] },
    });
    expect(text(refused)).toContain('P-1 is out of stock');
  });

  it('serves the createorderwithcheck skill with the customer filled in', async () => {
    const skill = text(
      await call(admin, 'skill', {
        namespace: 'orders',
        skillname: 'createorderwithcheck',
        kwargs: { customer_id: 'C-7' },
      }),
    );
    expect(skill).toContain('Goal: create an order for customer C-7');
  });

  it('shows a viewer read functions only, and hides the others as unknown', async () => {
    const orders = text(await call(viewer, 'help', { namespace: 'orders' }));
    expect(orders).toContain('**list**');
    expect(orders).not.toMatch(/\*\*(create|cancel)\*\*/);
    const refused = await call(viewer, 'call', {
      namespace: 'orders',
      function: 'create',
      kwargs: {},
    });
    expect((refused.structuredContent as { code: string }).code).toBe('UNKNOWN_FUNCTION');
  });
});
