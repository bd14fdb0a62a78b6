import type { Client } from '@modelcontextprotocol/client';
import type { CallToolResult } from '@modelcontextprotocol/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DemoDatabase, openDemoDatabase } from '../src/demo/database.js';
import { createDemoServer } from '../src/demo/demo-server.js';
import { connectCaller, connectDemo, text } from './helpers.js';

// Regression tests of issue 20, findings 2, 3 and 6 and the viewer's skills, on the demo.

let database: DemoDatabase;
let admin: Client;
let viewer: Client;

beforeEach(async () => {
  database = openDemoDatabase(undefined);
  ({ admin, viewer } = await connectDemo(database));
});

afterEach(async () => {
  await admin.close();
  await viewer.close();
  database.close();
});

async function call(
  client: Client,
  namespace: string,
  name: string,
  kwargs: Record<string, unknown>,
  sizelimit?: number,
): Promise<CallToolResult> {
  return (await client.callTool({
    name: 'call',
    arguments: {
      namespace,
      function: name,
      kwargs,
      ...(sizelimit === undefined ? {} : { sizelimit }),
    },
  })) as CallToolResult;
}

function code(result: CallToolResult): unknown {
  return (result.structuredContent as { code?: unknown } | undefined)?.code;
}

function orderCount(): number {
  return Number(database.get('SELECT COUNT(*) AS count FROM orders')?.count);
}

function stock(productId: string): number {
  return Number(
    database.get('SELECT stock FROM products WHERE id = :id', { ':id': productId })?.stock,
  );
}

/** 200 lines of one unit each, over the products with enough stock: a response of ~12,000 characters. */
function manyLines(): Array<{ product_id: string; quantity: number }> {
  const products = database
    .all('SELECT id FROM products WHERE stock >= 10 ORDER BY id')
    .map((row) => String(row.id));
  return Array.from({ length: 200 }, (_, index) => ({
    product_id: products[index % products.length] ?? 'P-2',
    quantity: 1,
  }));
}

describe('a write whose response is over the size limit (finding 2)', () => {
  it('is gated before it runs, and the suggested sizelimit creates exactly one order', async () => {
    const before = orderCount();
    const gated = await call(admin, 'orders', 'create', { customer_id: 'C-1', items: manyLines() });
    expect(gated.isError).toBe(true);
    expect(code(gated)).toBe('GATED');
    expect(gated.structuredContent).toMatchObject({ executed: false });
    expect(text(gated)).toContain('Nothing was changed');
    expect(orderCount()).toBe(before);
    const sizelimit = (gated.structuredContent as { suggested_sizelimit: number })
      .suggested_sizelimit;
    const placed = await call(
      admin,
      'orders',
      'create',
      { customer_id: 'C-1', items: manyLines() },
      sizelimit,
    );
    expect(placed.isError).toBeFalsy();
    expect(JSON.parse(text(placed)).items).toHaveLength(200);
    expect(orderCount()).toBe(before + 1);
  });

  it('is withheld as a success, never an error, when it ran without an estimate', async () => {
    // restock answers the product row (~60 characters): a limit of 10 withholds it after it ran.
    const before = stock('P-2');
    const answer = await call(
      admin,
      'inventory',
      'restock',
      { product_id: 'P-2', quantity: 5 },
      10,
    );
    expect(answer.isError).toBeFalsy();
    expect(code(answer)).toBe('WITHHELD');
    expect(answer.structuredContent).toMatchObject({ executed: true });
    expect(answer.structuredContent).not.toHaveProperty('suggested_sizelimit');
    expect(text(answer)).toContain('Do not call it again');
    expect(stock('P-2')).toBe(before + 5);
  });

  it('with an idempotency key, returns the first order again and changes nothing', async () => {
    const kwargs = {
      customer_id: 'C-2',
      items: [{ product_id: 'P-2', quantity: 1 }],
      idempotency_key: 'k-1',
    };
    const first = await call(admin, 'orders', 'create', kwargs);
    expect(first.isError).toBeFalsy();
    const before = { orders: orderCount(), stock: stock('P-2') };
    const again = await call(admin, 'orders', 'create', kwargs);
    expect(JSON.parse(text(again)).id).toBe(JSON.parse(text(first)).id);
    expect({ orders: orderCount(), stock: stock('P-2') }).toEqual(before);
    const reused = await call(admin, 'orders', 'create', { ...kwargs, customer_id: 'C-3' });
    expect(code(reused)).toBe('INVALID_ARGUMENTS');
    expect(text(reused)).toContain('was used for a different order');
  });
});

