/**
 * The live catalog of upstream resources and prompts: listing, atomic
 * rebuild on `list_changed`, and reads routed back to the owning upstream.
 *
 * @module
 */

import type {
  GetPromptResult,
  Prompt,
  ReadResourceResult,
  Resource,
} from '@modelcontextprotocol/server';
import type { UpstreamPool } from '@x/core/upstreams';
import { type GatewayErrorPayload, toErrorPayload } from '../error-payload/error-payload.js';
import { GatewayError, toGatewayError } from '../errors.js';
import { classifyUpstreamFailure, createLiveCatalog } from '../server/live-catalog.js';
import type { GatewayUpstreamCallOptions } from '../server/upstream.js';
import { createSchemaCompiler, type SchemaCompiler } from '../validation/schema-validation.js';
import {
  createPrimitiveCatalog,
  type PrimitiveCatalog,
  type PrimitiveEntry,
  type PrimitiveSource,
} from './primitive-catalog.js';

/**
 * What the primitive runtime needs of an upstream server; core's `Upstream`
 * fits through {@link primitiveUpstreamsFromPool}. Unlike tool calls, every
 * method rejects on a transport failure so the runtime can classify it.
 *
 * @see gateway-surface §9.4
 */
export interface PrimitiveUpstream {
  /** The server's key in the configuration. */
  readonly name: string;
  /** The namespace of its ids; default {@link PrimitiveUpstream.name}. */
  readonly namespace?: string | undefined;
  /** Every resource it offers ([] when it offers none). */
  listResources(options?: GatewayUpstreamCallOptions): Promise<Resource[]>;
  /** Every prompt it offers ([] when it offers none). */
  listPrompts(options?: GatewayUpstreamCallOptions): Promise<Prompt[]>;
  /** Reads one resource by URI. */
  readResource(uri: string, options?: GatewayUpstreamCallOptions): Promise<ReadResourceResult>;
  /** Renders one prompt. */
  getPrompt(
    name: string,
    args: Record<string, string>,
    options?: GatewayUpstreamCallOptions,
  ): Promise<GetPromptResult>;
  /** Subscribes to its `list_changed` notifications (and reconnects); returns the unsubscribe function. */
  onListChanged?(listener: (kind: string) => void): () => void;
}

/**
 * How one refresh of the primitive catalog went.
 *
 * @see gateway-surface §4.6, §9
 */
export interface PrimitiveRefreshReport {
  /** Resources in the catalog after the refresh. */
  resources: number;
  /** Prompts in the catalog after the refresh. */
  prompts: number;
  /** Upstreams whose listing failed (their last known lists are kept), with why. */
  failed: Array<{
    /** The upstream's name. */
    name: string;
    /** Why its listing failed. */
    error: GatewayErrorPayload;
  }>;
}

/**
 * The resources and prompts of every upstream, shared by all sessions.
 *
 * @see gateway-surface §9.4, §9.5
 */
export interface PrimitiveRuntime {
  /** The current catalog; replaced whole by a refresh. */
  readonly catalog: PrimitiveCatalog;
  /** The report of the latest refresh. */
  readonly lastRefresh: PrimitiveRefreshReport;
  /** Lists the named upstreams again (all when omitted) and swaps in a new catalog in one step. */
  refresh(upstreams?: readonly string[]): Promise<PrimitiveRefreshReport>;
  /** Reads a resource by its id; throws as `PrimitiveCatalog.resolve`, or a classified upstream error. */
  read(
    resourceId: unknown,
    options?: GatewayUpstreamCallOptions,
  ): Promise<{
    /** The catalog entry of the resource. */
    entry: PrimitiveEntry;
    /** What the upstream answered. */
    result: ReadResourceResult;
  }>;
  /**
   * Validates `args` against the prompt's arguments (strings; the required
   * ones present; no others) and only then renders it upstream; throws
   * `ARGS_INVALID` before any upstream call when they do not fit.
   */
  get(
    promptId: unknown,
    args: unknown,
    options?: GatewayUpstreamCallOptions,
  ): Promise<{
    /** The catalog entry of the prompt. */
    entry: PrimitiveEntry;
    /** The rendered prompt, as the upstream answered. */
    result: GetPromptResult;
  }>;
  /** Stops following `list_changed`; the upstreams belong to the caller. */
  close(): void;
}

/**
 * The resource and prompt side of a core pool's upstreams, in configuration order.
 *
 * @see gateway-surface §9.4
 */
export function primitiveUpstreamsFromPool(pool: UpstreamPool): PrimitiveUpstream[] {
  return [...pool.upstreams.values()].map((upstream) => ({
    name: upstream.name,
    namespace: upstream.config.namespace,
    listResources: (options) => upstream.listResources(options),
    listPrompts: (options) => upstream.listPrompts(options),
    readResource: (uri, options) => upstream.readResource(uri, options),
    getPrompt: (name, args, options) => upstream.getPrompt(name, args, options),
    onListChanged: (listener) => upstream.onListChanged(listener),
  }));
}

