/**
 * What a gateway target with the opt-in controls on (gateway-surface §4.4, §4.5) tells the
 * controls checks: which tools and arguments show the cache, the quota with dry run, and the
 * argument repairs. A target passes them as `settings.gatewayControls`; without a section the
 * checks that need it skip.
 *
 * @module
 */

import { z } from 'zod';
import type { CheckContext } from '../../check.js';

const ToolSchema = z.string().min(1);
const ArgsSchema = z.record(z.string(), z.unknown());

/** The `gatewayControls` member of a target's settings. */
export const GatewayControlsProbeSchema = z.strictObject({
  /** A read-only tool the cache keeps, and a mutating tool it must never serve. */
  cache: z
    .strictObject({
      tool: ToolSchema,
      args: ArgsSchema,
      mutatingTool: ToolSchema,
      mutatingArgs: ArgsSchema,
    })
    .optional(),
  /** A tool limited per session to `maxCallsPerMinute` calls, with dry run on. */
  quota: z
    .strictObject({
      tool: ToolSchema,
      args: ArgsSchema,
      maxCallsPerMinute: z.int().min(1).max(20),
    })
    .optional(),
  /** Arguments the tolerant pass repairs, and the repairs it must record. */
  tolerant: z
    .strictObject({
      tool: ToolSchema,
      args: z.unknown(),
      repairs: z.array(z.strictObject({ rule: z.string(), path: z.string() })),
    })
    .optional(),
});

/** A parsed {@link GatewayControlsProbeSchema}. */
export type GatewayControlsProbe = z.infer<typeof GatewayControlsProbeSchema>;

/** The target's controls probe, or `undefined` when it has none; throws when it is malformed. */
export function controlsProbeOf(context: CheckContext): GatewayControlsProbe | undefined {
  const value = context.target.settings?.gatewayControls;
  if (value === undefined) return undefined;
  const parsed = GatewayControlsProbeSchema.safeParse(value);
  if (!parsed.success) {
    throw new Error(`settings.gatewayControls is malformed: ${parsed.error.message}`);
  }
  return parsed.data;
}
