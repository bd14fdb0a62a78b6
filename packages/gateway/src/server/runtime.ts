/**
 * The runtime both modes share: the live catalog over the upstreams, atomic
 * refresh, hydration, and validated dispatch.
 *
 * @module
 */

import type { CallToolResult } from '@modelcontextprotocol/server';
import {
  type Catalog,
  type CatalogEntry,
  type CatalogOptions,
  createCatalog,
  type HydrationResult,
} from '../browse/catalog.js';
import type { SchemaTrust, SchemaTrustReport } from '../controls/schema-trust.js';
import { type GatewayErrorPayload, toErrorPayload } from '../error-payload/error-payload.js';
import { GatewayError, toGatewayError } from '../errors.js';
import { type CollapsedTool, collapseDuplicateNames } from '../refresh/collapse-duplicates.js';
import type { RefreshOptions } from '../refresh/refresh-options.js';
import { assertStillCurrent } from '../refresh/still-current.js';
import {
  createSchemaCompiler,
  DEFAULT_SCHEMA_LIMITS,
  type SchemaCompiler,
  type SchemaLimits,
} from '../validation/schema-validation.js';
import { classifyUpstreamFailure, createLiveCatalog } from './live-catalog.js';
import type { GatewayUpstream, GatewayUpstreamCallOptions } from './upstream.js';

/**
 * What {@link createGatewayRuntime} takes.
 *
 * @see gateway-surface §4
 */
export interface GatewayRuntimeOptions {
  /** The upstream servers, in configuration order; names must be unique. */
  upstreams: readonly GatewayUpstream[];
  /** Options of every catalog built. */
  catalog?: CatalogOptions;
  /** Bounds on upstream input schemas (§4.4); default `DEFAULT_SCHEMA_LIMITS`. */
  schemaLimits?: SchemaLimits;
  /** Ingest-time schema checks (§4.4); their bounds apply when `schemaLimits` is not given. */
  schemaTrust?: SchemaTrust;
  /** How refreshes treat one raw tool name listed by several upstreams of a namespace (§4.6). */
  refresh?: Partial<RefreshOptions>;
  /** Hears failures that have no caller to go to (a refresh triggered by `list_changed`). */
  onError?: (error: GatewayError) => void;
}

/**
 * How one refresh went, per upstream.
 *
 * @see gateway-surface §4.6
 */
export interface RefreshReport {
  /** The tools in the catalog after the refresh. */
  tools: number;
  /** Per upstream in configuration order. */
  upstreams: UpstreamRefresh[];
  /** Why the new catalog was refused (a collision, a card over budget); the previous one stays. */
  error?: GatewayErrorPayload;
  /** What schema trust flagged in the catalog in force (with `schemaTrust` only). */
  schemas?: SchemaTrustReport;
  /** Tools left out because an earlier upstream of their namespace lists the same name (`first-wins` only). */
  collapsed?: CollapsedTool[];
}

/**
 * How one upstream's listing went in a refresh.
 *
 * @see gateway-surface §4.6
 */
export interface UpstreamRefresh {
  /** The server key. */
  name: string;
  /** `failed` when listing failed; its last known tools are kept. */
  status: 'ok' | 'failed';
  /** The tools it has in the catalog now. */
  tools: number;
  /** Why listing failed. */
  error?: GatewayErrorPayload;
}

/**
 * A validated call and its upstream result.
 *
 * @see gateway-surface §4.2, §4.4
 */
export interface ExecuteOutcome {
  /** The catalog entry that ran. */
  entry: CatalogEntry;
  /** The upstream's result, as it sent it. */
  result: CallToolResult;
}

/**
 * A call that passed hydration and validation and may be dispatched.
 *
 * @see gateway-surface §4.4
 */
export interface PreparedCall {
  /** The catalog entry to call. */
  entry: CatalogEntry;
  /** The validated arguments. */
  args: Record<string, unknown>;
}

/**
 * The state both the proxy and the gateway serve from; one per process,
 * shared by every session (it holds no per-caller state).
 *
 * @see gateway-surface §4, §4.6
 */