interface Listed {
  resources: Resource[];
  prompts: Prompt[];
}

/**
 * Creates the runtime and lists every upstream's resources and prompts once.
 *
 * An upstream whose listing fails keeps its last known lists (none at
 * first). Each upstream's `resources` or `prompts` `list_changed` refreshes
 * that upstream; refreshes run one at a time and each builds the new
 * catalog in one synchronous step, so a concurrent read sees the old or the
 * new catalog, never a mix. Compiled prompt-argument validators are rebuilt
 * with the catalog.
 *
 * @see gateway-surface §4.6, §9.4
 */
export async function createPrimitiveRuntime(options: {
  /** The upstream servers, in configuration order. */
  upstreams: readonly PrimitiveUpstream[];
  /** The ChoiceGraph's fan-out bound for path browsing. */
  maxChildren?: number;
  /** Hears failures of refreshes that have no caller (those `list_changed` starts). */
  onError?: (error: GatewayError) => void;
}): Promise<PrimitiveRuntime> {
  const upstreams = new Map(options.upstreams.map((upstream) => [upstream.name, upstream]));
  const live = createLiveCatalog({
    upstreams,
    operation: 'list primitives',
    listUpstream: async (upstream: PrimitiveUpstream): Promise<Listed> => {
      const [resources, prompts] = await Promise.all([
        upstream.listResources(),
        upstream.listPrompts(),
      ]);
      return { resources, prompts };
    },
  });
  let state: { catalog: PrimitiveCatalog; compiler: SchemaCompiler };
  let lastRefresh: PrimitiveRefreshReport;

  /** Lists the named upstreams; the failures come sorted by name. */
  async function list(names: readonly string[]): Promise<PrimitiveRefreshReport['failed']> {
    const failures = await live.list(names);
    return failures
      .map(({ name, error }) => ({ name, error: toErrorPayload(error) }))
      .sort((left, right) => (left.name < right.name ? -1 : 1));
  }

  function build(failed: PrimitiveRefreshReport['failed']): void {
    const sources: PrimitiveSource[] = [...upstreams.values()].map((upstream) => ({
      upstream: upstream.name,
      namespace: upstream.namespace,
      resources: live.known(upstream.name)?.resources ?? [],
      prompts: live.known(upstream.name)?.prompts ?? [],
    }));
    const catalog = createPrimitiveCatalog(
      sources,
      options.maxChildren === undefined ? {} : { maxChildren: options.maxChildren },
    );
    state = { catalog, compiler: createSchemaCompiler() };
    lastRefresh = {
      resources: catalog.count('resource'),
      prompts: catalog.count('prompt'),
      failed,
    };
  }

  build(await list(live.names));

  function refresh(names?: readonly string[]): Promise<PrimitiveRefreshReport> {
    const wanted = (names ?? live.names).filter((name) => upstreams.has(name));
    return live.inTurn(async () => {
      const failed = await list(wanted);
      try {
        build(failed);
      } catch (error) {
        options.onError?.(toGatewayError(error));
      }
      return lastRefresh;
    });
  }

  live.follow(['resources', 'prompts'], (name) => refresh([name]));

  return {
    get catalog() {
      return state.catalog;
    },
    get lastRefresh() {
      return lastRefresh;
    },
    refresh,
    async read(resourceId, callOptions = {}) {
      const entry = state.catalog.resolve('resource', resourceId);
      const upstream = upstreams.get(entry.upstream) as PrimitiveUpstream;
      try {
        return { entry, result: await upstream.readResource(entry.upstreamName, callOptions) };
      } catch (error) {
        throw classifyUpstreamFailure(error, upstream.name, 'resources/read');
      }
    },
    async get(promptId, args, callOptions = {}) {
      const { catalog, compiler } = state;
      const entry = catalog.resolve('prompt', promptId);
      const callArgs = args ?? {};
      if (typeof callArgs !== 'object' || callArgs === null || Array.isArray(callArgs)) {
        throw new GatewayError({
          code: 'ARGS_INVALID',
          message: "args must be an object of the prompt's arguments",
          data: { prompt_id: entry.id, field: 'args' },
        });
      }
      const check = await compiler.argumentCheck(entry.id, entry.argumentsSchema);
      check(callArgs as Record<string, unknown>);
      const upstream = upstreams.get(entry.upstream) as PrimitiveUpstream;
      try {
        const result = await upstream.getPrompt(
          entry.upstreamName,
          callArgs as Record<string, string>,
          callOptions,
        );
        return { entry, result };
      } catch (error) {
        throw classifyUpstreamFailure(error, upstream.name, 'prompts/get');
      }
    },
    close() {
      live.close();
    },
  };
}
