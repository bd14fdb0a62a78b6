/**
 * Catalog files the tests write (from {@link buildServersCatalog} and {@link buildToolsCatalog}).
 *
 * @module
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { type Catalog, loadCatalog } from '../../src/catalog-server/index.js';
import { buildServersCatalog, buildToolsCatalog } from './generated-catalogs.js';

/** The folder of this test file's catalog files, removed when the file's tests are done. */
const folder = mkdtempSync(join(tmpdir(), 'catalog-fixtures-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function writeCatalogFile(name: string, entries: unknown[]): string {
  const path = join(folder, name);
  writeFileSync(path, JSON.stringify(entries, null, 1));
  return path;
}

/** Tools of 14 servers; some names occur on several servers; one schema does not compile. */
export const SERVERS_CATALOG = writeCatalogFile('servers.json', buildServersCatalog());
/** 4,076 tools with distinct names; one name has spaces. */
export const TOOLS_CATALOG = writeCatalogFile('tools.json', buildToolsCatalog());

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
