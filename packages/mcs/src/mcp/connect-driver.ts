/**
 * Connecting a driver to an MCP server: the step the MCP and CaSH drivers share.
 *
 * @module
 */

import { createUpstream, type Upstream, type UpstreamConfig } from '@x/core/upstreams';
import { McsError } from '../errors.js';
import type { McpDriverOptions } from './mcp-driver.js';
import type { McpTool } from './tool-functions.js';
import { fromUpstreamError } from './upstream-errors.js';

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
  options: Pick<McpDriverOptions, 'server' | 'name' | 'timeoutMs' | 'upstream'>,
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
