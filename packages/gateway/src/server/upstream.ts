/**
 * What the gateway needs of an upstream server, and the adapter for core's pool.
 *
 * @module
 */

import type { CallToolResult, Tool } from '@modelcontextprotocol/server';
import type { UpstreamPool } from '@x/core/upstreams';
import type { CatalogServerAbout } from '../browse/catalog.js';

/**
 * Per-call options the gateway passes to an upstream.
 *
 * @see gateway-surface §4.2
 */
export interface GatewayUpstreamCallOptions {
  /** Aborted when the client cancels the `tools/call` that caused this call. */
  signal?: AbortSignal;
}

/**
 * One upstream MCP server as the gateway uses it. Core's `Upstream` fits
 * through {@link upstreamsFromPool}; tests and embedders can implement it
 * directly. Failures should be `CoreError`s (core classifies them); anything
 * else is classified by the runtime with core's `classifyUpstreamError`.
 *
 * @see gateway-surface §1.2, §3.4
 */
export interface GatewayUpstream {
  /** The server's key in the configuration: unique, where calls go. */
  readonly name: string;
  /** The namespace of its tools; default {@link GatewayUpstream.name}. */
  readonly namespace?: string | undefined;
  /** Every tool it offers, over all pages. */
  listTools(options?: GatewayUpstreamCallOptions): Promise<Tool[]>;
  /** Calls one of its tools by its upstream name. */
  callTool(
    name: string,
    args: Record<string, unknown>,
    options?: GatewayUpstreamCallOptions,
  ): Promise<CallToolResult>;
  /** Subscribes to its `list_changed` notifications (and reconnects); returns the unsubscribe function. */
  onListChanged?(listener: (kind: string) => void): () => void;
  /**
   * What the server said about itself when it last connected (`serverInfo` title and
   * description, `instructions`): evidence for its tools in `tool_browse(query)`.
   */
  about?(): CatalogServerAbout | undefined;
}

/**
 * The upstreams of a core pool, in configuration order, each with the
 * namespace of its `namespace` setting or else its server key.
 *
 * @see gateway-surface §1.2
 */
export function upstreamsFromPool(pool: UpstreamPool): GatewayUpstream[] {
  return [...pool.upstreams.values()].map((upstream) => ({
    name: upstream.name,
    namespace: upstream.config.namespace,
    listTools: (options) => upstream.listTools(options),
    callTool: (name, args, options) => upstream.callTool(name, args, options),
    onListChanged: (listener) => upstream.onListChanged(listener),
    about: () => {
      const info = upstream.serverInfo() as { title?: unknown; description?: unknown } | undefined;
      const text = (value: unknown) =>
        typeof value === 'string' && value !== '' ? value : undefined;
      const about: CatalogServerAbout = {
        title: text(info?.title),
        description: text(info?.description),
        instructions: text(upstream.instructions()),
      };
      return Object.values(about).some((value) => value !== undefined) ? about : undefined;
    },
  }));
}
