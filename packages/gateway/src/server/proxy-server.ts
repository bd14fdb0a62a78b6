/**
 * Proxy mode: the whole catalog as stripped `tools/list` entries, plus
 * `tool_hydrate` and `tool_execute`.
 *
 * @module
 */

import { randomUUID } from 'node:crypto';
import type { CallToolResult, Implementation, McpServer, Tool } from '@modelcontextprotocol/server';
import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { clientDeclaresGroups, installGroups } from '@x/core/groups';
import type { PolicyEngine } from '@x/core/policy';
import type { ServerFactory } from '@x/core/serve';
import { createMemorySessionStore, type SessionStore } from '@x/core/sessions';
import type { Catalog } from '../browse/catalog.js';
import type { ControlsCaller, GatewayControls } from '../controls/gateway-controls.js';
import { parseExecuteArguments, withProvenanceMeta } from '../controls/server-hooks.js';
import { GatewayError } from '../errors.js';
import { namespaceGroups, proxyGroupPayload } from '../groups/catalog-groups.js';
import { createClientSafeNameIndex, toClientSafeName } from '../tool-id/client-safe-name.js';
import { isToolId } from '../tool-id/tool-id.js';
import { recordListingSavings } from './browse-savings.js';
import { createRawToolServer, DEFAULT_SERVER_INFO, errorResult, jsonResult } from './mcp-server.js';
import {
  META_TOOL_NAMES,
  parseMetaArguments,
  TOOL_EXECUTE,
  TOOL_HYDRATE,
  ToolHydrateArgumentsSchema,
} from './meta-tools.js';
import { policyViewOf } from './policy-view.js';
import type { GatewayRuntime } from './runtime.js';

/**
 * How the proxy names the stripped entries of `tools/list`.
 *
 * - `client-safe` (default): `<namespace>__<name>_<hash>`, 1-64 of
 *   `A-Za-z0-9_-`, which every MCP client and model API accepts.
 * - `canonical`: the `tool_id` itself, as §4.1 writes it; it holds `:` and
 *   `#` and may exceed 64 characters, which clients that enforce the MCP
 *   naming rule refuse.
 *
 * @see gateway-surface §4.1
 */
export type ProxyToolNames = 'client-safe' | 'canonical';

/**
 * What {@link createProxyServer} takes besides the runtime.
 *
 * @see gateway-surface §4.1
 */
export interface ProxyServerOptions {
  /**
   * The caller scope per-caller state is keyed by (`CallerContext.scope` of `@x/core/serve`):
   * seen sets, rate-limit windows and quotas. Without one, the transport's session id, else a
   * random key of this server instance.
   */
  scope?: string;
  /** How stripped entries are named; default `client-safe`. */
  toolNames?: ProxyToolNames;
  /** Entries per `tools/list` page; 0 (the default) puts all on one page. */
  pageSize?: number;
  /** The `serverInfo` to announce; default `x-gateway` and this package's version. */
  serverInfo?: Implementation;
  /** Where per-caller state (rate-limit windows) lives; default one in-memory store per factory. */
  sessionStore?: SessionStore;
  /** The opt-in dispatch controls (§4.4, §4.5); without them `tool_execute` is as specified in §4.1. */
  controls?: GatewayControls;
  /**
   * Experimental, off by default: answer the groups draft's `groups/list` and `groups/get`
   * (`io.modelcontextprotocol/groups`, 2026-09-28) with one group per namespace holding its
   * entries, and leave those entries out of `tools/list` for a client that declares it.
   */
  groups?: boolean;
  /**
   * Per-caller tool policies (`@x/core/policy`): the caller's {@link ProxyServerOptions.role}
   * lists, hydrates and runs only the tools its policy allows; a denied tool is absent from
   * `tools/list` and groups and answers exactly as an unknown one. Default: everything allowed.
   */
  policies?: PolicyEngine;
  /** The caller's role (`CallerContext.role`); `undefined` for a caller without one. */
  role?: string | undefined;
}

/** The stripped listing of one catalog and the reverse of its names. */
interface Listing {
  tools: Tool[];
  toolIdByName: ReadonlyMap<string, string>;
}

