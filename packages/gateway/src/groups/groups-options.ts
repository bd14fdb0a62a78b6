/**
 * The opt-in `groups` setting of the gateway (experimental).
 *
 * @module
 */

import { z } from 'zod';

/**
 * `groups`: answer `groups/list` and `groups/get` of the progressive-disclosure groups draft
 * (`io.modelcontextprotocol/groups`, 2026-09-28) with one group per namespace. Absent: off.
 */
export const GroupsOptionsSchema = z.strictObject({
  /** Serves the groups; default true when the block is present. */
  enabled: z.boolean().default(true),
});

/** Parsed {@link GroupsOptionsSchema}. */
export type GroupsOptions = z.infer<typeof GroupsOptionsSchema>;
