/**
 * Per-caller tool policies in both modes: the runtime as one role sees it, where a denied
 * tool is exactly an unknown one.
 *
 * @module
 */

import { CoreError } from '@x/core';
import type { RolePolicy } from '@x/core/policy';
import { type Catalog, type CatalogEntry, restrictCatalog } from '../browse/catalog.js';
import { GatewayError } from '../errors.js';
import {
  type PrimitiveCatalog,
  restrictPrimitiveCatalog,
} from '../primitives/primitive-catalog.js';
import type { PrimitiveRuntime } from '../primitives/primitive-runtime.js';
import type { GatewayRuntime } from './runtime.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A cache of one narrowed value per source value, for as long as the source lives. */
function narrowing<Source extends object>(
  narrow: (source: Source) => Source,
): (source: Source) => Source {
  const cache = new WeakMap<Source, Source>();
  return (source) => {
    let narrowed = cache.get(source);
    if (narrowed === undefined) {
      narrowed = narrow(source);
      cache.set(source, narrowed);
    }
    return narrowed;
  };
}

/**
 * Admits one call of a role: resolves `toolId` in the role's catalog (a denied tool throws
 * the `HYDRATE_FAILED` of an unknown id, its suggestions drawn from allowed tools only), then
 * checks `args` against the role's argument constraints (`ARGS_INVALID` naming the argument).
 */
function admitToolCall(
  catalog: Catalog,
  policy: RolePolicy,
  toolId: unknown,
  args: unknown,
): CatalogEntry {
  const entry = catalog.resolve(toolId);
  if (!isPlainObject(args)) return entry;
  try {
    policy.checkArguments(entry.upstream, entry.upstreamName, args);
  } catch (error) {
    if (!CoreError.isInstance(error) || error.code !== 'POLICY_DENIED') throw error;
    throw new GatewayError({
      code: 'ARGS_INVALID',
      message: `${error.message} (a policy of this caller's role)`,
      data: { tool_id: entry.toolId, field: `args.${String(error.data?.argument)}` },
    });
  }
  return entry;
}

/** What one role may see of a runtime: `runtime` itself for an unrestricted role. */
export interface PolicyView {
  /** The runtime as the role sees it: its catalog holds the allowed tools only. */
  readonly runtime: GatewayRuntime;
  /** Checks a call before any dispatch control sees it (see {@link admitToolCall}). */
  admit(toolId: unknown, args: unknown): void;
}

const viewsByRuntime = new WeakMap<GatewayRuntime, WeakMap<RolePolicy, PolicyView>>();

function createPolicyView(runtime: GatewayRuntime, policy: RolePolicy): PolicyView {
  if (policy.unrestricted) return { runtime, admit: () => undefined };
  const catalogOf = narrowing((catalog: Catalog) =>
    restrictCatalog(catalog, (entry) =>
      policy.allowsTool(entry.upstream, entry.upstreamName, entry.toolId),
    ),
  );
  const admit = (toolId: unknown, args: unknown) =>
    admitToolCall(catalogOf(runtime.catalog), policy, toolId, args);
  const view: GatewayRuntime = {
    get catalog() {
      return catalogOf(runtime.catalog);
    },
    get lastRefresh() {
      return runtime.lastRefresh;
    },
    refresh: (upstreams) => runtime.refresh(upstreams),
    async hydrate(toolId) {
      catalogOf(runtime.catalog).resolve(toolId);
      return runtime.hydrate(toolId);
    },
    async prepare(toolId, args) {
      admit(toolId, args);
      return runtime.prepare(toolId, args);
    },
    dispatch: (call, options) => runtime.dispatch(call, options),
    async execute(toolId, args, options) {
      admit(toolId, args);
      return runtime.execute(toolId, args, options);
    },
    onCatalogChanged: (listener) =>
      runtime.onCatalogChanged((catalog) => listener(catalogOf(catalog))),
    // The view holds nothing of its own: the runtime belongs to its maker.
    close: () => undefined,
  };
  return { runtime: view, admit };
}

/**
 * The view of `runtime` for `policy`, built once per runtime and policy (servers made per
 * request share it, and each catalog is narrowed once per role).
 */
export function policyViewOf(runtime: GatewayRuntime, policy: RolePolicy): PolicyView {
  let views = viewsByRuntime.get(runtime);
  if (views === undefined) {
    views = new WeakMap();
    viewsByRuntime.set(runtime, views);
  }
  let view = views.get(policy);
  if (view === undefined) {
    view = createPolicyView(runtime, policy);
    views.set(policy, view);
  }
  return view;
}

const primitiveViews = new WeakMap<PrimitiveRuntime, WeakMap<RolePolicy, PrimitiveRuntime>>();

function createPrimitiveView(primitives: PrimitiveRuntime, policy: RolePolicy): PrimitiveRuntime {
  if (policy.unrestricted) return primitives;
  const catalogOf = narrowing((catalog: PrimitiveCatalog) =>
    restrictPrimitiveCatalog(catalog, (upstream) => policy.allowsServer(upstream)),
  );
  return {
    get catalog() {
      return catalogOf(primitives.catalog);
    },
    get lastRefresh() {
      return primitives.lastRefresh;
    },
    refresh: (upstreams) => primitives.refresh(upstreams),
    async read(resourceId, options) {
      catalogOf(primitives.catalog).resolve('resource', resourceId);
      return primitives.read(resourceId, options);
    },
    async get(promptId, args, options) {
      catalogOf(primitives.catalog).resolve('prompt', promptId);
      return primitives.get(promptId, args, options);
    },
    close: () => undefined,
  };
}

/**
 * The resources and prompts `policy` lets a role see: those of servers it may see at all
 * (`RolePolicy.allowsServer`); another server's are absent, and reading one answers as an
 * unknown id.
 */
export function primitiveViewOf(
  primitives: PrimitiveRuntime,
  policy: RolePolicy,
): PrimitiveRuntime {
  let views = primitiveViews.get(primitives);
  if (views === undefined) {
    views = new WeakMap();
    primitiveViews.set(primitives, views);
  }
  let view = views.get(policy);
  if (view === undefined) {
    view = createPrimitiveView(primitives, policy);
    views.set(policy, view);
  }
  return view;
}