/**
 * The sentinel schema of a stripped entry: an object with no properties,
 * so a client that validates against it never calls the entry directly.
 *
 * @see gateway-surface §4.1
 */
export const SENTINEL_INPUT_SCHEMA = {
  /** An object, with no properties declared. */
  type: 'object',
} as const;

function buildListing(catalog: Catalog, toolNames: ProxyToolNames): Listing {
  const toolIdByName =
    toolNames === 'canonical'
      ? new Map(catalog.toolIds.map((toolId) => [toolId, toolId]))
      : createClientSafeNameIndex(catalog.toolIds);
  const tools = catalog.cards().map(
    (card): Tool => ({
      name: toolNames === 'canonical' ? card.id : toClientSafeName(card.id),
      description: card.description,
      inputSchema: { ...SENTINEL_INPUT_SCHEMA },
    }),
  );
  return { tools: [TOOL_HYDRATE, TOOL_EXECUTE, ...tools], toolIdByName };
}

function checkPageSize(pageSize: number): number {
  if (!Number.isInteger(pageSize) || pageSize < 0) {
    throw new GatewayError({
      code: 'ARGS_INVALID',
      message: 'pageSize must be an integer >= 0',
      data: { field: 'pageSize' },
    });
  }
  return pageSize;
}

/**
 * Builds a listing cache shared by the sessions of one factory: one listing
 * per catalog, rebuilt after each refresh.
 */
function createListingCache(toolNames: ProxyToolNames): (catalog: Catalog) => Listing {
  const listings = new WeakMap<Catalog, Listing>();
  return (catalog) => {
    let listing = listings.get(catalog);
    if (listing === undefined) {
      listing = buildListing(catalog, toolNames);
      listings.set(catalog, listing);
    }
    return listing;
  };
}

/**
 * Builds the transparent proxy server of one session.
 *
 * `tools/list` returns `tool_hydrate`, `tool_execute`, then one stripped
 * entry per upstream tool in id order: `{name, description, inputSchema:
 * {"type": "object"}}` with the card's §2.4-truncated description. Clients
 * are told about catalog refreshes with `notifications/tools/list_changed`.
 * `tool_hydrate(tool_id)` returns the `HydrationResult`; `tool_execute(tool_id,
 * args)` validates with ajv before the upstream sees anything and returns the
 * upstream result unchanged. Both take the canonical id or a listed name.
 * Calling a stripped entry directly answers `ARGS_INVALID` pointing to
 * `tool_execute`; an unknown tool name is a JSON-RPC `InvalidParams` error.
 *
 * @see gateway-surface §4.1, §4.3, §4.4
 */
export function createProxyServer(
  runtime: GatewayRuntime,
  options: ProxyServerOptions = {},
): McpServer {
  return buildProxyServer(runtime, options, createListingCache(options.toolNames ?? 'client-safe'));
}

