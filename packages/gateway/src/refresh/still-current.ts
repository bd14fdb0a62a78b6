/**
 * The last check before a call leaves for its upstream: is the entry it
 * resolved still the catalog's (gateway-surface §4.6)?
 *
 * @module
 */

import type { Catalog, CatalogEntry } from '../browse/catalog.js';
import { GatewayError } from '../errors.js';

/**
 * Throws {@link GatewayError} `HYDRATE_FAILED` when a refresh since `entry`
 * was resolved removed its id or points it at another upstream tool, so a
 * call prepared against the old catalog is never sent to whatever tool now
 * holds that upstream name. Synchronous: nothing can swap the catalog
 * between this check and the dispatch that follows it.
 *
 * @see gateway-surface §4.6
 */
export function assertStillCurrent(catalog: Catalog, entry: CatalogEntry): void {
  const current = catalog.entry(entry.toolId);
  if (
    current === entry ||
    (current !== undefined &&
      current.upstream === entry.upstream &&
      current.upstreamName === entry.upstreamName)
  ) {
    return;
  }
  throw new GatewayError({
    code: 'HYDRATE_FAILED',
    message: `the catalog was refreshed and no longer has ${entry.toolId}; browse for current ids`,
    data: { tool_id: entry.toolId, reason: 'refreshed' },
  });
}
