/**
 * The optional capabilities of mcs §5, as interfaces with type-safe feature detection.
 *
 * @module
 */

import type { CallOptions, MCSDriver } from './driver.js';

/**
 * What a health check reports: `status` always, anything driver-specific beside it.
 *
 * @see mcs §5
 */
export interface HealthReport {
  /** `ok`: the bridge answers; `degraded`: part of it does; `error`: it does not. */
  status: 'ok' | 'degraded' | 'error';
  /** Driver-specific details (latency, HTTP status, per-driver reports, an error line). */
  [detail: string]: unknown;
}

/**
 * The `healthcheck` capability: is the bridge reachable now.
 *
 * @see mcs §5
 */
export interface HealthcheckCapability {
  /** Checks the bridge; resolves to a report, never rejects for an unhealthy bridge. */
  healthcheck(): Promise<HealthReport>;
}

/**
 * The `cache` capability: preload resources so the first call is fast.
 *
 * @see mcs §5
 */
export interface CacheCapability {
  /** Loads and compiles what the driver will need; safe to call more than once. */
  warmup(): Promise<void>;
}

/**
 * The `status` capability: counters and state for monitoring.
 *
 * @see mcs §5
 */
export interface StatusCapability {
  /** A snapshot of the driver's state (counters, last error code). */
  getStatus(): Promise<Record<string, unknown>>;
}

/**
 * The `stream` capability: execute a call and receive its raw result in pieces as it arrives.
 *
 * The text is handled as by `processLlmResponse`: no call yields the text once; a malformed
 * call throws `CALL_INVALID`; several calls stream one after the other.
 *
 * @see mcs §5
 */
export interface StreamCapability {
  /** Parses `llmResponse`, executes its call(s), and yields raw result chunks. */
  streamCall(llmResponse: string, options?: CallOptions): AsyncIterable<unknown>;
}

/**
 * The method interface behind each capability flag of mcs §5.
 *
 * @see mcs §5
 */
export interface CapabilityMethods {
  /** `healthcheck` → `healthcheck()`. */
  healthcheck: HealthcheckCapability;
  /** `cache` → `warmup()`. */
  cache: CacheCapability;
  /** `status` → `getStatus()`. */
  status: StatusCapability;
  /** `stream` → `streamCall()`. */
  stream: StreamCapability;
}

/** A capability flag of mcs §5 that has a method interface. */
export type CapabilityFlag = keyof CapabilityMethods;

/** The method name behind each capability flag. */
export const CAPABILITY_METHODS: Readonly<Record<CapabilityFlag, string>> = Object.freeze({
  healthcheck: 'healthcheck',
  cache: 'warmup',
  status: 'getStatus',
  stream: 'streamCall',
});

function isCapabilityFlag(flag: string): flag is CapabilityFlag {
  return Object.hasOwn(CAPABILITY_METHODS, flag);
}

/**
 * True when the driver declares `flag` in `meta.capabilities` and has its method, narrowing
 * the driver's type to include that method. A flag declared without its method reads false.
 *
 * @example
 * ```ts
 * if (hasCapability(driver, 'healthcheck')) await driver.healthcheck();
 * ```
 * @see mcs §5
 */
export function hasCapability<Driver extends MCSDriver, Flag extends CapabilityFlag>(
  driver: Driver,
  flag: Flag,
): driver is Driver & CapabilityMethods[Flag] {
  if (!driver.meta.capabilities.includes(flag)) return false;
  const method = (driver as unknown as Record<string, unknown>)[CAPABILITY_METHODS[flag]];
  return typeof method === 'function';
}

/**
 * The known capability flags a driver declares but does not implement; empty when consistent.
 *
 * Unknown flags (driver-specific extensions) are not checked.
 *
 * @see mcs §5
 */
export function missingCapabilityMethods(driver: MCSDriver): CapabilityFlag[] {
  return driver.meta.capabilities
    .filter(isCapabilityFlag)
    .filter(
      (flag) =>
        typeof (driver as unknown as Record<string, unknown>)[CAPABILITY_METHODS[flag]] !==
        'function',
    );
}