export interface GatewayRuntime {
  /** The current catalog; replaced whole by a refresh. */
  readonly catalog: Catalog;
  /** The report of the latest refresh. */
  readonly lastRefresh: RefreshReport;
  /**
   * Lists the named upstreams again (all when omitted) and rebuilds the
   * catalog in one synchronous step, so a concurrent call sees the old or
   * the new catalog, never a mix. An upstream that fails keeps its last known
   * tools. A catalog that cannot be built (`TOOL_ID_COLLISION`,
   * `CARD_OVER_BUDGET`) is refused and reported; the previous one stays.
   * Refreshes run one at a time.
   */
  refresh(upstreams?: readonly string[]): Promise<RefreshReport>;
  /**
   * The schema of a tool by `tool_id` only (§4.3). Throws {@link GatewayError}
   * `ARGS_INVALID` (on the wire) for a malformed id, `HYDRATE_FAILED` for an
   * unknown one, `SCHEMA_INVALID` when the upstream schema is unusable.
   */
  hydrate(toolId: unknown): Promise<HydrationResult>;
  /**
   * Hydrates, validates `args` with ajv, and only then calls the upstream
   * (§4.4): every error before the call (`ARGS_INVALID`, `HYDRATE_FAILED`,
   * `SCHEMA_INVALID`) means nothing reached the upstream. Upstream failures
   * are classified (`UPSTREAM_TIMEOUT`, `UPSTREAM_UNAVAILABLE`, ...) with
   * `retryable`; a tool's own failure is a result with `isError`.
   */
  execute(
    toolId: unknown,
    args: unknown,
    options?: GatewayUpstreamCallOptions,
  ): Promise<ExecuteOutcome>;
  /**
   * The part of {@link GatewayRuntime.execute} before the upstream: resolves `toolId`,
   * compiles (once per tool id) and validates `args`; throws as `execute` does.
   */
  prepare(toolId: unknown, args: unknown): Promise<PreparedCall>;
  /** The part of {@link GatewayRuntime.execute} after validation: one upstream call, failures classified. */
  dispatch(call: PreparedCall, options?: GatewayUpstreamCallOptions): Promise<ExecuteOutcome>;
  /** Calls `listener` after each catalog swap; returns the unsubscribe function. */
  onCatalogChanged(listener: (catalog: Catalog) => void): () => void;
  /** Stops following upstream `list_changed`; the upstreams themselves belong to the caller. */
  close(): void;
}

interface State {
  catalog: Catalog;
  compiler: SchemaCompiler;
  schemas?: SchemaTrustReport;
  collapsed?: CollapsedTool[];
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Creates the runtime and ingests every upstream's tools once.
 *
 * Upstreams whose listing fails start with no tools (see
 * {@link GatewayRuntime.lastRefresh}); each upstream's `list_changed` (core
 * also sends it after a reconnect) refreshes that upstream. Throws
 * {@link GatewayError} `ARGS_INVALID` for repeated upstream names, and the
 * catalog's error when the first catalog cannot be built.
 *
 * @see gateway-surface §4, §4.6
 */
