/**
 * From an `mcpServers` file to a running gateway runtime.
 *
 * @module
 */

import { openConfiguredIntegrity } from '@x/core/integrity';
import { secretsOfMcpServersConfig } from '@x/core/logging';
import { createPolicyEngine, type PolicyEngine } from '@x/core/policy';
import { startProgress } from '@x/core/progress';
import {
  createUpstreamPool,
  loadMcpServersConfig,
  type UpstreamOptions,
  type UpstreamPool,
  type UpstreamPoolConfig,
} from '@x/core/upstreams';
import {
  createGatewayControls,
  createSchemaTrust,
  type GatewayControls,
} from '@x/gateway/controls';
import {
  createGatewayRuntime,
  createPrimitiveRuntime,
  type GatewayRuntime,
  type PrimitiveRuntime,
  primitiveUpstreamsFromPool,
  upstreamsFromPool,
} from '@x/gateway/server';
import {
  controlsOptionsOf,
  type GatewayConfig,
  hasDispatchControls,
  parseGatewayConfig,
} from './gateway-config.js';

/** A runtime over the upstreams of a configuration, and how to shut both down. */
export interface OpenRuntime {
  /** The upstream connections. */
  pool: UpstreamPool;
  /** The gateway runtime over them. */
  runtime: GatewayRuntime;
  /** The `x-gateway` section of the file, parsed. */
  config: GatewayConfig;
  /** The dispatch controls, when the section turns any on. */
  controls: GatewayControls | undefined;
  /** The upstreams' resources and prompts, when `primitives` is enabled. */
  primitives: PrimitiveRuntime | undefined;
  /** The per-role tool policies of the file's `policies` section (none: everything allowed). */
  policies: PolicyEngine;
  /** Stops the runtime and closes every upstream (ending their processes). */
  close(): Promise<void>;
}

/** Options of {@link openRuntime}. */
export interface OpenRuntimeOptions {
  /** Drops the upstream servers' stderr. */
  quiet: boolean;
  /** Hears each line worth an operator's attention. */
  report: (line: string) => void;
  /** Receives the upstream servers' stderr (piped) instead of passing it through, unless `quiet`. */
  upstreamStderr?: (text: string, upstream: string) => void;
  /** Hears the configuration's secrets (upstream env and header values) before anything runs. */
  onSecrets?: (secrets: readonly string[]) => void;
  /**
   * The session store a `--session-store` flag names, over the file's `sessionStore`: tool
   * integrity keeps its records there when it is Redis (see `@x/core/integrity`).
   */
  sessionStore?: unknown;
}

/** The upstream options of the section's `upstreams` block: only the fields it sets. */
function startOptionsOf(config: UpstreamPoolConfig | undefined): UpstreamOptions {
  const options: UpstreamOptions = {};
  if (config?.maxParallelStarts !== undefined) options.maxParallelStarts = config.maxParallelStarts;
  if (config?.connectTimeoutMs !== undefined) options.connectTimeoutMs = config.connectTimeoutMs;
  return options;
}

/**
 * Loads the configuration, connects every enabled upstream and ingests its
 * tools. Upstreams that fail are reported through `report` and keep no
 * tools until they recover (a `list_changed` after a reconnect refreshes them).
 */
export async function openRuntime(
  configPath: string,
  options: OpenRuntimeOptions,
): Promise<OpenRuntime> {
  const config = await loadMcpServersConfig(configPath);
  options.onSecrets?.(secretsOfMcpServersConfig(config));
  const gatewayConfig = parseGatewayConfig(config, configPath);
  const schemaTrust =
    gatewayConfig.schemaTrust === undefined
      ? undefined
      : await createSchemaTrust(gatewayConfig.schemaTrust);
  const piped = options.upstreamStderr;
  // Quarantined tools never reach the catalog: the pool screens every listing and call.
  const integrity = await openConfiguredIntegrity({
    config,
    configPath,
    sessionStore: options.sessionStore ?? gatewayConfig.sessionStore,
    onReport: options.report,
    onStoreError: (error) => options.report(`integrity store: ${error.message}`),
  });
  const pool = createUpstreamPool(config, {
    clientInfo: { name: 'x-gateway', version: '0.1.0' },
    ...startOptionsOf(gatewayConfig.upstreams),
    stderr: options.quiet ? 'ignore' : piped === undefined ? 'inherit' : 'pipe',
    ...(piped === undefined ? {} : { onStderr: piped }),
    ...(integrity === undefined ? {} : { toolScreen: integrity }),
  });
  const closePool = async () => {
    await pool.close();
    await integrity?.close();
  };
  // A status line on a terminal only (a client reading our stderr sees nothing).
  const status = startProgress(
    process.stderr,
    `x-gateway: ingesting ${pool.upstreams.size} servers`,
  );
  let runtime: GatewayRuntime;
  try {
    runtime = await createGatewayRuntime({
      upstreams: upstreamsFromPool(pool),
      onError: (error) => options.report(`catalog refresh refused: ${error.message}`),
      ...(schemaTrust === undefined ? {} : { schemaTrust }),
      ...(gatewayConfig.refresh === undefined ? {} : { refresh: gatewayConfig.refresh }),
    });
  } catch (error) {
    status.finish('x-gateway: catalog ingest failed');
    await closePool();
    throw error;
  }
  status.finish(`x-gateway: ingested ${runtime.catalog.size} tools`);
  for (const upstream of runtime.lastRefresh.upstreams) {
    if (upstream.status === 'failed') {
      options.report(
        `upstream ${upstream.name} is unavailable: ${upstream.error?.message ?? 'listing failed'}`,
      );
    }
  }
  for (const flagged of runtime.lastRefresh.schemas?.flagged ?? []) {
    options.report(`schema of ${flagged.tool_id} flagged: ${flagged.reason}`);
  }
  const controls = hasDispatchControls(gatewayConfig)
    ? createGatewayControls(runtime, controlsOptionsOf(gatewayConfig))
    : undefined;
  const primitives =
    gatewayConfig.primitives?.enabled === true
      ? await createPrimitiveRuntime({
          upstreams: primitiveUpstreamsFromPool(pool),
          onError: (error) => options.report(`resource/prompt refresh refused: ${error.message}`),
        })
      : undefined;
  return {
    pool,
    runtime,
    config: gatewayConfig,
    controls,
    primitives,
    policies: createPolicyEngine(config.policies),
    async close() {
      primitives?.close();
      controls?.close();
      runtime.close();
      await closePool();
    },
  };
}
