/**
 * The `inventory` and `crm` namespaces of the demo.
 *
 * @module
 */

import { CashError, type NamespaceBuilder } from '@x/cash';
import { z } from 'zod';
import type { DemoDatabase } from './database.js';
import { idSchema } from './store-input.js';

function notFound(what: string, id: string): CashError {
  return new CashError({ code: 'INVALID_ARGUMENTS', message: `no ${what} ${JSON.stringify(id)}` });
}

/** Declares `inventory` on `root`. */
export function declareInventory(root: NamespaceBuilder, database: DemoDatabase): void {
  root
    .namespace('inventory', { description: 'Query and update stock levels.' })
    .function('list', {
      summary: 'List products with price and stock.',
      params: z.strictObject({
        low_stock: z.int().min(0).optional().describe('Only products with less stock than this.'),
      }),
      tags: ['read'],
      handler: ({ low_stock }) =>
        low_stock === undefined
          ? database.all('SELECT * FROM products ORDER BY id')
          : database.all('SELECT * FROM products WHERE stock < :low ORDER BY id', {
              ':low': low_stock,
            }),
    })
    .function('check', {
      summary: 'Check whether a quantity of a product is in stock.',
      params: z.strictObject({
        product_id: idSchema('The product (e.g. P-7).'),
        quantity: z.int().min(1).describe('How many are needed.'),
      }),
      returns: '`{product_id, quantity, stock, available}`.',
      tags: ['read'],
      handler: ({ product_id, quantity }) => {
        const product = database.get('SELECT stock FROM products WHERE id = :id', {
          ':id': product_id,
        });
        if (product === undefined) throw notFound('product', product_id);
        const stock = Number(product.stock);
        return { product_id, quantity, stock, available: stock >= quantity };
      },
    })
    .function('restock', {
      summary: 'Add stock to a product.',
      params: z.strictObject({
        product_id: idSchema('The product (e.g. P-7).'),
        quantity: z.int().min(1).max(100_000),
      }),
      tags: ['write'],
      effect: 'write',
      handler: ({ product_id, quantity }) => {
        const changed = database.run(
          'UPDATE products SET stock = stock + :quantity WHERE id = :id',
          {
            ':quantity': quantity,
            ':id': product_id,
          },
        );
        if (changed === 0) throw notFound('product', product_id);
        return database.get('SELECT * FROM products WHERE id = :id', { ':id': product_id });
      },
    });
}

/** Declares `crm` on `root`. */
export function declareCrm(root: NamespaceBuilder, database: DemoDatabase): void {
  root
    .namespace('crm', { description: 'Manage contacts and accounts.' })
    .function('list', {
      summary: 'List customers, optionally by tier or name.',
      params: z.strictObject({
        tier: z.enum(['gold', 'standard']).optional().describe('Only this tier.'),
        name: z.string().optional().describe('Part of the name, case-insensitive.'),
      }),
      tags: ['read'],
      handler: ({ tier, name }) =>
        database.all(
          'SELECT * FROM customers WHERE (:tier IS NULL OR tier = :tier) AND (:name IS NULL OR name LIKE :name) ORDER BY id',
          { ':tier': tier ?? null, ':name': name === undefined ? null : `%${name}%` },
        ),
    })
    .function('get', {
      summary: 'Retrieve a customer with order statistics.',
      params: z.strictObject({ customer_id: idSchema('The customer (e.g. C-42).') }),
      tags: ['read'],
      handler: ({ customer_id }) => {
        const customer = database.get('SELECT * FROM customers WHERE id = :id', {
          ':id': customer_id,
        });
        if (customer === undefined) throw notFound('customer', customer_id);
        const stats = database.get(
          'SELECT COUNT(*) AS orders, ROUND(SUM(total), 2) AS revenue FROM orders WHERE customer_id = :id',
          { ':id': customer_id },
        );
        return { ...customer, ...stats };
      },
    })
    .function('contact_update', {
      summary: 'Update a customer contact (email, tier).',
      params: z.strictObject({
        customer_id: idSchema('The customer (e.g. C-42).'),
        email: z.email().optional().describe('New email address.'),
        tier: z.enum(['gold', 'standard']).optional().describe('New tier.'),
      }),
      tags: ['write'],
      effect: 'write',
      handler: ({ customer_id, email, tier }) => {
        const changed = database.run(
          'UPDATE customers SET email = COALESCE(:email, email), tier = COALESCE(:tier, tier) WHERE id = :id',
          { ':email': email ?? null, ':tier': tier ?? null, ':id': customer_id },
        );
        if (changed === 0) throw notFound('customer', customer_id);
        return database.get('SELECT * FROM customers WHERE id = :id', { ':id': customer_id });
      },
    });
}
