/**
 * Finds which eras a target serves: a `server/discover` answered with a result (or with the
 * unsupported-version error) means the modern era (2026-07-28 stdio, Backward Compatibility); an
 * `initialize` answered with a result means the 2025 era.
 *
 * @module
 */

import { ConformanceError } from '../errors.js';
import { withTimeout } from '../runner/target-resources.js';
import { describeRawError, errorOf, isRecord } from '../session/json-rpc.js';
import { openRawSession } from '../session/open-session.js';
import type { TargetTransport } from '../target.js';
import { type Era, type EraChoice, MODERN_PROTOCOL_VERSION } from './era.js';

/** The eras a run checks on one target, and why an era the choice wanted is left out. */
export interface EraPlan {
  /** The eras to check, in report order. */
  readonly eras: readonly Era[];
  /** The eras `--era both` wanted that the target does not serve, each with the reason. */
  readonly unserved: readonly { readonly era: Era; readonly reason: string }[];
}

/** The code of `UnsupportedProtocolVersionError` (2026-07-28 basic, Error Codes). */
const UNSUPPORTED_PROTOCOL_VERSION = -32022;

/** Whether the target opens a session in `era`; the reason when it does not. */
export async function servesEra(
  transport: TargetTransport,
  era: Era,
  timeoutMs: number,
): Promise<{ served: boolean; reason: string }> {
  const session = openRawSession(transport, era);
  const what = era === 'modern' ? 'server/discover' : 'initialize';
  try {
    const response = await withTimeout(session.initialize(), timeoutMs, what);
    if (isRecord(response.result)) return { served: true, reason: `${what} answered` };
    // A modern server that refuses the version still speaks the era (2026-07-28 stdio,
    // Backward Compatibility): its checks then say what is wrong.
    if (era === 'modern' && errorOf(response)?.code === UNSUPPORTED_PROTOCOL_VERSION)
      return { served: true, reason: `server/discover refused ${MODERN_PROTOCOL_VERSION}` };
    const error = errorOf(response);
    return {
      served: false,
      reason: `${what} was refused${error === undefined ? '' : ` with ${describeRawError(error)}`}`,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { served: false, reason: `${what} failed: ${message}` };
  } finally {
    await session.close().catch(() => undefined);
  }
}

/**
 * The eras to check under `choice`: a pinned era as is (connecting then fails loudly when the
 * target does not serve it); `auto` the modern era when `server/discover` succeeds, else the
 * 2025 one; `both` every era the target serves.
 *
 * @throws ConformanceError `TARGET_START_FAILED` when `both` finds no era served.
 */
export async function planEras(
  transport: TargetTransport,
  choice: EraChoice,
  timeoutMs: number,
): Promise<EraPlan> {
  if (choice === 'modern' || choice === 'legacy') return { eras: [choice], unserved: [] };
  const modern = await servesEra(transport, 'modern', timeoutMs);
  if (choice === 'auto') return { eras: [modern.served ? 'modern' : 'legacy'], unserved: [] };
  const legacy = await servesEra(transport, 'legacy', timeoutMs);
  const eras: Era[] = [];
  const unserved: { era: Era; reason: string }[] = [];
  for (const [era, probe] of [
    ['modern', modern],
    ['legacy', legacy],
  ] as const) {
    if (probe.served) eras.push(era);
    else unserved.push({ era, reason: probe.reason });
  }
  if (eras.length === 0) {
    throw new ConformanceError({
      code: 'TARGET_START_FAILED',
      message: `serves neither era (${unserved.map((entry) => entry.reason).join('; ')})`,
    });
  }
  return { eras, unserved };
}
