/**
 * The read-only result cache (§4.5): upstream results of read-only tools, keyed by tool id and
 * argument-order-insensitive arguments, bounded by time to live and entry count.
 *
 * Hand-written over a `Map` (insertion order is recency order) rather than on `lru-cache`, for
 * the reason `@x/core`'s memory session store gives: `lru-cache` reads its clock through a
 * debounced timer, which fights an injected test clock.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import { stableStringify } from '@x/core/catalog-server';
import type { CatalogEntry } from '../browse/catalog.js';
import { matchesConfiguredToolId, type ResultCacheSettings } from './controls-options.js';

/**
 * A bounded cache of upstream results for read-only tools.
 *
 * @see gateway-surface §4.5 (read-only response cache)
 */
export interface ResultCache {
  /** Whether results of this tool may be cached: declared read-only, not destructive, allowed. */
  eligible(entry: CatalogEntry): boolean;
  /** The cached result of this call (a fresh copy), or `undefined`. */
  get(toolId: string, args: Record<string, unknown>): CallToolResult | undefined;
  /** Keeps a result; error results and results above the size bound are not kept. */
  set(toolId: string, args: Record<string, unknown>, result: CallToolResult): void;
  /** Drops every entry (the catalog changed). */
  clear(): void;
  /** How many entries are live or not yet swept. */
  readonly size: number;
}

interface Entry {
  text: string;
  expiresAt: number;
}

/** The cache key of a call: the id, then the arguments with every object's keys sorted. */
export function resultCacheKey(toolId: string, args: Record<string, unknown>): string {
  return `${toolId}\n${stableStringify(args)}`;
}

/**
 * Creates a {@link ResultCache}. An entry is dead from `now() >= storedAt + ttlMs`; storing a
 * new key into a full cache evicts the least recently used entry; reads count as use.
 *
 * @see gateway-surface §4.5
 */
export function createResultCache(
  settings: ResultCacheSettings,
  now: () => number = Date.now,
): ResultCache {
  const entries = new Map<string, Entry>();

  return {
    eligible(entry) {
      const annotations = entry.tool.annotations;
      if (annotations?.readOnlyHint !== true || annotations.destructiveHint === true) return false;
      const { allow } = settings;
      return (
        allow === undefined ||
        allow.some((configured) => matchesConfiguredToolId(entry.toolId, configured))
      );
    },
    get(toolId, args) {
      const key = resultCacheKey(toolId, args);
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entries.delete(key);
      if (now() >= entry.expiresAt) return undefined;
      entries.set(key, entry);
      return JSON.parse(entry.text) as CallToolResult;
    },
    set(toolId, args, result) {
      if (result.isError === true) return;
      const text = JSON.stringify(result);
      if (Buffer.byteLength(text, 'utf8') > settings.maxEntryBytes) return;
      const key = resultCacheKey(toolId, args);
      entries.delete(key);
      while (entries.size >= settings.maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done === true) break;
        entries.delete(oldest.value);
      }
      entries.set(key, { text, expiresAt: now() + settings.ttlMs });
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
