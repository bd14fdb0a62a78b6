/**
 * The driver module contract of `x-conformance --driver MODULE`: how a module hands over an MCS
 * driver, and the calls it declares safe to execute.
 *
 * A driver module is an ES module that exports either
 * - `createDriver(options?)`: a function returning an MCS driver (or a promise of one), called
 *   with the `--driver-options` JSON (or nothing), or
 * - a `default` export: the driver object itself, or such a factory function.
 * A named `createDriver` wins over `default`. Optionally, `probeCalls`: an array of
 * {@link ProbeCall}s the runner may execute.
 *
 * The driver is checked through its TypeScript-SDK shape of the MCS contract (mcs §3):
 * `meta` (the `DriverMeta` fields), `specVersion`, `getFunctionDescription(modelName?)`,
 * `getDriverSystemMessage(modelName?)`, `processLlmResponse(text)` (a promise of the raw
 * result), and the capability methods of mcs §5 (`healthcheck()`, `warmup()`, `getStatus()`,
 * `streamCall(text)`). A `close()` method, when present, is called once the checks are done.
 *
 * @module
 */

import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { z } from 'zod';

/**
 * A call the runner may execute to see the driver dispatch: a function as the model would name
 * it, with valid arguments. It must be safe to repeat (read-only, or idempotent).
 *
 * - `resultContains`: a text the raw result holds (a string result as is, anything else as
 *   JSON), proving the bridge answered.
 * - `resultMatches`: a part of the raw result (objects compared key by key, arrays item by
 *   item from the start), proving it is the bridge's raw shape.
 */
export const ProbeCallSchema = z.strictObject({
  /** The function name, as the model writes it. */
  name: z.string().min(1),
  /** Valid arguments. */
  arguments: z.record(z.string(), z.unknown()),
  /** A text the raw result holds. */
  resultContains: z.string().min(1).optional(),
  /** A part of the raw result. */
  resultMatches: z.unknown().optional(),
});

/** A call the runner may execute, as validated by {@link ProbeCallSchema}. */
export type ProbeCall = z.infer<typeof ProbeCallSchema>;

/** What the module's exports hand over, before any check. */
export interface LoadedDriverModule {
  /** The driver, whatever its shape. */
  readonly driver: unknown;
  /** The module's `probeCalls` export, unchecked. */
  readonly probeCalls: unknown;
}

/**
 * The URL to import for a `--driver` argument: a `file:` URL stays, a path (anything starting
 * with `.` or `/`, or absolute) is resolved against `cwd`, and anything else is a package
 * specifier, resolved from this package (its dependencies and the workspace).
 */
export function resolveDriverModule(specifier: string, cwd: string): string {
  if (specifier.startsWith('file:')) return specifier;
  if (specifier.startsWith('.') || isAbsolute(specifier)) {
    return pathToFileURL(resolve(cwd, specifier)).href;
  }
  return import.meta.resolve(specifier);
}

/**
 * Imports the module and builds its driver, as the contract above says.
 *
 * @throws Error naming what the module lacks, or whatever its factory threw.
 */
export async function loadDriverModule(url: string, options: unknown): Promise<LoadedDriverModule> {
  const namespace = (await import(url)) as Record<string, unknown>;
  const factory =
    typeof namespace.createDriver === 'function'
      ? namespace.createDriver
      : typeof namespace.default === 'function'
        ? namespace.default
        : undefined;
  const driver =
    factory === undefined
      ? namespace.default
      : await (factory as (options?: unknown) => unknown)(
          ...(options === undefined ? [] : [options]),
        );
  if (typeof driver !== 'object' || driver === null) {
    throw new Error(
      factory === undefined
        ? 'the module exports neither createDriver() nor a default driver'
        : 'the module factory did not return a driver object',
    );
  }
  return { driver, probeCalls: namespace.probeCalls };
}
