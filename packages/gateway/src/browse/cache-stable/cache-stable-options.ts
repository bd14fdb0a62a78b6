/**
 * The options of cache-stable browsing (gateway-surface §5).
 *
 * @module
 */

import { z } from 'zod';

/**
 * The `cacheStable` block of the gateway configuration. Present and
 * `enabled` (the default once the block is written), every `tool_browse`
 * of a session puts the cards it has seen before first, frozen, in id order.
 *
 * @see gateway-surface §5
 */
export const CacheStableOptionsSchema = z.strictObject({
  /** Turns cache-stable browsing on; default true when the block is present. */
  enabled: z.boolean().default(true),
  /** The most tool ids one session's seen set records (1 to 100,000, default 1,000); later ones stay new. */
  maxSeen: z.int().min(1).max(100_000).default(1_000),
  /** How long a session's seen set lives after its last browse, in ms (default 24 hours). */
  ttlMs: z.int().positive().max(2_147_483_647).default(86_400_000),
});

/**
 * Parsed {@link CacheStableOptionsSchema}.
 *
 * @see gateway-surface §5
 */
export type CacheStableOptions = z.infer<typeof CacheStableOptionsSchema>;
