/**
 * What browsing saves a caller, for the `mcp_tokens_*` metrics (`kind: catalog`): the whole
 * catalog as an upstream `tools/list` carries it, against the browse answer the caller read.
 *
 * @module
 */

import { isRecordingMetrics, recordTokenSavings } from '@x/core/telemetry';
import { countJsonTokens, countTokens } from '@x/core/tokens';
import type { Catalog } from '../browse/catalog.js';

/** The raw listing's tokens of each catalog, counted once (a refresh makes a new catalog). */
const rawTokens = new WeakMap<Catalog, number>();

/** The tokens of every tool of `catalog` as its upstreams listed them, counted once per catalog. */
export function catalogTokens(catalog: Catalog): number {
  let tokens = rawTokens.get(catalog);
  if (tokens === undefined) {
    const tools = catalog.toolIds.map((toolId) => catalog.entry(toolId)?.tool);
    tokens = countJsonTokens({ tools });
    rawTokens.set(catalog, tokens);
  }
  return tokens;
}

/** Records one answer over `catalog` that showed the caller `served` text; only while metrics record. */
export function recordCatalogSavings(catalog: Catalog, served: string): void {
  if (!isRecordingMetrics()) return;
  recordTokenSavings('catalog', catalogTokens(catalog), countTokens(served));
}

/** The tokens of each proxy listing, counted once per listing. */
const listingTokens = new WeakMap<readonly object[], number>();

/**
 * Records one proxy `tools/list` over `catalog` that listed `tools` (stripped cards) instead of
 * the upstreams' full tools; only while metrics record.
 */
export function recordListingSavings(catalog: Catalog, tools: readonly object[]): void {
  if (!isRecordingMetrics()) return;
  let served = listingTokens.get(tools);
  if (served === undefined) {
    served = countJsonTokens({ tools });
    listingTokens.set(tools, served);
  }
  recordTokenSavings('catalog', catalogTokens(catalog), served);
}
