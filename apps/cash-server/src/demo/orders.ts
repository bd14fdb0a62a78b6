/**
 * The `orders` namespace of the demo, with its `retail` and `wholesale` sub-namespaces.
 *
 * @module
 */

import { type CallContext, CashError, type NamespaceBuilder } from '@x/cash';
import { z } from 'zod';
import type { DemoDatabase, Row, SqlValue } from './database.js';
import { idSchema } from './store-input.js';

const ItemsSchema = z
  .array(
    z.strictObject({ product_id: idSchema('The product (e.g. P-7).'), quantity: z.int().min(1) }),
  )
  .min(1)
  .describe('Line items; each has product_id and quantity.');

const CreateSchema = z.strictObject({
  customer_id: idSchema('Unique customer identifier.'),
  items: ItemsSchema,
  channel: z.enum(['retail', 'wholesale']).default('retail').describe('Sales channel.'),
  idempotency_key: idSchema(
    'Any unique string; calling again with the same key returns the same order instead of a second one.',
  ).optional(),
});

const ListSchema = z.strictObject({
  status: z
    .enum(['open', 'shipped', 'delivered', 'cancelled'])
    .optional()
    .describe('Only this status.'),
  customer_id: idSchema('Only this customer (e.g. C-42).').optional(),
  since: z.iso.date().optional().describe('Created on or after this date (YYYY-MM-DD).'),
  until: z.iso.date().optional().describe('Created on or before this date (YYYY-MM-DD).'),
  limit: z.int().min(1).max(10_000).optional().describe('At most this many orders.'),
  offset: z.int().min(0).optional().describe('Skip this many orders (with limit, for paging).'),
});

type ListFilters = z.output<typeof ListSchema> & { channel?: 'retail' | 'wholesale' };

function listOrders(
  database: DemoDatabase,
  filters: ListFilters,
): { orders: Row[]; count: number } {
  const where: string[] = [];
  const values: Record<string, SqlValue> = {};
  for (const [column, operator, value] of [
    ['status', '=', filters.status],
    ['customer_id', '=', filters.customer_id],
    ['channel', '=', filters.channel],
    ['created', '>=', filters.since],
    ['created', '<=', filters.until],
  ] as const) {
    if (value !== undefined) {
      const name = `:${column}${operator === '=' ? '' : operator === '>=' ? '_from' : '_to'}`;
      where.push(`${column} ${operator} ${name}`);
      values[name] = value;
    }
  }
  const clause = where.length === 0 ? '' : ` WHERE ${where.join(' AND ')}`;
  const page =
    filters.limit === undefined ? '' : ` LIMIT ${filters.limit} OFFSET ${filters.offset ?? 0}`;
  const orders = database.all(`SELECT * FROM orders${clause} ORDER BY id${page}`, values);
  return { orders, count: orders.length };
}

function getOrder(database: DemoDatabase, orderId: string): Record<string, unknown> {
  const order = database.get('SELECT * FROM orders WHERE id = :id', { ':id': orderId });
  if (order === undefined) {
    throw new CashError({
      code: 'INVALID_ARGUMENTS',
      message: `no order ${JSON.stringify(orderId)}`,
    });
  }
  const items = database.all(
    'SELECT product_id, quantity, unit_price FROM order_items WHERE order_id = :id ORDER BY product_id',
    { ':id': orderId },
  );
  return { ...order, items };
}

/** What `orders.create` takes. */
type CreateRequest = z.output<typeof CreateSchema>;

/** The quantity wanted of each product, summed over repeated lines, in first-line order. */
function wantedQuantities(items: CreateRequest['items']): Map<string, number> {
  const wanted = new Map<string, number>();
  for (const item of items) {
    wanted.set(item.product_id, (wanted.get(item.product_id) ?? 0) + item.quantity);
  }
  return wanted;
}

/** The unit price of each product wanted; refuses unknown products and too little stock. */
function unitPrices(database: DemoDatabase, wanted: Map<string, number>): Map<string, number> {
  const prices = new Map<string, number>();
  for (const [productId, quantity] of wanted) {
    const product = database.get('SELECT price, stock FROM products WHERE id = :id', {
      ':id': productId,
    });
    if (product === undefined) {
      throw new CashError({
        code: 'INVALID_ARGUMENTS',
        message: `no product ${JSON.stringify(productId)}`,
      });
    }
    if (Number(product.stock) < quantity) {
      throw new CashError({
        code: 'INVALID_ARGUMENTS',
        message: `${productId} is out of stock (${product.stock} left, ${quantity} wanted)`,
      });
    }
    prices.set(productId, Number(product.price));
  }
  return prices;
}

