/**
 * What both runtimes (tools in `runtime.ts`, resources and prompts in
 * `primitives/primitive-runtime.ts`) do the same way: keep what each upstream listed last,
 * list upstreams again with their failures classified, run refreshes one at a time, and refresh
 * an upstream when it announces `list_changed`. Each runtime builds its own catalog from the
 * listings.
 *
 * @module
 */

import { CoreError } from '@x/core';
import { classifyUpstreamError } from '@x/core/upstreams';
import { GatewayError, toGatewayError } from '../errors.js';

/**
 * What a live catalog needs of an upstream: its name and, when it has them, its `list_changed`
 * notifications.
 *
 * @see gateway-surface §4.6
 */
export interface LiveUpstream {
  /** The server's key in the configuration. */
  readonly name: string;
  /** Subscribes to its `list_changed` notifications (and reconnects); returns the unsubscribe function. */
  onListChanged?(listener: (kind: string) => void): () => void;
}

/**
 * An upstream whose listing failed in {@link LiveCatalog.list}, with the classified error.
 *
 * @see gateway-surface §3.4, §4.6
 */
export interface ListingFailure {
  /** The upstream's name. */
  readonly name: string;
  /** Why its listing failed. */
  readonly error: GatewayError;
}

/**
 * The listings of a set of upstreams, kept across refreshes.
 *
 * @see gateway-surface §4.6
 */
export interface LiveCatalog<Listing> {
  /** The upstream names, in configuration order. */
  readonly names: readonly string[];
  /** What an upstream listed last; `undefined` before its first listing that worked. */
  known(name: string): Listing | undefined;
  /**
   * Lists the named upstreams at once. A listing that works replaces the upstream's last one; a
   * failed one keeps it and is returned, classified, in the order of `names`.
   */
  list(names: readonly string[]): Promise<ListingFailure[]>;
  /** Runs `task` after every task queued before it has settled: refreshes run one at a time. */
  inTurn<Result>(task: () => Promise<Result>): Promise<Result>;
  /** Calls `refresh` with an upstream's name when it announces `list_changed` of one of `kinds`. */
  follow(kinds: readonly string[], refresh: (name: string) => unknown): void;
  /** Stops following `list_changed`; the upstreams themselves belong to the caller. */
  close(): void;
}

/**
 * Creates a live catalog over `upstreams` (names unique), listing each with `listUpstream`;
 * `operation` names the listing in classified errors (`tools/list`).
 *
 * @see gateway-surface §4.6
 */
export function createLiveCatalog<Upstream extends LiveUpstream, Listing>(options: {
  /** The upstreams by name, in configuration order. */
  readonly upstreams: ReadonlyMap<string, Upstream>;
  /** The operation a failed listing is reported as. */
  readonly operation: string;
  /** Lists one upstream; rejects when it cannot. */
  readonly listUpstream: (upstream: Upstream) => Promise<Listing>;
}): LiveCatalog<Listing> {
  const { upstreams } = options;
  const known = new Map<string, Listing>();
  const unsubscribes: Array<() => void> = [];
  let queue: Promise<unknown> = Promise.resolve();

  return {
    names: [...upstreams.keys()],
    known: (name) => known.get(name),
    async list(names) {
      const outcomes = await Promise.allSettled(
        names.map((name) => options.listUpstream(upstreams.get(name) as Upstream)),
      );
      const failures: ListingFailure[] = [];
      outcomes.forEach((outcome, index) => {
        const name = names[index] as string;
        if (outcome.status === 'fulfilled') known.set(name, outcome.value);
        else
          failures.push({
            name,
            error: classifyUpstreamFailure(outcome.reason, name, options.operation),
          });
      });
      return failures;
    },
    inTurn(task) {
      const run = queue.then(task);
      queue = run.catch(() => undefined);
      return run;
    },
    follow(kinds, refresh) {
      for (const upstream of upstreams.values()) {
        const unsubscribe = upstream.onListChanged?.((kind) => {
          if (kinds.includes(kind)) void refresh(upstream.name);
        });
        if (unsubscribe !== undefined) unsubscribes.push(unsubscribe);
      }
    },
    close() {
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe();
    },
  };
}

/**
 * Turns an upstream failure into a classified {@link GatewayError} (`UPSTREAM_TIMEOUT`,
 * `UPSTREAM_UNAVAILABLE`, ...); a `GatewayError` or `CoreError` keeps its code.
 *
 * @see gateway-surface §3.4
 */
export function classifyUpstreamFailure(
  error: unknown,
  upstream: string,
  operation: string,
  signal?: AbortSignal,
): GatewayError {
  if (GatewayError.isInstance(error) || CoreError.isInstance(error)) return toGatewayError(error);
  return toGatewayError(
    classifyUpstreamError(error, {
      upstream,
      operation,
      ...(signal === undefined ? {} : { signal }),
    }),
  );
}
