/**
 * What a gateway target tells the checks about itself: a tool and arguments that give a large
 * result (for the firewall) and arguments that break that tool's schema. A target passes them
 * as `settings.gateway`; without them the checks that need them skip. It may also name the
 * namespaces of probe upstreams, whose record of the calls they received the checks read.
 *
 * @module
 */

import { z } from 'zod';
import type { CheckContext } from '../../check.js';

/** The `gateway` member of a target's settings. */
export const GatewayProbeSchema = z.strictObject({
  /** The tool, as its full id or its id without `@version` / `#hash8` (`filesystem:read_text_file`). */
  tool: z.string().min(1),
  /** Arguments whose result is large enough for the context firewall to store it. */
  largeArgs: z.record(z.string(), z.unknown()),
  /** Arguments that break the tool's input schema. */
  invalidArgs: z.record(z.string(), z.unknown()),
  /**
   * The namespaces under which the gateway lists the tools of a conformance probe upstream
   * (`x-conformance-probe-upstream`), each its own process; with them the checks observe what
   * reaches an upstream. Without them those checks skip.
   */
  probeUpstreams: z.array(z.string().min(1)).min(1).optional(),
});

/** A parsed {@link GatewayProbeSchema}. */
export type GatewayProbe = z.infer<typeof GatewayProbeSchema>;

/** The target's gateway probe, or `undefined` when it has none; throws when it is malformed. */
export function gatewayProbeOf(context: CheckContext): GatewayProbe | undefined {
  const value = context.target.settings?.gateway;
  if (value === undefined) return undefined;
  const parsed = GatewayProbeSchema.safeParse(value);
  if (!parsed.success) throw new Error(`settings.gateway is malformed: ${parsed.error.message}`);
  return parsed.data;
}
