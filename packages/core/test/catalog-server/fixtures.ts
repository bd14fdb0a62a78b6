/**
 * Paths of the real tool catalogs (`shared/` sits beside the repository) and a client pair.
 *
 * @module
 */

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/client';
import type { McpServer } from '@modelcontextprotocol/server';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import { type Catalog, loadCatalog } from '../../src/catalog-server/index.js';

function sharedToolsFile(relative: string): string {
  return fileURLToPath(new URL(`../../../../../shared/data/tools/${relative}`, import.meta.url));
}

/** 527 tools of 70 real MCP servers; 13 names occur on several servers. */
export const LIVEMCPBENCH_CATALOG = sharedToolsFile('livemcpbench/catalog.json');
/** 4,076 tools with unique names; one name has spaces. */
export const SEAL_TOOLS_CATALOG = sharedToolsFile('seal-tools/catalog.json');

/** The catalog file parsed as plain JSON, for comparisons with what the server sends. */
export function readRawCatalog(path: string): Array<Record<string, unknown>> {
  return JSON.parse(readFileSync(path, 'utf8')) as Array<Record<string, unknown>>;
}

const loaded = new Map<string, Promise<Catalog>>();

/** Loads a catalog file once per test file; servers never modify a catalog. */
export function loadCatalogOnce(path: string): Promise<Catalog> {
  let catalog = loaded.get(path);
  if (catalog === undefined) {
    catalog = loadCatalog(path);
    loaded.set(path, catalog);
  }
  return catalog;
}

/** A real SDK client connected in memory to a server, with every message it received, as JSON text. */
export interface TestPair {
  client: Client;
  /** Each message from the server, serialized exactly as a stream transport would send it. */
  received: string[];
  close(): Promise<void>;
}

/** Connects a real `Client` to `server` over `InMemoryTransport.createLinkedPair()`. */
export async function createTestPair(server: McpServer): Promise<TestPair> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'catalog-server-test', version: '1.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  const received: string[] = [];
  const deliver = clientTransport.onmessage;
  clientTransport.onmessage = (message, extra) => {
    received.push(JSON.stringify(message));
    deliver?.(message, extra);
  };
  return {
    client,
    received,
    async close() {
      await client.close();
      await server.close();
    },
  };
}
