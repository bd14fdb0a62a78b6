import { join } from 'node:path';
import { type Catalog, parseCatalog } from '@x/core/catalog-server';
import { z } from 'zod';
import { BenchError } from '../errors.js';
import { readJson } from './read.js';

/**
 * Loads a tool data set's `catalog.json` as `@x/core/catalog-server` serves it (schemas kept
 * byte for byte).
 *
 * @throws {@link BenchError} `NO_DATA` for a missing file, `BAD_DATA` naming the first bad entry.
 */
export function loadServedCatalog(folder: string): Catalog {
  const path = join(folder, 'catalog.json');
  const value = readJson(path, z.unknown());
  try {
    return parseCatalog(value, path);
  } catch (error) {
    throw new BenchError({
      code: 'BAD_DATA',
      message: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
}

/** The tools of a catalog grouped by `server` (entries without one under `tools`), in first-seen order. */
export function groupByServer(catalog: Catalog): Map<string, Catalog> {
  const groups = new Map<string, Catalog>();
  for (const tool of catalog) {
    const server = tool.server ?? 'tools';
    const group = groups.get(server);
    if (group === undefined) groups.set(server, [tool]);
    else group.push(tool);
  }
  return groups;
}
