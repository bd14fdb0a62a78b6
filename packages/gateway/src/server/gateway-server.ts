/**
 * Gateway mode: exactly `tool_browse`, `tool_execute` and `tool_view`, with
 * the context firewall and a per-caller artifact store.
 *
 * @module
 */

import { randomUUID } from 'node:crypto';
import type { CallToolResult, Implementation, McpServer } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { installGroups } from '@x/core/groups';
import type { PolicyEngine } from '@x/core/policy';
import type { Ranking } from '@x/core/search';
import { isSessionScope, type ServerFactory } from '@x/core/serve';
import { createMemorySessionStore, type SessionStore } from '@x/core/sessions';
import type { ArtifactStore } from '../artifacts/artifact.js';
import { createArtifactBudget } from '../artifacts/artifact-budget.js';
import {
  createMemoryArtifactStore,
  type MemoryArtifactStoreOptions,
} from '../artifacts/memory-artifact-store.js';
import { type BrowseSession, createBrowseSession } from '../browse/cache-stable/browse-session.js';
import type { CacheStableOptions } from '../browse/cache-stable/cache-stable-options.js';
import { renderCacheStableBrowseText } from '../browse/cache-stable/cache-stable-order.js';
import type { Catalog } from '../browse/catalog.js';
import { summarizeCatalog } from '../browse/catalog-summary.js';
import { DEFAULT_TOP_K } from '../browse/router.js';
import { renderChoiceCards } from '../cards/card-render.js';
import type { ChoiceCard } from '../cards/choice-card.js';
import type {
  ControlsCaller,
  ControlsProvenance,
  GatewayControls,
} from '../controls/gateway-controls.js';
import { parseExecuteArguments, withControlsProvenance } from '../controls/server-hooks.js';
import { toErrorPayload } from '../error-payload/error-payload.js';
import { GatewayError, toGatewayError } from '../errors.js';
import { applyFirewall, type FirewallOptions } from '../firewall/firewall.js';
import { firewallResult } from '../firewall/firewall-result.js';
import {
  DEFAULT_VIEW_LIMITS,
  type ViewLimits,
  type ViewResult,
  viewArtifact,
} from '../firewall/view/artifact-view.js';
import { gatewayGroupPayload, namespaceGroups } from '../groups/catalog-groups.js';
import {
  createHybridCatalogRoute,
  type GatewayEmbeddings,
  type HybridCatalogRoute,
} from '../hybrid/hybrid-router.js';
import type { PrimitiveRuntime } from '../primitives/primitive-runtime.js';
import { createPrimitiveTools } from '../primitives/primitive-tools.js';
import { recordCatalogSavings } from './browse-savings.js';
import {
  createRawToolServer,
  DEFAULT_SERVER_INFO,
  errorResult,
  jsonResult,
  renderedResult,
} from './mcp-server.js';
import {
  META_TOOL_NAMES,
  parseMetaArguments,
  TOOL_BROWSE,
  TOOL_EXECUTE,
  TOOL_VIEW,
  ToolBrowseArgumentsSchema,
  ToolViewArgumentsSchema,
} from './meta-tools.js';
import { policyViewOf, primitiveViewOf } from './policy-view.js';
import type { GatewayRuntime } from './runtime.js';
import { createScopedArtifactStores } from './scoped-artifact-stores.js';

/**
 * What {@link createGatewayServer} takes besides the runtime.
 *
 * @see gateway-surface §4.2
 */
