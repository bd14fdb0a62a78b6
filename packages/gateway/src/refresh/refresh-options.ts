/**
 * The options of catalog refresh (gateway-surface §4.6).
 *
 * @module
 */

import { z } from 'zod';

/**
 * The `refresh` block of the gateway configuration.
 *
 * `duplicates` decides what happens when upstreams that share a namespace
 * list the same raw tool name: `refuse` (the default, as before) lets the
 * §1.5 collision refuse the new catalog when the ids coincide; `first-wins`
 * keeps the tool of the first upstream in configuration order and drops the
 * others before ids are made, so the catalog never maps one id to two
 * upstream tools and the outcome does not depend on listing timing.
 *
 * @see gateway-surface §1.5, §4.6
 */
export const RefreshOptionsSchema = z.strictObject({
  /** What to do with one raw tool name listed by several upstreams of one namespace. */
  duplicates: z
    .enum({
      /** Refuse a catalog in which two upstreams of one namespace share a raw name. */
      refuse: 'refuse',
      /** Keep the tool of the first upstream, in configuration order, and report the others. */
      'first-wins': 'first-wins',
    })
    .default('refuse'),
});

/**
 * Parsed {@link RefreshOptionsSchema}.
 *
 * @see gateway-surface §4.6
 */
export type RefreshOptions = z.infer<typeof RefreshOptionsSchema>;