function buildProxyServer(
  fullRuntime: GatewayRuntime,
  options: ProxyServerOptions,
  listingOf: (catalog: Catalog) => Listing,
): McpServer {
  const policy = options.policies?.forRole(options.role);
  const policyView = policy === undefined ? undefined : policyViewOf(fullRuntime, policy);
  /** The runtime as the caller's role sees it. */
  const runtime = policyView?.runtime ?? fullRuntime;
  const pageSize = checkPageSize(options.pageSize ?? 0);
  const { controls } = options;
  const sessionStore = options.sessionStore ?? createMemorySessionStore();
  const fallbackSessionId = randomUUID();
  const controlsCaller = (sessionId: string | undefined): ControlsCaller => ({
    id: options.scope ?? sessionId ?? fallbackSessionId,
    store: sessionStore,
  });

  function resolveName(toolId: string): string {
    if (isToolId(toolId)) return toolId;
    return listingOf(runtime.catalog).toolIdByName.get(toolId) ?? toolId;
  }

  async function call(
    name: string,
    args: unknown,
    signal: AbortSignal,
    sessionId: string | undefined,
  ): Promise<CallToolResult> {
    await controls?.admit(controlsCaller(sessionId), name, args);
    if (name === META_TOOL_NAMES.hydrate) {
      const parsed = parseMetaArguments(name, ToolHydrateArgumentsSchema, args);
      return jsonResult(await runtime.hydrate(resolveName(parsed.tool_id)));
    }
    const parsed = parseExecuteArguments(controls, args);
    if (controls !== undefined) {
      // The controls run over every tool: the caller's policy admits the call first.
      policyView?.admit(resolveName(parsed.tool_id), parsed.args);
      const controlled = await controls.execute(
        controlsCaller(sessionId),
        resolveName(parsed.tool_id),
        parsed.args,
        { signal, dryRun: parsed.dry_run === true },
      );
      if (controlled.kind === 'dry_run') return jsonResult(controlled.report);
      return withProvenanceMeta(controlled.result, controlled.provenance);
    }
    const outcome = await runtime.execute(resolveName(parsed.tool_id), parsed.args, { signal });
    return outcome.result;
  }

  const server = createRawToolServer({
    serverInfo: options.serverInfo ?? DEFAULT_SERVER_INFO,
    listChanged: true,
    listTools(cursor, extra) {
      const all = listingOf(runtime.catalog).tools;
      // The groups draft: grouped entries stay out for a client that declared the extension.
      const listed =
        options.groups === true && clientDeclaresGroups(server.server, extra)
          ? all.filter((tool) => META_NAMES.has(tool.name))
          : all;
      const tools = controls === undefined ? listed : controls.listTools(listed);
      if (cursor === undefined) recordListingSavings(runtime.catalog, tools);
      if (pageSize === 0 && cursor === undefined) return { tools };
      const start = cursor === undefined ? 0 : Number(cursor);
      if (!/^(0|[1-9][0-9]{0,8})$/.test(cursor ?? '0') || start >= tools.length) {
        throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid cursor');
      }
      const end = pageSize === 0 ? tools.length : start + pageSize;
      return {
        tools: tools.slice(start, end),
        ...(end < tools.length ? { nextCursor: String(end) } : {}),
      };
    },
    async callTool(name, args, extra) {
      if (name === META_TOOL_NAMES.hydrate || name === META_TOOL_NAMES.execute) {
        try {
          return await call(name, args, extra.mcpReq.signal, extra.sessionId);
        } catch (error) {
          return errorResult(error);
        }
      }
      const toolId = listingOf(runtime.catalog).toolIdByName.get(name);
      if (toolId === undefined) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Unknown tool: ${name.slice(0, 64)}`,
        );
      }
      return errorResult(
        new GatewayError({
          code: 'ARGS_INVALID',
          message: `listed tools are discovery-only: call tool_execute with tool_id "${toolId}"`,
          data: { tool_id: toolId },
        }),
      );
    },
  });
  if (options.groups === true) {
    installGroups(server.server, {
      list: async () => [...namespaceGroups(runtime.catalog).values()].map((entry) => entry.group),
      async get(name) {
        const entry = namespaceGroups(runtime.catalog).get(name);
        if (entry === undefined) return undefined;
        const listing = listingOf(runtime.catalog);
        const listed = controls === undefined ? listing.tools : controls.listTools(listing.tools);
        return proxyGroupPayload(entry, listed, (toolName) => listing.toolIdByName.get(toolName));
      },
    });
  }
  const unsubscribe = runtime.onCatalogChanged(() => {
    if (server.isConnected()) void server.sendToolListChanged();
  });
  server.server.onclose = unsubscribe;
  return server;
}

/** The names of the proxy's own top-level tools. */
const META_NAMES: ReadonlySet<string> = new Set([TOOL_HYDRATE.name, TOOL_EXECUTE.name]);

/**
 * A `ServerFactory` for `@x/core/serve`: one proxy server per MCP session,
 * all sharing one listing per catalog.
 *
 * @see gateway-surface §4.1
 */
export function createProxyServerFactory(
  runtime: GatewayRuntime,
  options: ProxyServerOptions = {},
): ServerFactory {
  checkPageSize(options.pageSize ?? 0);
  const listingOf = createListingCache(options.toolNames ?? 'client-safe');
  const sessionStore = options.sessionStore ?? createMemorySessionStore();
  return (context) =>
    buildProxyServer(
      runtime,
      { ...options, sessionStore, scope: context.scope, role: context.role },
      listingOf,
    );
}