export interface GatewayServerOptions {
  /**
   * The caller scope per-caller state is keyed by (`CallerContext.scope` of `@x/core/serve`):
   * seen sets, rate-limit windows and quotas. Without one, the transport's session id, else a
   * random key of this server instance.
   */
  scope?: string;
  /** Makes the session's artifact store; default an in-memory store with `artifacts`. */
  createArtifactStore?: () => ArtifactStore;
  /** Bounds of the default in-memory store. */
  artifacts?: MemoryArtifactStoreOptions;
  /**
   * With {@link createGatewayServerFactory}: how many caller scopes hold in-memory artifacts at
   * once (default 1 000); past it a new caller's first artifact is refused with `RATE_LIMITED`.
   */
  maxArtifactScopes?: number;
  /** The firewall's threshold and summary size. */
  firewall?: FirewallOptions;
  /** Bounds of one `tool_view`. */
  view?: Partial<ViewLimits>;
  /** The `serverInfo` to announce; default `x-gateway` and this package's version. */
  serverInfo?: Implementation;
  /**
   * Where per-caller state lives (seen sets, rate-limit windows), under
   * `gateway:<scope>:<name>`; default one in-memory store per server
   * factory. Pass a shared store to serve one caller from several instances.
   */
  sessionStore?: SessionStore;
  /** Cache-stable browsing (§5); off when absent or not `enabled`. */
  cacheStable?: CacheStableOptions;
  /** Resources and prompts (§9): their meta-tools are listed when upstreams offer them. */
  primitives?: PrimitiveRuntime;
  /** The opt-in dispatch controls (§4.4, §4.5); without them `tool_execute` is as specified in §4.2. */
  controls?: GatewayControls;
  /**
   * Hybrid ranking for `tool_browse(query)`: lexical and embedding rankings fused; without it
   * (the default) the lexical router alone ranks. A failing provider never fails a browse.
   */
  embeddings?: GatewayEmbeddings;
  /**
   * Experimental, off by default: answer the groups draft's `groups/list` and `groups/get`
   * (`io.modelcontextprotocol/groups`, 2026-09-28) with one group per namespace, each a set
   * of instructions naming its tool ids (they run through `tool_execute`, which stays listed).
   */
  groups?: boolean;
  /**
   * Per-caller tool policies (`@x/core/policy`): the caller's {@link GatewayServerOptions.role}
   * sees and runs only the tools its policy allows. A denied tool is absent from every browse,
   * count, summary, group and suggestion and answers exactly as an unknown id; the resources
   * and prompts of a server the role may not see are absent too. Default: everything allowed.
   */
  policies?: PolicyEngine;
  /** The caller's role (`CallerContext.role`); `undefined` for a caller without one. */
  role?: string | undefined;
}

const GATEWAY_TOOLS = [TOOL_BROWSE, TOOL_EXECUTE, TOOL_VIEW];

/**
 * What `tool_browse` says while no upstream offers a tool, in place of "No tool matched",
 * which would send the model looking for other words.
 */
const EMPTY_CATALOG_TEXT =
  'The catalog is empty: no upstream server offers a tool yet, so there is nothing to browse or run.';

/**
 * The text of a `tool_browse` response: a preamble line, then one rendered
 * card per line in the given order (the budgeted prompt form of §2.3).
 *
 * @see gateway-surface §2.3, §3.1
 */
export function renderBrowseText(cards: readonly ChoiceCard[], by: 'query' | 'path'): string {
  const preamble =
    cards.length === 0
      ? 'No tool matched. Try other words, or browse path "/".'
      : by === 'query'
        ? `${cards.length} tools, best first. Run one with tool_execute(tool_id, args):`
        : `${cards.length} entries. Browse an internal id as a path, or run a tool with tool_execute:`;
  return renderChoiceCards(cards, { preamble });
}

function viewText(view: ViewResult): string {
  const more = view.next === undefined ? '' : `; next: ${view.next}`;
  const cut = view.truncated ? ', cut' : '';
  return `[${view.handle} ${view.selector}: ${view.total} ${view.unit} in all${cut}${more}]\n${view.text}`;
}

