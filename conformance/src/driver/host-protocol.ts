/**
 * The messages between the runner and the worker thread that holds a driver under test.
 *
 * @module
 */

/** The methods the runner may call on a driver: the contract (mcs §3) and capabilities (§5). */
export const DRIVER_METHODS = [
  'getFunctionDescription',
  'getDriverSystemMessage',
  'processLlmResponse',
  'healthcheck',
  'warmup',
  'getStatus',
  'streamCall',
  'close',
] as const;

/** One of {@link DRIVER_METHODS}. */
export type DriverMethod = (typeof DRIVER_METHODS)[number];

/** What the worker is started with. */
export interface HostWorkerData {
  /** The module's URL. */
  readonly moduleUrl: string;
  /** The options passed to the module's factory, when given. */
  readonly options: unknown;
}

/** A request from the runner to the worker. */
export type HostRequest =
  | { readonly id: number; readonly op: 'load' }
  | {
      readonly id: number;
      readonly op: 'call';
      readonly method: DriverMethod;
      readonly args: readonly unknown[];
      /** Iterate the returned async iterable and answer with its chunks. */
      readonly collect: boolean;
    }
  | { readonly id: number; readonly op: 'pollution' }
  | { readonly id: number; readonly op: 'close' };

/** An error thrown by the driver, as plain data. */
export interface ThrownError {
  /** The error's `name` (`McsError`, `TypeError`, ...). */
  readonly name: string;
  /** Its message. */
  readonly message: string;
  /** Its `code`, when it has a string one. */
  readonly code?: string;
  /** Its `retryPrompt`, when it has a string one. */
  readonly retryPrompt?: string;
}

/** What the driver looked like once loaded. */
export interface DriverSnapshot {
  /** `driver.meta`, copied. */
  readonly meta: unknown;
  /** `driver.specVersion`, copied. */
  readonly specVersion: unknown;
  /** For each of {@link DRIVER_METHODS}, whether the driver has it as a function. */
  readonly methods: Readonly<Record<DriverMethod, boolean>>;
  /** The module's `probeCalls` export, copied, unchecked. */
  readonly probeCalls: unknown;
}

/** What iterating a returned async iterable gave (for `collect`). */
export interface CollectedStream {
  /** Whether the method returned an async iterable at all. */
  readonly iterable: boolean;
  /** The chunks, copied, up to a bound. */
  readonly chunks: readonly unknown[];
}

/** The worker's answer to one request. */
export type HostResponse =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly error: ThrownError };
