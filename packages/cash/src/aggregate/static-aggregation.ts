/**
 * Static aggregation: the servers of an `mcpServers` configuration behind one CaSH server.
 *
 * @module
 */

import type { PolicyEngine } from '@x/core/policy';
import type { McpServersConfig, UpstreamOptions, UpstreamPool } from '@x/core/upstreams';
import { createUpstreamPool } from '@x/core/upstreams';
import { CashError } from '../errors.js';
import { checkLabel, toLabel } from '../names.js';
import type { NamespaceBuilder } from '../server.js';
import { policyArgumentCheck } from './policy-arguments.js';
import { createUpstreamMount, type UpstreamKind } from './upstream-mount.js';

export type { UpstreamKind } from './upstream-mount.js';

/** Options of {@link aggregateMcpServers}. */
export interface AggregateOptions {
  /** Options of every upstream connection (`@x/core/upstreams`: timeouts, reconnection, stderr). */
  upstream?: UpstreamOptions;
  /** Per server name: `auto` (default), `cash` or `mcp`; see {@link UpstreamKind}. */
  kinds?: Record<string, UpstreamKind>;
  /** Per server name: the one-liner shown by `help()` instead of the upstream's own. */
  descriptions?: Record<string, string>;
  /** How long startup waits for the upstreams' first contact, in ms (default 15,000); slower ones stay unavailable until they answer. */
  startupTimeoutMs?: number;
  /**
   * Per-caller tool policies: calls are checked against the role's argument constraints. What
   * a role sees is the server's visibility hook (see `createPolicyVisibility`).
   */
  policies?: PolicyEngine;
}

/** One upstream of an {@link Aggregation}. */
export interface AggregatedUpstream {
  /** The server name in the configuration. */
  server: string;
  /** The namespace label it is mounted under. */
  label: string;
  /** Whether its last contact succeeded. */
  available: boolean;
  /**
   * The protocol era its connection speaks: `modern` (2026-07-28) or `legacy` (2025
   * handshake); absent until it has connected once.
   */
  era?: 'legacy' | 'modern';
}

/** The upstreams mounted by {@link aggregateMcpServers}. */
export interface Aggregation {
  /** Each enabled server with its label and availability, in configuration order. */
  upstreams(): AggregatedUpstream[];
  /** How a server is served once opened (`cash` forwarded, `mcp` as functions); `undefined` before. */
  servedAs(server: string): 'cash' | 'mcp' | undefined;
  /** The upstream connections themselves (for readiness checks: `upstreamsReadiness` of `@x/core/health`). */
  readonly pool: UpstreamPool;
  /** Closes every upstream and ends every child process; idempotent. */
  close(): Promise<void>;
}

/**
 * The label of a configured server: its `namespace` when given (which must be a valid label),
 * else its name made into one (`server-memory` gives `server_memory`).
 *
 * @throws CashError `INVALID_LABEL` naming the server.
 * @see cash-rfc §5.1, §5.4.1
 */
export function upstreamLabel(server: string, namespace: string | undefined): string {
  if (namespace !== undefined) {
    try {
      checkLabel(namespace, 'namespace');
    } catch (error) {
      throw new CashError({
        code: 'INVALID_LABEL',
        message: `server "${server}": ${(error as Error).message}`,
        data: { server, label: namespace },
        cause: error,
      });
    }
    return namespace;
  }
  const label = toLabel(server);
  if (label === undefined) {
    throw new CashError({
      code: 'INVALID_LABEL',
      message: `server "${server}": its name has no letters or digits for a namespace label; set "namespace"`,
      data: { server },
    });
  }
  return label;
}

/**
 * Mounts every enabled server of `config` under its label (cash-rfc §5.4.1): a CaSH upstream's
 * namespaces appear below the label, a plain MCP server's tools become the label's functions.
 * Labels are checked before anything starts; then all upstreams connect at once, and startup
 * waits up to `startupTimeoutMs` for them. An upstream that is down, hangs or misbehaves stays
 * listed with `available: false` and its calls get clear errors; other namespaces keep working.
 *
 * @throws CashError `INVALID_LABEL` or `LABEL_COLLISION` (labels must be unique, §5.4).
 */
export async function aggregateMcpServers(
  server: NamespaceBuilder,
  config: McpServersConfig,
  options: AggregateOptions = {},
): Promise<Aggregation> {
  const enabled = Object.entries(config.mcpServers).filter(([, entry]) => entry.disabled !== true);
  const labels = new Map(
    enabled.map(([name, entry]) => [name, upstreamLabel(name, entry.namespace)]),
  );
  const pool = createUpstreamPool(config, options.upstream);
  const mounts: Array<{
    server: string;
    label: string;
    mount: ReturnType<typeof createUpstreamMount>;
  }> = [];
  try {
    for (const [name, upstream] of pool.upstreams) {
      const label = labels.get(name) ?? name;
      const mount = createUpstreamMount(upstream, {
        kind: options.kinds?.[name] ?? 'auto',
        ...(options.policies === undefined
          ? {}
          : { checkArguments: policyArgumentCheck(options.policies, name) }),
      });
      const description = options.descriptions?.[name];
      server.mount(label, mount, description === undefined ? {} : { description });
      mounts.push({ server: name, label, mount });
    }
  } catch (error) {
    await pool.close();
    throw error;
  }
  const signal = AbortSignal.timeout(options.startupTimeoutMs ?? 15_000);
  await Promise.allSettled(mounts.map(({ mount }) => mount.open(signal)));
  return {
    upstreams: () =>
      mounts.map(({ server: name, label, mount }) => {
        const era = pool.upstreams.get(name)?.era();
        return {
          server: name,
          label,
          available: mount.available(),
          ...(era === undefined ? {} : { era }),
        };
      }),
    servedAs: (name) => mounts.find((entry) => entry.server === name)?.mount.servedAs(),
    pool,
    close: () => pool.close(),
  };
}