/**
 * Builds the gateway server of one session.
 *
 * - `tool_browse(query | path [, top_k])`: the router's cards (flat BM25F over
 *   every tool, `top_k` default 10, at most 50) or the ChoiceGraph's cards at
 *   a path; the text is the budgeted prompt rendering, `structuredContent`
 *   has `{cards}` in the JSON form (with scores for a query).
 * - `tool_execute(tool_id, args)`: hydrates and validates internally (nothing
 *   invalid reaches the upstream), calls the upstream and returns the
 *   firewall's `ResultEnvelope` as `structuredContent` (`isError` when its
 *   status is `error`); the content is the upstream's own blocks when the
 *   result stays inline, else the envelope as JSON text (see
 *   `firewallResult`). An `ARGS_INVALID` from the
 *   schema carries the schema in `details.input_schema`, since gateway mode
 *   has no hydrate step for the model.
 * - `tool_view(handle, selector)`: a bounded view of one of this session's
 *   artifacts; an unknown or evicted handle is `VIEW_FAILED`.
 *
 * Every failure is a tool result with the §3.4 payload and `isError: true`;
 * an unknown tool name is a JSON-RPC `InvalidParams` error. The artifact
 * store belongs to this server (one per caller scope) and is cleared on close.
 *
 * @see gateway-surface §3, §4.2, §4.3, §4.4
 */
