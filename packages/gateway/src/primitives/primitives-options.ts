/**
 * The options of the resource and prompt surface (gateway-surface §9).
 *
 * @module
 */

import { z } from 'zod';

/**
 * The `primitives` block of the gateway configuration: when `enabled` (the
 * default once the block is written), the gateway lists the upstreams'
 * resources and prompts and advertises `resource_browse` / `resource_read`
 * and `prompt_browse` / `prompt_get` for each kind some upstream offers.
 *
 * @see gateway-surface §9.4, §9.5
 */
export const PrimitivesOptionsSchema = z.strictObject({
  /** Serves resources and prompts; default true when the block is present. */
  enabled: z.boolean().default(true),
});

/**
 * Parsed {@link PrimitivesOptionsSchema}.
 *
 * @see gateway-surface §9
 */
export type PrimitivesOptions = z.infer<typeof PrimitivesOptionsSchema>;
