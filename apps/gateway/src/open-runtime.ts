/**
 * From an `mcpServers` file to a running gateway runtime.
 *
 * @module
 */

import { createUpstreamPool, loadMcpServersConfig, type UpstreamPool } from '@x/core/upstreams';
import { createGatewayRuntime, type GatewayRuntime, upstreamsFromPool } from '@x/gateway/server';

/** A runtime over the upstreams of a configuration, and how to shut both down. */
export interface OpenRuntime {
  /** The upstream connections. */
  pool: UpstreamPool;
  /** The gateway runtime over them. */
  runtime: GatewayRuntime;
  /** Stops the runtime and closes every upstream (ending their processes). */
  close(): Promise<void>;
}

/**
 * Loads the configuration, connects every enabled upstream and ingests its
 * tools. Upstreams that fail are reported through `report` and keep no
 * tools until they recover (a `list_changed` after a reconnect refreshes them).
 */
export async function openRuntime(
  configPath: string,
  options: { quiet: boolean; report: (line: string) => void },
): Promise<OpenRuntime> {
  const config = await loadMcpServersConfig(configPath);
  const pool = createUpstreamPool(config, {
    clientInfo: { name: 'x-gateway', version: '0.1.0' },
    stderr: options.quiet ? 'ignore' : 'inherit',
  });
  let runtime: GatewayRuntime;
  try {
    runtime = await createGatewayRuntime({
      upstreams: upstreamsFromPool(pool),
      onError: (error) => options.report(`catalog refresh refused: ${error.message}`),
    });
  } catch (error) {
    await pool.close();
    throw error;
  }
  for (const upstream of runtime.lastRefresh.upstreams) {
    if (upstream.status === 'failed') {
      options.report(
        `upstream ${upstream.name} is unavailable: ${upstream.error?.message ?? 'listing failed'}`,
      );
    }
  }
  return {
    pool,
    runtime,
    async close() {
      runtime.close();
      await pool.close();
    },
  };
}