export function createGatewayServer(
  fullRuntime: GatewayRuntime,
  options: GatewayServerOptions = {},
): McpServer {
  const policy = options.policies?.forRole(options.role);
  const policyView = policy === undefined ? undefined : policyViewOf(fullRuntime, policy);
  /** The runtime as the caller's role sees it. */
  const runtime = policyView?.runtime ?? fullRuntime;
  const primitives =
    options.primitives === undefined || policy === undefined
      ? options.primitives
      : primitiveViewOf(options.primitives, policy);
  const store = options.createArtifactStore?.() ?? createMemoryArtifactStore(options.artifacts);
  const viewLimits: ViewLimits = { ...DEFAULT_VIEW_LIMITS, ...options.view };
  const sessionStore = options.sessionStore ?? createMemorySessionStore();
  const fallbackSessionId = randomUUID();
  /** The key of the caller's state: the scope when the server knows it (every era has one). */
  const stateKey = (sessionId: string | undefined) =>
    options.scope ?? sessionId ?? fallbackSessionId;
  const cacheStable = options.cacheStable?.enabled === true ? options.cacheStable : undefined;
  const browseSessionOf = (sessionId: string | undefined) =>
    cacheStable === undefined
      ? undefined
      : createBrowseSession(sessionStore, stateKey(sessionId), cacheStable);
  const primitiveTools =
    primitives === undefined
      ? undefined
      : createPrimitiveTools(primitives, { store, firewall: options.firewall });

  const hybridRoute =
    options.embeddings === undefined ? undefined : hybridRouteOf(options.embeddings);
  if (hybridRoute !== undefined) hybridRoute.prepare(runtime.catalog);
  /** The cards of a query and which ranking made them (`lexical` without embeddings). */
  const route = async (
    catalog: Catalog,
    query: string,
    topK: number,
  ): Promise<{ cards: ChoiceCard[]; ranking: Ranking }> =>
    hybridRoute === undefined
      ? { cards: catalog.route(query, topK), ranking: 'lexical' }
      : hybridRoute.route(catalog, query, topK);

  async function browse(args: unknown, sessionId?: string): Promise<CallToolResult> {
    const parsed = parseMetaArguments(META_TOOL_NAMES.browse, ToolBrowseArgumentsSchema, args);
    const catalog = runtime.catalog;
    const answered = (cardsText: string, value: { cards: ChoiceCard[]; ranking?: Ranking }) => {
      const text = catalog.size === 0 ? EMPTY_CATALOG_TEXT : cardsText;
      recordCatalogSavings(catalog, text);
      return renderedResult(text, value);
    };
    const browseSession = browseSessionOf(sessionId);
    if (browseSession !== undefined) {
      if (parsed.query === undefined) {
        const cards = await browseSession.arrange(catalog, catalog.browse(parsed.path as string));
        return answered(renderCacheStableBrowseText(cards), { cards });
      }
      const found = await route(catalog, parsed.query, parsed.top_k ?? DEFAULT_TOP_K);
      const cards = await browseSession.arrange(catalog, found.cards);
      return answered(renderCacheStableBrowseText(cards), { cards, ranking: found.ranking });
    }
    if (parsed.query !== undefined) {
      const found = await route(catalog, parsed.query, parsed.top_k ?? DEFAULT_TOP_K);
      return answered(renderBrowseText(found.cards, 'query'), {
        cards: found.cards,
        ranking: found.ranking,
      });
    }
    const cards = catalog.browse(parsed.path as string);
    return answered(renderBrowseText(cards, 'path'), { cards });
  }

  const controlsCaller = (sessionId: string | undefined): ControlsCaller => ({
    id: stateKey(sessionId),
    store: sessionStore,
  });

  async function execute(
    args: unknown,
    signal: AbortSignal,
    sessionId?: string,
  ): Promise<CallToolResult> {
    const { controls } = options;
    const parsed = parseExecuteArguments(controls, args);
    await recordHydrated(runtime, browseSessionOf(sessionId), parsed.tool_id);
    let outcome: Awaited<ReturnType<GatewayRuntime['execute']>>;
    let provenance: ControlsProvenance | undefined;
    try {
      if (controls === undefined) {
        outcome = await runtime.execute(parsed.tool_id, parsed.args, { signal });
      } else {
        // The controls run over every tool: the caller's policy admits the call first.
        policyView?.admit(parsed.tool_id, parsed.args);
        const controlled = await controls.execute(
          controlsCaller(sessionId),
          parsed.tool_id,
          parsed.args,
          { signal, dryRun: parsed.dry_run === true },
        );
        if (controlled.kind === 'dry_run') return jsonResult(controlled.report);
        outcome = controlled;
        provenance = controlled.provenance;
      }
    } catch (error) {
      return withSchema(runtime, parsed.tool_id, toGatewayError(error));
    }
    const { envelope, inlineBlocks } = await applyFirewall(
      outcome.result,
      { toolId: outcome.entry.toolId, upstreamName: outcome.entry.upstreamName },
      store,
      options.firewall,
    );
    return firewallResult(withControlsProvenance(envelope, provenance), inlineBlocks);
  }

  async function view(args: unknown): Promise<CallToolResult> {
    const parsed = parseMetaArguments(META_TOOL_NAMES.view, ToolViewArgumentsSchema, args);
    const artifact = await store.get(parsed.handle);
    if (artifact === undefined) {
      throw new GatewayError({
        code: 'VIEW_FAILED',
        message:
          'unknown handle: artifacts belong to the session that made them, and the least recently used are evicted',
        data: { reason: 'unknown handle', handle: parsed.handle.slice(0, 64) },
      });
    }
    const result = viewArtifact(artifact, parsed.selector, viewLimits);
    return renderedResult(viewText(result), result);
  }

  const server = createRawToolServer({
    serverInfo: options.serverInfo ?? DEFAULT_SERVER_INFO,
    instructions: summarizeCatalog(runtime.catalog),
    listChanged: false,
    listTools: () => ({
      tools: [
        ...(options.controls?.listTools(GATEWAY_TOOLS) ?? GATEWAY_TOOLS),
        ...(primitiveTools?.list() ?? []),
      ],
    }),
    async callTool(name, args, extra) {
      try {
        await options.controls?.admit(controlsCaller(extra.sessionId), name, args);
        if (name === META_TOOL_NAMES.browse) return await browse(args, extra.sessionId);
        if (name === META_TOOL_NAMES.execute) {
          return await execute(args, extra.mcpReq.signal, extra.sessionId);
        }
        if (name === META_TOOL_NAMES.view) return await view(args);
        if (primitiveTools?.handles(name) === true) {
          return await primitiveTools.call(name, args, extra.mcpReq.signal);
        }
      } catch (error) {
        return errorResult(error, name === META_TOOL_NAMES.view ? 'VIEW_FAILED' : undefined);
      }
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `Unknown tool: ${name.slice(0, 64)}; the gateway has tool_browse, tool_execute and tool_view`,
      );
    },
  });
  if (options.groups === true) {
    installGroups(server.server, {
      list: async () => [...namespaceGroups(runtime.catalog).values()].map((entry) => entry.group),
      async get(name) {
        const entry = namespaceGroups(runtime.catalog).get(name);
        return entry === undefined ? undefined : gatewayGroupPayload(entry);
      },
    });
  }
  // A store handed in belongs to its maker (it may outlive this instance: a caller scope's).
  if (options.createArtifactStore === undefined) {
    server.server.onclose = () => {
      void store.clear();
    };
  }
  return server;
}

