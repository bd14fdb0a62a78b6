/**
 * Driver targets: MCS driver modules a run loads and checks in process (in a worker thread).
 *
 * @module
 */

import type { ProbeCall } from './driver-module.js';

/** Which module to load, and how. */
export interface DriverModule {
  /** The module's URL (see `resolveDriverModule`). */
  readonly url: string;
  /** The options passed to its factory; none when absent. */
  readonly options?: unknown;
}

/** A driver to check, as `runConformance` takes it. */
export interface DriverTargetDefinition {
  /** Discriminant: a driver, not a server. */
  readonly kind: 'driver';
  /** The name shown in reports. */
  readonly name: string;
  /** The driver specs that apply; when absent, every registered driver spec. */
  readonly specs?: readonly string[];
  /** The module to load. */
  readonly module: DriverModule;
  /** Calls the runner may execute; when absent, the module's `probeCalls` export. */
  readonly probeCalls?: readonly ProbeCall[];
}

/** Options of {@link createDriverTarget}. */
export interface DriverTargetOptions {
  /** The name shown in reports (default: the module's URL). */
  readonly name?: string;
  /** The module's URL (see `resolveDriverModule`). */
  readonly module: string;
  /** The options passed to the module's factory. */
  readonly options?: unknown;
  /** Calls the runner may execute (default: the module's `probeCalls` export). */
  readonly probeCalls?: readonly ProbeCall[];
  /** The driver specs that apply (default: all). */
  readonly specs?: readonly string[];
}

/** A driver target. */
export function createDriverTarget(options: DriverTargetOptions): DriverTargetDefinition {
  return {
    kind: 'driver',
    name: options.name ?? options.module,
    module: {
      url: options.module,
      ...(options.options === undefined ? {} : { options: options.options }),
    },
    ...(options.probeCalls === undefined ? {} : { probeCalls: options.probeCalls }),
    ...(options.specs === undefined ? {} : { specs: options.specs }),
  };
}

/** Whether a target is a driver target (the others are servers). */
export function isDriverTarget(target: object): target is DriverTargetDefinition {
  return (target as { kind?: unknown }).kind === 'driver';
}
