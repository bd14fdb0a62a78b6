/**
 * Every enabled server of an `mcpServers` configuration, managed together.
 *
 * @module
 */
import type { CoreError } from '../errors.js';
import type { McpServersConfig } from './config-schema.js';
import type { ListChangedKind } from './connection.js';
import { createStartSlots } from './start-slots.js';
import { createUpstream } from './upstream.js';
import { resolveUpstreamOptions, type UpstreamOptions } from './upstream-options.js';
import type { Upstream } from './upstream-types.js';

/** The upstreams of one configuration (see {@link createUpstreamPool}). */
export interface UpstreamPool {
  /** Enabled upstreams by server name, in the configuration's order. */
  readonly upstreams: ReadonlyMap<string, Upstream>;
  /**
   * Connects every upstream, `maxParallelStarts` at a time, and waits for all; one failure
   * does not stop the others, and a failed one keeps trying in the background (its lists are
   * announced to `onListChanged` when it comes up). The map has every name, in order, with its
   * error or `undefined` when ready.
   */
  connectAll(): Promise<Map<string, CoreError | undefined>>;
  /** Hears `list_changed` (and reconnects) of every upstream. Returns the unsubscribe function. */
  onListChanged(listener: (upstream: string, kind: ListChangedKind) => void): () => void;
  /** Closes every upstream and ends every child process; idempotent. */
  close(): Promise<void>;
}

/**
 * Creates an upstream for every server whose entry is not `disabled`; nothing starts until
 * `connectAll()` or an operation on one of them. `options` apply to every upstream; at most
 * `options.maxParallelStarts` of them connect at once, whoever starts them.
 */
export function createUpstreamPool(
  config: McpServersConfig,
  options?: UpstreamOptions,
): UpstreamPool {
  const upstreams = new Map<string, Upstream>();
  const slots = createStartSlots(resolveUpstreamOptions(options).maxParallelStarts);
  for (const [name, server] of Object.entries(config.mcpServers)) {
    if (server.disabled !== true) {
      upstreams.set(name, createUpstream(name, server, options, slots));
    }
  }
  let closing: Promise<void> | undefined;
  return {
    upstreams,
    async connectAll() {
      const entries = [...upstreams.values()];
      const outcomes = await Promise.allSettled(entries.map((upstream) => upstream.connect()));
      const errors = new Map<string, CoreError | undefined>();
      entries.forEach((upstream, index) => {
        const outcome = outcomes[index];
        errors.set(
          upstream.name,
          outcome?.status === 'rejected' ? (outcome.reason as CoreError) : undefined,
        );
      });
      return errors;
    },
    onListChanged(listener) {
      const unsubscribes = [...upstreams.values()].map((upstream) =>
        upstream.onListChanged((kind) => listener(upstream.name, kind)),
      );
      return () => {
        for (const unsubscribe of unsubscribes) {
          unsubscribe();
        }
      };
    },
    close() {
      closing ??= Promise.all([...upstreams.values()].map((upstream) => upstream.close())).then(
        () => undefined,
      );
      return closing;
    },
  };
}
