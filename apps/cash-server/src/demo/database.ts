/**
 * The demo's SQLite database (node-sqlite3-wasm: pure WebAssembly, file-backed), created and
 * seeded deterministically on first open. Bound values with control characters are refused. The only module that knows the SQLite library, so
 * `node:sqlite` can replace it when Node 22 is the floor.
 *
 * @module
 */

import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CoreError } from '@x/core';
import sqlite from 'node-sqlite3-wasm';
import { refuseControlCharacters } from './store-input.js';

/** A row as SQLite returns it. */
export type Row = Record<string, number | bigint | string | Uint8Array | null>;

/** A value SQLite can bind. */
export type SqlValue = number | string | null;

/** The few operations the demo needs. */
export interface DemoDatabase {
  /** All rows of a query. */
  all(sql: string, values?: Record<string, SqlValue>): Row[];
  /** The first row of a query, if any. */
  get(sql: string, values?: Record<string, SqlValue>): Row | undefined;
  /** Runs a statement; returns the number of changed rows. */
  run(sql: string, values?: Record<string, SqlValue>): number;
  /** Runs `work` in a transaction (rolled back when it throws). */
  transaction<T>(work: () => T): T;
  /** Runs `work` in a transaction that is always rolled back: what it would do, undone. */
  dryRun<T>(work: () => T): T;
  /** Closes the database. */
  close(): void;
}

/** How many orders the seed creates. */
export const SEEDED_ORDERS = 5_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS customers (id TEXT PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL, tier TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS products (id TEXT PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL, stock INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS orders (id TEXT PRIMARY KEY, customer_id TEXT NOT NULL, channel TEXT NOT NULL,
  status TEXT NOT NULL, created TEXT NOT NULL, total REAL NOT NULL);
CREATE TABLE IF NOT EXISTS order_items (order_id TEXT NOT NULL, product_id TEXT NOT NULL, quantity INTEGER NOT NULL,
  unit_price REAL NOT NULL);
CREATE TABLE IF NOT EXISTS order_keys (key TEXT PRIMARY KEY, order_id TEXT NOT NULL, request TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS orders_customer ON orders (customer_id);
`;

const PRODUCT_WORDS = [
  'Widget',
  'Gadget',
  'Bolt',
  'Panel',
  'Cable',
  'Valve',
  'Sensor',
  'Bracket',
  'Hinge',
  'Gear',
];
const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Edsger',
  'Barbara',
  'Donald',
  'Frances',
  'Ken',
  'Radia',
  'Tim',
];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Dijkstra',
  'Liskov',
  'Knuth',
  'Allen',
  'Thompson',
  'Perlman',
  'Lee',
];
const STATUSES = ['open', 'shipped', 'delivered', 'cancelled'];

/** The seed: 200 customers, 50 products, {@link SEEDED_ORDERS} orders, all from the row index. */
function seed(handle: sqlite.Database): void {
  const customer = handle.prepare('INSERT INTO customers VALUES (?, ?, ?, ?)');
  const product = handle.prepare('INSERT INTO products VALUES (?, ?, ?, ?)');
  const item = handle.prepare('INSERT INTO order_items VALUES (?, ?, ?, ?)');
  const order = handle.prepare('INSERT INTO orders VALUES (?, ?, ?, ?, ?, ?)');
  const price = (index: number) => 2.5 + ((index * 37) % 200) / 4;
  handle.exec('BEGIN');
  try {
    for (let index = 0; index < 200; index += 1) {
      const name = `${FIRST_NAMES[index % 10]} ${LAST_NAMES[Math.floor(index / 10) % 10]}`;
      customer.run([
        `C-${index + 1}`,
        name,
        `customer${index + 1}@example.com`,
        index % 7 === 0 ? 'gold' : 'standard',
      ]);
    }
    for (let index = 0; index < 50; index += 1) {
      const name = `${PRODUCT_WORDS[index % 10]} ${String.fromCharCode(65 + Math.floor(index / 10))}`;
      product.run([`P-${index + 1}`, name, price(index), (index * 13) % 60]);
    }
    for (let index = 0; index < SEEDED_ORDERS; index += 1) {
      const id = `ORD-${10_000 + index}`;
      let total = 0;
      for (let line = 0; line < 1 + (index % 3); line += 1) {
        const productIndex = (index * 7 + line * 11) % 50;
        const quantity = 1 + ((index + line) % 5);
        total += quantity * price(productIndex);
        item.run([id, `P-${productIndex + 1}`, quantity, price(productIndex)]);
      }
      const day = new Date(Date.UTC(2025, 0, 1) + (index % 480) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const channel = index % 4 === 0 ? 'wholesale' : 'retail';
      order.run([
        id,
        `C-${(index % 200) + 1}`,
        channel,
        STATUSES[index % 4] ?? 'open',
        day,
        Math.round(total * 100) / 100,
      ]);
    }
    handle.exec('COMMIT');
  } catch (error) {
    handle.exec('ROLLBACK');
    throw error;
  } finally {
    for (const statement of [customer, product, item, order]) statement.finalize();
  }
}

/** `values` once checked: no string with a control character reaches a bind. */
function bindable(
  values: Record<string, SqlValue> | undefined,
): Record<string, SqlValue> | undefined {
  refuseControlCharacters(values);
  return values;
}

/**
 * The SQLite handle of `path`.
 *
 * @throws CoreError `CONFIG_INVALID` naming the folder when it does not exist, or the file
 *   when SQLite cannot open it (no stack trace for a mistyped `--db`).
 */
function openHandle(path: string | undefined): InstanceType<typeof sqlite.Database> {
  if (path !== undefined) {
    const folder = dirname(resolve(path));
    if (!statSync(folder, { throwIfNoEntry: false })?.isDirectory()) {
      throw new CoreError({
        code: 'CONFIG_INVALID',
        message: `--db ${path}: the folder ${folder} does not exist; create it first`,
      });
    }
  }
  try {
    return new sqlite.Database(path);
  } catch (error) {
    throw new CoreError({
      code: 'CONFIG_INVALID',
      message: `--db ${path}: SQLite cannot open it as a database`,
      cause: error,
    });
  }
}

/**
 * Opens (or creates) the demo database at `path`, in memory when `path` is undefined, and
 * seeds it when it has no orders yet. Same seed, same rows.
 */
export function openDemoDatabase(path: string | undefined): DemoDatabase {
  const handle = openHandle(path);
  const database: DemoDatabase = {
    all: (sql, values) => handle.all(sql, bindable(values)) as Row[],
    get: (sql, values) => (handle.get(sql, bindable(values)) as Row | null) ?? undefined,
    run: (sql, values) => handle.run(sql, bindable(values)).changes,
    transaction(work) {
      handle.exec('BEGIN');
      try {
        const result = work();
        handle.exec('COMMIT');
        return result;
      } catch (error) {
        handle.exec('ROLLBACK');
        throw error;
      }
    },
    dryRun(work) {
      handle.exec('BEGIN');
      try {
        return work();
      } finally {
        handle.exec('ROLLBACK');
      }
    },
    close: () => handle.close(),
  };
  handle.exec(SCHEMA);
  if (Number(database.get('SELECT COUNT(*) AS count FROM orders')?.count ?? 0) === 0) seed(handle);
  return database;
}