/**
 * The stored form of an idempotency key: the caller's own (its scope with the key), so one
 * caller's key never finds, or blocks, another caller's order.
 */
function scopedKey(context: CallContext, key: string): string {
  return JSON.stringify([context.session?.scope ?? '', key]);
}

/** The order an idempotency key already created, if any; refuses a key reused for another request. */
function keyedOrder(
  database: DemoDatabase,
  key: string,
  context: CallContext,
  request: string,
): Record<string, unknown> | undefined {
  const known = database.get('SELECT order_id, request FROM order_keys WHERE key = :key', {
    ':key': scopedKey(context, key),
  });
  if (known === undefined) return undefined;
  if (known.request !== request) {
    throw new CashError({
      code: 'INVALID_ARGUMENTS',
      message: `idempotency_key ${JSON.stringify(key)} was used for a different order (${known.order_id})`,
    });
  }
  return getOrder(database, String(known.order_id));
}

/**
 * Places an order (call it inside a transaction): checks the customer and the stock of each
 * product against the sum of its lines, takes the stock, and records the idempotency key in the
 * caller's scope.
 */
function placeOrder(
  database: DemoDatabase,
  request: CreateRequest,
  context: CallContext,
): Record<string, unknown> {
  const { customer_id: customerId, items, channel, idempotency_key: key } = request;
  const fingerprint = JSON.stringify([customerId, channel, items]);
  const known = key === undefined ? undefined : keyedOrder(database, key, context, fingerprint);
  if (known !== undefined) return known;
  if (
    database.get('SELECT id FROM customers WHERE id = :id', { ':id': customerId }) === undefined
  ) {
    throw new CashError({
      code: 'INVALID_ARGUMENTS',
      message: `no customer ${JSON.stringify(customerId)}`,
    });
  }
  const wanted = wantedQuantities(items);
  const prices = unitPrices(database, wanted);
  const next = Number(database.get('SELECT COUNT(*) AS count FROM orders')?.count ?? 0) + 10_000;
  const id = `ORD-${next}`;
  let total = 0;
  for (const item of items) {
    const price = prices.get(item.product_id) ?? 0;
    total += price * item.quantity;
    database.run('INSERT INTO order_items VALUES (:order, :product, :quantity, :price)', {
      ':order': id,
      ':product': item.product_id,
      ':quantity': item.quantity,
      ':price': price,
    });
  }
  for (const [productId, quantity] of wanted) {
    database.run('UPDATE products SET stock = stock - :quantity WHERE id = :id', {
      ':quantity': quantity,
      ':id': productId,
    });
  }
  database.run(
    "INSERT INTO orders VALUES (:id, :customer, :channel, 'open', (SELECT MAX(created) FROM orders), :total)",
    {
      ':id': id,
      ':customer': customerId,
      ':channel': channel,
      ':total': Math.round(total * 100) / 100,
    },
  );
  if (key !== undefined) {
    database.run('INSERT INTO order_keys VALUES (:key, :order, :request)', {
      ':key': scopedKey(context, key),
      ':order': id,
      ':request': fingerprint,
    });
  }
  return getOrder(database, id);
}

function channelNamespace(
  parent: NamespaceBuilder,
  database: DemoDatabase,
  channel: 'retail' | 'wholesale',
  description: string,
): NamespaceBuilder {
  return parent.namespace(channel, { description }).function('list', {
    summary: `List ${channel} orders with optional filters.`,
    params: ListSchema,
    returns: '`{orders, count}`.',
    tags: ['read'],
    summarize: (value) => `${(value as { count: number }).count} orders`,
    handler: (kwargs) => listOrders(database, { ...kwargs, channel }),
  });
}

