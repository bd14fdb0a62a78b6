/**
 * What a progressive-disclosure target tells the checks about its callers
 * (`settings['progressive-disclosure']`; on the command line `--pd-caller` and
 * `--pd-restricted-caller`).
 *
 * A 2026-07-28 server has no session: its grants belong to the caller's scope, which over HTTP
 * is the bearer principal, and every caller without a token shares one anonymous scope
 * (docs/protocol-eras.md). Telling callers apart then takes credentials the run cannot invent:
 * `callers` gives them, each a set of HTTP headers (an `Authorization: Bearer` one, say) that
 * replace the target's own for that caller.
 *
 * @module
 */

import { z } from 'zod';
import type { CheckContext } from '../../check.js';
import { ConformanceError } from '../../errors.js';

/** The key of these settings in a target's `settings`. */
export const PD_SETTINGS_KEY = 'progressive-disclosure';

/** The HTTP headers that make one caller. */
const CallerHeadersSchema = z.record(z.string().min(1), z.string());

/** The `progressive-disclosure` member of a target's settings. */
export const PdSettingsSchema = z.strictObject({
  /**
   * Distinct callers that have read no description of the server yet, in the order the
   * authorization trace uses them: the first reads, the second calls while the first is still
   * at work, the third arrives after the first is done (2026-07-28 HTTP only; sessions and
   * processes tell callers apart in the other cases).
   */
  callers: z.array(CallerHeadersSchema).optional(),
  /** A caller whose primary authorization shows it fewer tools than the target's own headers do. */
  restrictedCaller: CallerHeadersSchema.optional(),
});

/** A parsed {@link PdSettingsSchema}. */
export type PdSettings = z.infer<typeof PdSettingsSchema>;

/** The target's settings (empty when it has none). */
export function pdSettingsOf(context: CheckContext): PdSettings {
  const raw = context.target.settings?.[PD_SETTINGS_KEY];
  if (raw === undefined) return {};
  const parsed = PdSettingsSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConformanceError({
      code: 'USAGE',
      message: `the target's settings.${PD_SETTINGS_KEY} are invalid: ${z.prettifyError(parsed.error).replaceAll('\n', ' ')}`,
    });
  }
  return parsed.data;
}

/**
 * The settings the command line gives: each `--pd-caller` header one caller, in order; the
 * `--pd-restricted-caller` header the restricted one. `undefined` when neither is given.
 */
export function pdSettingsFromFlags(
  callers: readonly (readonly [string, string])[] | undefined,
  restricted: readonly [string, string] | undefined,
): PdSettings | undefined {
  if (callers === undefined && restricted === undefined) return undefined;
  return {
    ...(callers === undefined
      ? {}
      : { callers: callers.map(([name, value]) => ({ [name]: value })) }),
    ...(restricted === undefined ? {} : { restrictedCaller: { [restricted[0]]: restricted[1] } }),
  };
}