export async function createGatewayRuntime(
  options: GatewayRuntimeOptions,
): Promise<GatewayRuntime> {
  const upstreams = new Map<string, GatewayUpstream>();
  for (const upstream of options.upstreams) {
    if (upstreams.has(upstream.name)) {
      throw new GatewayError({
        code: 'ARGS_INVALID',
        message: `two upstreams are named ${upstream.name}`,
        data: { upstream: upstream.name },
      });
    }
    upstreams.set(upstream.name, upstream);
  }
  const limits = options.schemaLimits ?? options.schemaTrust?.limits ?? DEFAULT_SCHEMA_LIMITS;
  const live = createLiveCatalog({
    upstreams,
    operation: 'tools/list',
    listUpstream: (upstream: GatewayUpstream) => upstream.listTools(),
  });
  const listeners = new Set<(catalog: Catalog) => void>();

  function build(): State {
    const listed = [...upstreams.values()].map((upstream) => ({
      upstream: upstream.name,
      namespace: upstream.namespace,
      tools: live.known(upstream.name) ?? [],
      about: upstream.about?.(),
    }));
    const { sources, collapsed } =
      options.refresh?.duplicates === 'first-wins'
        ? collapseDuplicateNames(listed)
        : { sources: listed, collapsed: [] };
    const catalog = createCatalog(sources, options.catalog);
    const schemas = options.schemaTrust?.inspect(catalog);
    return {
      catalog,
      compiler: createSchemaCompiler(limits),
      ...(schemas === undefined ? {} : { schemas }),
      ...(collapsed.length === 0 ? {} : { collapsed }),
    };
  }

  /** Lists the named upstreams and reports every upstream, in configuration order. */
  async function list(names: readonly string[]): Promise<UpstreamRefresh[]> {
    const failures = new Map(
      (await live.list(names)).map((failure) => [failure.name, failure.error]),
    );
    return live.names.map((name) => {
      const tools = live.known(name)?.length ?? 0;
      const error = failures.get(name);
      return error === undefined
        ? { name, status: 'ok', tools }
        : { name, status: 'failed', tools, error: toErrorPayload(error) };
    });
  }

  // Followed before the first listing: an upstream that comes up meanwhile (core retries a failed
  // start) announces its tools then, and that refresh takes its turn after the first listing.
  live.follow(['tools'], (name) => refresh([name]));
  let first: { report: UpstreamRefresh[]; state: State };
  try {
    first = await live.inTurn(async () => {
      const report = await list(live.names);
      return { report, state: build() };
    });
  } catch (error) {
    live.close();
    throw error;
  }
  const firstReport = first.report;
  let state = first.state;
  let lastRefresh: RefreshReport = withSchemas({
    tools: state.catalog.size,
    upstreams: firstReport,
  });

  function withSchemas(report: RefreshReport): RefreshReport {
    const withCollapsed =
      state.collapsed === undefined ? report : { ...report, collapsed: state.collapsed };
    return state.schemas === undefined
      ? withCollapsed
      : { ...withCollapsed, schemas: state.schemas };
  }

  async function doRefresh(names: readonly string[]): Promise<RefreshReport> {
    const report = await list(names.filter((name) => upstreams.has(name)));
    try {
      state = build();
    } catch (error) {
      const refused = toGatewayError(error);
      lastRefresh = withSchemas({
        tools: state.catalog.size,
        upstreams: report,
        error: toErrorPayload(refused),
      });
      options.onError?.(refused);
      return lastRefresh;
    }
    lastRefresh = withSchemas({ tools: state.catalog.size, upstreams: report });
    for (const listener of [...listeners]) {
      try {
        listener(state.catalog);
      } catch (error) {
        options.onError?.(toGatewayError(error));
      }
    }
    return lastRefresh;
  }

  function refresh(names?: readonly string[]): Promise<RefreshReport> {
    const wanted = names ?? live.names;
    return live.inTurn(() => doRefresh(wanted));
  }

  async function prepare(toolId: unknown, args: unknown): Promise<PreparedCall> {
    const { catalog, compiler } = state;
    const entry = catalog.resolve(toolId);
    const check = await compiler.argumentCheck(
      entry.toolId,
      entry.tool.inputSchema ?? { type: 'object' },
    );
    const callArgs = args ?? {};
    if (!isPlainObject(callArgs)) {
      throw new GatewayError({
        code: 'ARGS_INVALID',
        message: "args must be an object of the tool's arguments",
        data: { tool_id: entry.toolId, field: 'args' },
      });
    }
    check(callArgs);
    return { entry, args: callArgs };
  }

  async function dispatch(
    call: PreparedCall,
    callOptions: GatewayUpstreamCallOptions = {},
  ): Promise<ExecuteOutcome> {
    const { entry } = call;
    assertStillCurrent(state.catalog, entry);
    const upstream = upstreams.get(entry.upstream) as GatewayUpstream;
    try {
      const result = await upstream.callTool(entry.upstreamName, call.args, callOptions);
      return { entry, result };
    } catch (error) {
      throw classifyUpstreamFailure(
        error,
        upstream.name,
        `tools/call ${entry.upstreamName}`,
        callOptions.signal,
      );
    }
  }

  return {
    get catalog() {
      return state.catalog;
    },
    get lastRefresh() {
      return lastRefresh;
    },
    refresh,
    async hydrate(toolId) {
      const { catalog, compiler } = state;
      const entry = catalog.resolve(toolId);
      await compiler.argumentCheck(entry.toolId, entry.tool.inputSchema ?? { type: 'object' });
      return catalog.hydrate(entry.toolId);
    },
    prepare,
    dispatch,
    async execute(toolId, args, callOptions = {}) {
      return dispatch(await prepare(toolId, args), callOptions);
    },
    onCatalogChanged(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    close() {
      live.close();
      listeners.clear();
    },
  };
}