describe('idempotency keys per caller (issue 31, finding 8)', () => {
  it("never answers one caller's key with another caller's order", async () => {
    const server = createDemoServer(database);
    const alice = await connectCaller(server, 'admin', 'principal:alice');
    const mallory = await connectCaller(server, 'admin', 'principal:mallory');
    try {
      const kwargs = {
        customer_id: 'C-2',
        items: [{ product_id: 'P-2', quantity: 1 }],
        idempotency_key: 'shared-key',
      };
      const mine = JSON.parse(text(await call(alice, 'orders', 'create', kwargs))).id;
      const reused = await call(mallory, 'orders', 'create', { ...kwargs, customer_id: 'C-3' });
      expect(reused.isError).toBeFalsy();
      expect(text(reused)).not.toContain(mine);
      const theirs = JSON.parse(text(reused)).id;
      expect(theirs).not.toBe(mine);
      // Each caller's own key still finds its own order.
      expect(JSON.parse(text(await call(alice, 'orders', 'create', kwargs))).id).toBe(mine);
    } finally {
      await alice.close();
      await mallory.close();
    }
  });
});

describe('orders.create with repeated lines of one product (finding 3)', () => {
  it('checks the stock against the sum of the lines and never oversells', async () => {
    const left = stock('P-3');
    const half = Math.floor(left / 2) + 1;
    const refused = await call(admin, 'orders', 'create', {
      customer_id: 'C-1',
      items: [
        { product_id: 'P-3', quantity: half },
        { product_id: 'P-3', quantity: half },
      ],
    });
    expect(code(refused)).toBe('INVALID_ARGUMENTS');
    expect(text(refused)).toContain(`P-3 is out of stock (${left} left, ${2 * half} wanted)`);
    expect(stock('P-3')).toBe(left);
    const placed = await call(admin, 'orders', 'create', {
      customer_id: 'C-1',
      items: [
        { product_id: 'P-3', quantity: 1 },
        { product_id: 'P-3', quantity: 2 },
      ],
    });
    expect(placed.isError).toBeFalsy();
    expect(stock('P-3')).toBe(left - 3);
  });
});

describe('ids with control characters (finding 6)', () => {
  it.each([
    ['orders', 'cancel', { order_id: 'ORD-10000\u0000-not-this-one' }],
    ['crm', 'get', { customer_id: 'C-7\u0000 OR anything' }],
    ['orders', 'get', { order_id: 'ORD-10000\u001b' }],
    ['inventory', 'restock', { product_id: 'P-1\u0000', quantity: 1 }],
    [
      'orders',
      'create',
      { customer_id: 'C-1', items: [{ product_id: 'P-2\u0000x', quantity: 1 }] },
    ],
  ])('refuses %s.%s before the id reaches SQLite', async (namespace, name, kwargs) => {
    const statuses = database.all('SELECT id, status FROM orders ORDER BY id');
    const answer = await call(admin, namespace, name, kwargs);
    expect(code(answer)).toBe('INVALID_ARGUMENTS');
    expect(text(answer)).toContain('must not contain control characters');
    expect(database.all('SELECT id, status FROM orders ORDER BY id')).toEqual(statuses);
  });

  it('refuses them at the store itself, whatever the caller', () => {
    expect(() =>
      database.get('SELECT * FROM customers WHERE id = :id', { ':id': 'C-7\u0000x' }),
    ).toThrow('`id` must not contain control characters');
  });
});

describe('what a viewer sees', () => {
  it('lists no write skill in skill()', async () => {
    const listing = text(
      (await viewer.callTool({ name: 'skill', arguments: {} })) as CallToolResult,
    );
    expect(listing).not.toContain('createorderwithcheck');
    const adminListing = text(
      (await admin.callTool({ name: 'skill', arguments: {} })) as CallToolResult,
    );
    expect(adminListing).toContain('createorderwithcheck');
  });
});
