/**
 * Checks of drivers: MCS drivers are libraries, not servers, so their checks get the loaded
 * driver instead of an MCP session.
 *
 * @module
 */

import type { CheckOutcome } from '../check.js';
import type { SpecCatalogEntry } from '../spec.js';
import type { CallOutcome } from './driver-host.js';
import type { ProbeCall } from './driver-module.js';
import type { DriverModule } from './driver-target.js';
import type { DriverMethod } from './host-protocol.js';

/** A driver under test, as a check sees it. */
export interface DriverUnderTest {
  /** `driver.meta`, as loaded. */
  readonly meta: unknown;
  /** `driver.specVersion`, as loaded. */
  readonly specVersion: unknown;
  /** Whether the driver has each method as a function. */
  readonly methods: Readonly<Record<DriverMethod, boolean>>;
  /** The calls the runner may execute (the target's, else the module's); may be empty. */
  readonly probeCalls: readonly ProbeCall[];
  /**
   * Calls a method in the driver's worker; never rejects for what the driver does. Past
   * `timeoutMs` (default: the check's limit) the worker is ended and the outcome is `timeout`;
   * the next `driver()` loads a fresh one.
   */
  call(
    method: DriverMethod,
    args: readonly unknown[],
    options?: { readonly timeoutMs?: number; readonly collect?: boolean },
  ): Promise<CallOutcome>;
  /** The properties driver code added to `Object.prototype`, sorted. */
  pollutedKeys(): Promise<string[]>;
  /** Closes this driver (a polluted or broken one); the next `driver()` loads a fresh one. */
  discard(): Promise<void>;
}

/** What a driver check may know and use. */
export interface DriverCheckContext {
  /** The target: its name and the module it loads. */
  readonly target: {
    readonly name: string;
    readonly kind: 'driver';
    readonly module: DriverModule;
  };
  /** The time limit of this check, in milliseconds. */
  readonly timeoutMs: number;
  /** Aborted when the check times out. */
  readonly signal: AbortSignal;
  /** The loaded driver, shared by the target's checks (reloaded after a hang or crash). */
  driver(): Promise<DriverUnderTest>;
  /** Computes a value once per target and shares it between checks. */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T>;
}

/** A check of one requirement on a driver. */
export interface DriverCheck {
  /** The id of the requirement this check decides. */
  readonly requirement: string;
  /** The URL of the module that defines the check (its `import.meta.url`), for `COVERAGE.md`. */
  readonly definedIn?: string;
  /** A time limit for this check that overrides the run's default. */
  readonly timeoutMs?: number;
  /** Runs the check; may throw (a failure with the error's message). */
  run(context: DriverCheckContext): Promise<CheckOutcome>;
}

/** A conformance spec of drivers (`mcs`), kept in `src/specs/<name>/`, listed once in the registry. */
export interface DriverSpecDefinition extends SpecCatalogEntry {
  /** The checks; each names one of `requirements`. */
  readonly checks: readonly DriverCheck[];
}