/** Records a tool in the session's seen set when it hydrates (§5.5); a failed hydration records nothing. */
async function recordHydrated(
  runtime: GatewayRuntime,
  browseSession: BrowseSession | undefined,
  toolId: string,
): Promise<void> {
  if (browseSession === undefined) return;
  const catalog = runtime.catalog;
  try {
    await runtime.hydrate(toolId);
  } catch {
    return;
  }
  await browseSession.recordHydrated(catalog, catalog.card(toolId));
}

/** The error result of a failed execute, with the tool's schema when its arguments were refused. */
function withSchema(runtime: GatewayRuntime, toolId: string, error: GatewayError): CallToolResult {
  const payload = toErrorPayload(error);
  const entry = runtime.catalog.entry(toolId);
  if (error.code === 'ARGS_INVALID' && entry !== undefined) {
    payload.details = {
      ...payload.details,
      input_schema: entry.tool.inputSchema ?? { type: 'object' },
    };
  }
  return jsonResult(payload, true);
}

/** The hybrid route of each embeddings option, shared by every server made with it. */
const hybridRoutes = new WeakMap<GatewayEmbeddings, HybridCatalogRoute>();

/**
 * The one hybrid route of `embeddings`: servers made per session or per request (a factory
 * passes them the same options) share its tool vectors and routers, so the tools are embedded
 * once per process, not once per session.
 */
function hybridRouteOf(embeddings: GatewayEmbeddings): HybridCatalogRoute {
  let route = hybridRoutes.get(embeddings);
  if (route === undefined) {
    route = createHybridCatalogRoute(embeddings);
    hybridRoutes.set(embeddings, route);
  }
  return route;
}

/**
 * Starts embedding the runtime's tools now, and each catalog the runtime refreshes to, in the
 * background, with the hybrid route that servers made with the same `embeddings` share: so the
 * first browse need not start it, and a refreshed catalog is hybrid as soon as its changed
 * tools are embedded. Returns the function that stops it (after the batch under way).
 */
export function prepareHybridBrowse(
  runtime: GatewayRuntime,
  embeddings: GatewayEmbeddings,
): () => void {
  const route = hybridRouteOf(embeddings);
  route.prepare(runtime.catalog);
  const unsubscribe = runtime.onCatalogChanged((catalog) => {
    route.prepare(catalog);
  });
  return () => {
    unsubscribe();
    route.close();
  };
}

/**
 * A `ServerFactory` for `@x/core/serve`: one gateway server per instance the
 * transport asks for (one per stdio connection or 2025 session, one per
 * 2026-07-28 request), with state and artifacts kept per caller scope, so that
 * a later request of the same caller finds what an earlier one stored. The
 * in-memory stores share one process-wide budget (`artifacts.budget`, default
 * `createArtifactBudget()`: 256 MiB). The artifacts of a 2025 session without a
 * bearer token (a `session:` scope) are freed when its instance closes (the
 * session was deleted, went idle or expired); a caller's principal scope keeps
 * them for all of its sessions and requests.
 *
 * @see gateway-surface §4.2
 */
export function createGatewayServerFactory(
  runtime: GatewayRuntime,
  options: GatewayServerOptions = {},
): ServerFactory {
  const sessionStore = options.sessionStore ?? createMemorySessionStore();
  const scoped = createScopedArtifactStores(
    { ...options.artifacts, budget: options.artifacts?.budget ?? createArtifactBudget() },
    options.maxArtifactScopes,
  );
  return (context) => {
    const server = createGatewayServer(runtime, {
      ...options,
      sessionStore,
      scope: context.scope,
      role: context.role,
      createArtifactStore: options.createArtifactStore ?? (() => scoped.get(context.scope)),
    });
    if (options.createArtifactStore === undefined && isSessionScope(context.scope)) {
      // One instance per session scope: its close ends the session here, and its artifacts.
      const closed = server.server.onclose;
      server.server.onclose = () => {
        closed?.();
        void scoped.release(context.scope);
      };
    }
    return server;
  };
}
