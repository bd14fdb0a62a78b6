/**
 * `x-cash demo`: the RFC's example domain (orders, inventory, crm) on SQLite.
 *
 * @module
 */

import { type CashServer, createCashServer, type VisibilityHook } from '@x/cash';
import type { DemoDatabase } from './database.js';
import { declareCrm, declareInventory } from './inventory-crm.js';
import { declareOrders } from './orders.js';

/** The role that sees read functions only. */
export const VIEWER_ROLE = 'viewer';

/**
 * What a caller sees: a `viewer` sees only the functions and skills tagged `read`; any other
 * role, and a caller without a role (stdio, no tokens), sees everything (cash-rfc §2.3).
 */
export const demoVisibility: VisibilityHook = (target, session) =>
  session?.role !== VIEWER_ROLE || target.kind === 'namespace' || target.tags.includes('read');

/** Builds the demo server on `database`; `endpoint` gives the manifest's endpoint once known. */
export function createDemoServer(
  database: DemoDatabase,
  endpoint?: () => string | undefined,
): CashServer {
  const server = createCashServer({
    name: 'x-cash-demo',
    version: '0.1.0',
    description: 'Orders, inventory and CRM of a small shop.',
    visibility: demoVisibility,
    manifest: {
      publisher: 'x-cash demo',
      lastUpdated: '2026-04-24',
      ...(endpoint === undefined ? {} : { endpoint }),
    },
  });
  declareOrders(server, database);
  declareInventory(server, database);
  declareCrm(server, database);
  return server;
}
