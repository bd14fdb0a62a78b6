/**
 * What a gateway target with the opt-in controls on (gateway-surface §4.4, §4.5, §5, §9) tells
 * the controls checks: which tools and arguments show the cache, the quota with dry run, the
 * argument repairs, cache-stable browsing, and the resources and prompts its upstreams offer. A
 * target passes them as `settings.gatewayControls`; without a section the checks that need it
 * skip.
 *
 * @module
 */

import { z } from 'zod';
import type { CheckContext, CheckOutcome } from '../../check.js';
import { notApplicable, skip } from '../../outcome.js';

const ToolSchema = z.string().min(1);
const ArgsSchema = z.record(z.string(), z.unknown());

/** One `tool_browse` by query. */
const QueryBrowseSchema = z.strictObject({
  query: z.string().min(1),
  top_k: z.int().min(1).max(50).optional(),
});

/**
 * A resource or prompt as `namespace:name` (the card id without its kind, hash and `~N` key),
 * or a whole card id.
 */
const PrimitiveSchema = z.string().min(1);

/** The opt-in features a target can declare off (`off`), so their checks do not apply. */
export const OPT_IN_FEATURES = ['cache', 'quota', 'tolerant', 'cacheStable'] as const;

/** One of {@link OPT_IN_FEATURES}. */
export type OptInFeature = (typeof OPT_IN_FEATURES)[number];

/** The `gatewayControls` member of a target's settings. */
export const GatewayControlsProbeSchema = z.strictObject({
  /**
   * The opt-in features the target has off: their checks are not applicable. A feature neither
   * described here nor off may be on, with no probe to check it: its checks skip.
   */
  off: z.array(z.enum(OPT_IN_FEATURES)).optional(),
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
  /**
   * Cache-stable browsing (§5) is on. `first` and `second` are browses of one session with
   * different queries that share some cards, and `execute` a call of a tool (with valid
   * arguments) that `second` finds and `first` does not.
   */
  cacheStable: z
    .strictObject({
      first: QueryBrowseSchema,
      second: QueryBrowseSchema,
      execute: z.strictObject({ tool: ToolSchema, args: ArgsSchema }),
    })
    .optional(),
  /** Resources and prompts (§9) are on, and the upstreams offer what is named here. */
  primitives: z
    .strictObject({
      /** Resources are offered; `large` is one whose read exceeds the firewall threshold. */
      resources: z.strictObject({ large: PrimitiveSchema }).optional(),
      /** Prompts are offered; `args` render `prompt` and name at least one required argument. */
      prompts: z
        .strictObject({
          prompt: PrimitiveSchema,
          args: z.record(z.string(), z.string()).refine((args) => Object.keys(args).length > 0, {
            message: 'name at least one required argument',
          }),
        })
        .optional(),
      /** Two upstreams share a namespace and a resource or prompt, so `~N` keys appear (§9.3). */
      collisions: z.boolean().optional(),
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

/**
 * The outcome of a check of the opt-in feature `key` whose probe (`settings.gatewayControls.<key>`)
 * the target does not give: not applicable when the target declares the feature off
 * (`settings.gatewayControls.off`), skipped otherwise (it may be on, with no probe to check it).
 */
export function undeclaredControl(
  context: CheckContext,
  key: OptInFeature,
  feature: string,
): CheckOutcome {
  return controlsProbeOf(context)?.off?.includes(key) === true
    ? notApplicable(`the target declares ${feature} off (settings.gatewayControls.off)`)
    : skip(
        `the target declares no settings.gatewayControls.${key}, the probe of ${feature}, nor the feature off`,
      );
}

/**
 * True when the target declares cache-stable browsing (§5) on: its browses then depend on what
 * the session saw before, which the §2.4, §2.5 and §3.2 checks allow for.
 */
export function declaresCacheStable(context: CheckContext): boolean {
  return controlsProbeOf(context)?.cacheStable !== undefined;
}
