/**
 * Connecting a driver to an MCP server: the step the MCP and CaSH drivers share.
 *
 * @module
 */

import {
  createUpstream,
  type HttpUpstreamConfig,
  type StdioUpstreamConfig,
  type Upstream,
  type UpstreamConfig,
  type UpstreamOptions,
} from '@x/core/upstreams';
import { McsError } from '../errors.js';
import type { McpTool } from './tool-functions.js';
import { fromUpstreamError } from './upstream-errors.js';

/**
 * How to reach the MCP server: an entry of an `mcpServers` file, stdio (`command`, `args`,
 * `env`, `cwd`) or Streamable HTTP (`url`, `headers`), with `@x/core`'s extensions
 * (`include`, `exclude`, `timeoutMs`). `type` may be left out.
 */
export type McpServerEntry =
  | (Omit<StdioUpstreamConfig, 'type'> & StdioEntryType)
  | (Omit<HttpUpstreamConfig, 'type'> & HttpEntryType);

/** The optional transport marker of a stdio {@link McpServerEntry}. */
export interface StdioEntryType {
  /** `stdio` (the default when `command` is given). */
  type?: 'stdio';
}

/** The optional transport marker of an HTTP {@link McpServerEntry}. */
export interface HttpEntryType {
  /** `http` or `streamable-http` (the default when `url` is given). */
  type?: 'http' | 'streamable-http';
}

/**
 * The part of a driver's options that {@link connectDriver} reads (the MCP driver's
 * `McpDriverOptions` and the CaSH driver's options have these fields).
 */
export interface DriverConnectionOptions {
  /** The MCP server to connect to. */
  readonly server: McpServerEntry;
  /** The server's name in messages; defaults to the driver's own default. */
  readonly name?: string | undefined;
  /** Time limit of each tool call, in ms. */
  readonly timeoutMs?: number | undefined;
  /** Options of the upstream connection (reconnection, stderr, client info). */
  readonly upstream?: UpstreamOptions | undefined;
}

/**
 * Connects to the server `options.server` names, reads its tool list and hands both to
 * `build`, which makes the driver. When anything fails (a bad option, an unreachable server,
 * `build` throwing), the connection is closed before the error is thrown, so no process is
 * left behind.
 *
 * @throws McsError `CONFIG_INVALID` for a bad entry or `timeoutMs`, `UNAVAILABLE` or `TIMEOUT`
 *   when the server cannot be reached, or whatever `build` throws (as a `McsError`).
 */
export async function connectDriver<Driver>(
  options: DriverConnectionOptions,
  defaultName: string,
  build: (upstream: Upstream, tools: McpTool[]) => Driver | Promise<Driver>,
): Promise<Driver> {
  const timeoutMs = options.timeoutMs;
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) {
    throw new McsError({
      code: 'CONFIG_INVALID',
      message: `driver option timeoutMs must be a positive integer, got ${timeoutMs}`,
    });
  }
  let upstream: Upstream;
  try {
    upstream = createUpstream(
      options.name ?? defaultName,
      options.server as UpstreamConfig,
      options.upstream,
    );
  } catch (error) {
    throw fromUpstreamError(error);
  }
  try {
    const tools = await upstream.listTools();
    return await build(upstream, tools);
  } catch (error) {
    await upstream.close();
    throw McsError.isInstance(error) ? error : fromUpstreamError(error);
  }
}
