/**
 * A driver module for `x-conformance --driver`: `createDriver(options)` builds the REST, MCP or
 * CaSH driver that {@link DriverOptionsSchema} describes (the same choices as the `x-mcs` flags).
 *
 * ```sh
 * x-conformance --driver @x/mcs-cli/driver-module --driver-options '{"demo": true}'
 * x-conformance --driver @x/mcs-cli/driver-module --driver-options '{"mcp": "mcp-server-everything"}'
 * x-conformance --driver @x/mcs-cli/driver-module --driver-options '{"cash": "x-cash demo"}'
 * ```
 *
 * @module
 */

import type { DetailedDriver } from '@x/mcs';
import { DriverOptionsSchema, openDriver } from './driver-options.js';

/** A driver with what releases it (the MCP or CaSH connection, the demo service). */
export type ClosableDriver = DetailedDriver & {
  /** Releases what the driver holds; idempotent. */
  close(): Promise<void>;
};

/**
 * Builds the driver `options` describe; without options, the demo bookshop's REST driver. The
 * driver's `close()` ends the MCP or CaSH server, or the demo service.
 *
 * @throws ZodError for options {@link DriverOptionsSchema} refuses; McsError when the driver
 *   cannot be built.
 */
export async function createDriver(options: unknown = { demo: true }): Promise<ClosableDriver> {
  const opened = await openDriver(DriverOptionsSchema.parse(options));
  const driver: DetailedDriver = opened.driver;
  if (typeof (driver as Partial<ClosableDriver>).close !== 'function') {
    Object.defineProperty(driver, 'close', { value: () => opened.close() });
  }
  return driver as ClosableDriver;
}