/** Declares `orders`, `orders.retail` and `orders.wholesale` on `root`. */
export function declareOrders(root: NamespaceBuilder, database: DemoDatabase): void {
  const orders = root.namespace('orders', { description: 'Create and manage customer orders.' });
  orders
    .function('summary', {
      summary: 'Aggregate order statistics.',
      description: 'Aggregate order statistics, optionally since a date, grouped by period.',
      params: z.strictObject({
        since: z.iso.date().optional().describe('ISO 8601 date filter.'),
        groupby: z
          .enum(['day', 'week', 'month'])
          .default('month')
          .describe('Group by: day, week, month.'),
      }),
      returns: 'Object with `total_orders`, `total_revenue` and a `breakdown` array.',
      tags: ['read'],
      handler: ({ since, groupby }) => {
        const period = { day: '%Y-%m-%d', week: '%Y-W%W', month: '%Y-%m' }[groupby];
        const filter = since === undefined ? '' : ' WHERE created >= :since';
        const values = since === undefined ? {} : { ':since': since };
        const totals = database.get(
          `SELECT COUNT(*) AS total_orders, ROUND(SUM(total), 2) AS total_revenue FROM orders${filter}`,
          values,
        );
        const breakdown = database.all(
          `SELECT strftime('${period}', created) AS period, COUNT(*) AS orders, ROUND(SUM(total), 2) AS revenue FROM orders${filter} GROUP BY period ORDER BY period`,
          values,
        );
        return { ...totals, breakdown };
      },
    })
    .function('list', {
      summary: 'List orders with optional filters.',
      params: ListSchema,
      returns:
        '`{orders, count}`; each order has id, customer_id, channel, status, created, total.',
      tags: ['read'],
      summarize: (value) => `${(value as { count: number }).count} orders`,
      handler: (kwargs) => listOrders(database, kwargs),
    })
    .function('get', {
      summary: 'Retrieve an order by ID.',
      params: z.strictObject({ order_id: idSchema('The order ID (e.g. ORD-10042).') }),
      returns: 'The order with its line items.',
      tags: ['read'],
      handler: ({ order_id }) => getOrder(database, order_id),
    })
    .function('create', {
      summary: 'Create a new order.',
      description: 'Create a new order for a customer; fails when an item is out of stock.',
      params: CreateSchema,
      returns: 'The order with its assigned ID, status, line items with prices and total.',
      examples: [
        {
          description: 'Three of one product',
          kwargs: { customer_id: 'C-42', items: [{ product_id: 'P-7', quantity: 3 }] },
        },
      ],
      tags: ['write'],
      effect: 'write',
      // The order as it would be placed, rolled back: the gate measures it before it is placed.
      estimate: (request, context) => database.dryRun(() => placeOrder(database, request, context)),
      idempotencyKey: 'idempotency_key',
      handler: (request, context) =>
        database.transaction(() => placeOrder(database, request, context)),
    })
    .function('cancel', {
      summary: 'Cancel an existing order.',
      params: z.strictObject({ order_id: idSchema('The order ID.') }),
      tags: ['write'],
      effect: 'write',
      handler: ({ order_id }) => {
        const changed = database.run(
          "UPDATE orders SET status = 'cancelled' WHERE id = :id AND status = 'open'",
          {
            ':id': order_id,
          },
        );
        if (changed === 0) {
          throw new CashError({
            code: 'INVALID_ARGUMENTS',
            message: `no open order ${JSON.stringify(order_id)}`,
          });
        }
        return getOrder(database, order_id);
      },
    });
  channelNamespace(orders, database, 'retail', 'Retail channel orders.');
  channelNamespace(orders, database, 'wholesale', 'Wholesale and bulk orders.').function('quote', {
    summary: 'Quote a bulk order with the wholesale discount.',
    params: z.strictObject({ items: ItemsSchema }),
    returns: '`{items, subtotal, discount, total}`; 10% off from 20 units.',
    tags: ['read'],
    handler: ({ items }) => {
      let subtotal = 0;
      let units = 0;
      for (const item of items) {
        const product = database.get('SELECT price FROM products WHERE id = :id', {
          ':id': item.product_id,
        });
        if (product === undefined) {
          throw new CashError({
            code: 'INVALID_ARGUMENTS',
            message: `no product ${JSON.stringify(item.product_id)}`,
          });
        }
        subtotal += Number(product.price) * item.quantity;
        units += item.quantity;
      }
      const discount = units >= 20 ? Math.round(subtotal * 10) / 100 : 0;
      return { items, subtotal, discount, total: Math.round((subtotal - discount) * 100) / 100 };
    },
  });
  orders.skill('createorderwithcheck', {
    description: 'Create an order after verifying stock availability.',
    tags: ['write'],
    text: [
      'Goal: create an order for customer {{customer_id}}, checking stock first.',
      '',
      '1. Read the parameters with `help(namespace="inventory", function="check")`.',
      '2. For each product of the order, call `call(namespace="inventory", function="check", kwargs={"product_id": ..., "quantity": ...})`.',
      '   If any answer has `available: false`, tell the user which product is short and stop.',
      '3. Otherwise call `call(namespace="orders", function="create", kwargs={"customer_id": "{{customer_id}}", "items": [...]})`.',
      '4. Report the returned order id and total to the user.',
      '',
      'If `inventory.check` is not available to you, go straight to step 3: `orders.create` refuses items that are out of stock.',
    ].join('\n'),
  });
}
