/**
 * The proxy: progressive disclosure in front of the upstream servers of an `mcpServers`
 * configuration.
 *
 * @module
 */

import type { CallToolResult, Implementation, Tool } from '@modelcontextprotocol/server';
import { McpServer, ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import { CoreError } from '@x/core';
import { assignToolNames } from '@x/core/catalog-server';
import { clientDeclaresGroups, installGroups } from '@x/core/groups';
import type { PolicyEngine } from '@x/core/policy';
import type { ServerFactory } from '@x/core/serve';
import {
  anyDeclaresSkills,
  createSkillsPassthrough,
  createUpstreamPool,
  type McpServersConfig,
  type Upstream,
  type UpstreamOptions,
  type UpstreamPool,
} from '@x/core/upstreams';
import { grantKeyOf } from './grant-key.js';
import { systemPromptGuidance } from './guidance.js';
import { captureResourceHandlers } from './handler-capture.js';
import { type InstalledDisclosure, installDisclosure, type ToolSource } from './handlers.js';
import { createDisclosureRuntime, type ProgressiveDisclosureOptions } from './options.js';
import { createProxyGroups } from './proxy-groups.js';
import {
  authorizeWithPolicies,
  type ToolOriginLookup,
  withArgumentChecks,
} from './proxy-policy.js';

/** Options of {@link createDisclosureProxy}: the layer's options plus the proxy's own. */
export interface DisclosureProxyOptions extends ProgressiveDisclosureOptions {
  /**
   * Name tools `<namespace>__<tool>`, the namespace being the entry's `namespace` or its server
   * name (default true). Without it names pass unchanged and, when two upstreams offer the same
   * name, the first in configuration order wins.
   */
  prefixTools?: boolean;
  /** Options of every upstream connection (timeouts, reconnection, stderr). */
  upstream?: UpstreamOptions;
  /** `serverInfo` of the proxy (default `{ name: 'x-pd-proxy', version: '0.1.0' }`). */
  serverInfo?: Implementation;
  /** The `instructions` sent at initialize (default `systemPromptGuidance()`); `false` sends none. */
  instructions?: string | false;
  /**
   * Told when an upstream cannot list its tools. One never listed is left out until it lists;
   * one listed before keeps its last listing, so a call to its tool answers the upstream's error.
   */
  onUpstreamError?: (upstream: string, error: CoreError) => void;
  /**
   * Per-caller tool policies (`@x/core/policy`), by the caller's role: a tool its role may not
   * use is not listed, described, granted nor callable (it answers as an unknown tool), the
   * skills and group of a server it may not see are absent, and a call outside the role's
   * argument constraints is refused before the upstream sees it. Composed with `authorize`.
   */
  policies?: PolicyEngine;
  /**
   * Experimental, off by default: answer `groups/list` and `groups/get` of the groups draft
   * (`io.modelcontextprotocol/groups`, 2026-09-28) with one group per upstream, and leave the
   * grouped tools out of `tools/list` for a client that declares the extension.
   */
  groups?: boolean;
}

/** A running proxy: serve its `factory` with `serveStdio` or `serveHttp`. */
export interface DisclosureProxy {
  /** Builds one server per MCP session; every session shares the upstreams and the layer. */
  readonly factory: ServerFactory;
  /** The upstream connections. */
  readonly pool: UpstreamPool;
  /** Every proxied tool in full (stage-2 source), under its proxy name, in configuration order. */
  listTools(): Promise<Tool[]>;
  /** Drops the grants and rate-limit state of a session now (they also lapse by themselves). */
  forgetSession(sessionKey: string): Promise<void>;
  /** Closes every upstream (ending child processes); idempotent. */
  close(): Promise<void>;
}

interface ProxiedTool {
  readonly tool: Tool;
  readonly upstream: Upstream;
  readonly originalName: string;
}

/**
 * Creates a progressive-disclosure proxy in front of every enabled server of `config`.
 *
 * Tools of all upstreams are merged under proxy names (see `prefixTools`; names that break the MCP
 * naming rule are made valid with `assignToolNames` of `@x/core/catalog-server`), listed once and
 * kept until an upstream reports `list_changed` (sessions are then told too). A listing with a
 * failed upstream is not kept, so the next request tries again; meanwhile that upstream's tools
 * are the ones it last listed (none if it never did), so a known tool of a hung or restarting
 * upstream answers its typed error (`TIMEOUT`, `UNAVAILABLE`), not "not found". A call whose
 * upstream fails answers with an `isError` result naming the upstream and the error code. Tools
 * are proxied, and the upstreams' skills (the Skills extension, SEP-2640) pass through:
 * `skills/list`, `skills/get`, their `skill://` files and directory reads, each upstream's under
 * its namespace when `prefixTools` is on (`createSkillsPassthrough` of `@x/core/upstreams`), once
 * an upstream declares the extension (the first session waits for the upstreams' first contact
 * to know). Other upstream resources, and prompts, are not proxied.
 *
 * @throws ProgressiveDisclosureError `INVALID_OPTIONS`; CoreError `CONFIG_INVALID` for a bad config.
 * @see progressive-disclosure §3, §4, §5
 */
export function createDisclosureProxy(
  config: McpServersConfig,
  options: DisclosureProxyOptions = {},
): DisclosureProxy {
  const {
    prefixTools,
    upstream,
    serverInfo,
    instructions,
    onUpstreamError,
    groups,
    policies,
    ...layerOptions
  } = options;
  const originOf: ToolOriginLookup = async (name) => {
    const entry = (await tools()).get(name);
    return entry === undefined
      ? undefined
      : { server: entry.upstream.name, tool: entry.originalName };
  };
  const runtime = createDisclosureRuntime(
    policies === undefined
      ? layerOptions
      : {
          ...layerOptions,
          authorize: authorizeWithPolicies(policies, originOf, layerOptions.authorize),
        },
  );
  const pool = createUpstreamPool(config, upstream);
  const servers = new Set<McpServer>();
  let catalog: Promise<Map<string, ProxiedTool>> | undefined;
  /** What each upstream listed last time it answered, for a listing it fails. */
  const lastListed = new Map<Upstream, readonly Tool[]>();
  const skills = createSkillsPassthrough(() => [...pool.upstreams.values()], {
    prefix: prefixTools ?? true,
  });
  // The first session waits for the upstreams' first contact, so that it knows whether any
  // serves skills; later ones read what the latest connects said.
  let firstContact: Promise<unknown> | undefined;

  async function load(): Promise<{ tools: Map<string, ProxiedTool>; complete: boolean }> {
    const upstreams = [...pool.upstreams.values()];
    const outcomes = await Promise.allSettled(upstreams.map((entry) => entry.listTools()));
    const found: { upstream: Upstream; tool: Tool }[] = [];
    let complete = true;
    outcomes.forEach((outcome, index) => {
      const entry = upstreams[index] as Upstream;
      if (outcome.status === 'fulfilled') lastListed.set(entry, outcome.value);
      // A failed listing keeps the upstream's last one: a call to its tool answers its error.
      for (const tool of lastListed.get(entry) ?? []) found.push({ upstream: entry, tool });
      if (outcome.status === 'fulfilled') return;
      complete = false;
      const error = outcome.reason;
      onUpstreamError?.(
        entry.name,
        CoreError.isInstance(error)
          ? error
          : new CoreError({ code: 'UPSTREAM_ERROR', message: String(error), cause: error }),
      );
    });
    const named = assignToolNames(
      found.map(({ upstream: entry, tool }) => ({
        name: tool.name,
        server: entry.config.namespace ?? entry.name,
        inputSchema: tool.inputSchema,
      })),
      { prefixServer: prefixTools ?? true, duplicates: 'keep-first' },
    );
    const tools = new Map<string, ProxiedTool>();
    for (const { name, index } of named) {
      const { upstream: entry, tool } = found[index] as { upstream: Upstream; tool: Tool };
      tools.set(name, { tool: { ...tool, name }, upstream: entry, originalName: tool.name });
    }
    return { tools, complete };
  }

  function tools(): Promise<Map<string, ProxiedTool>> {
    if (catalog !== undefined) return catalog;
    const loading = load().then(({ tools: loaded, complete }) => {
      if (!complete && catalog === loading) catalog = undefined;
      return loaded;
    });
    catalog = loading;
    loading.catch(() => {
      if (catalog === loading) catalog = undefined;
    });
    return loading;
  }

  pool.onListChanged((_upstream, kind) => {
    if (kind !== 'tools') return;
    catalog = undefined;
    for (const server of servers) {
      if (server.isConnected()) void server.server.sendToolListChanged().catch(() => {});
    }
  });

  async function listProxiedTools(): Promise<Tool[]> {
    return [...(await tools()).values()].map((entry) => entry.tool);
  }

  const source: ToolSource = {
    listTools: listProxiedTools,
    async callTool(request, extra) {
      const entry = (await tools()).get(request.params.name);
      if (entry === undefined) {
        throw new ProtocolError(
          ProtocolErrorCode.InvalidParams,
          `Tool '${request.params.name}' not found`,
        );
      }
      try {
        return await entry.upstream.callTool(entry.originalName, request.params.arguments ?? {}, {
          signal: extra.mcpReq.signal,
        });
      } catch (error) {
        if (!CoreError.isInstance(error)) throw error;
        const result: CallToolResult = {
          content: [
            {
              type: 'text',
              text: `Upstream '${entry.upstream.name}' failed (${error.code}): ${error.message}`,
            },
          ],
          isError: true,
        };
        return result;
      }
    },
  };

  return {
    pool,
    async factory(context) {
      firstContact ??= pool.connectAll();
      await firstContact;
      const server = new McpServer(
        serverInfo ?? { name: 'x-pd-proxy', version: '0.1.0' },
        instructions === false ? {} : { instructions: instructions ?? systemPromptGuidance() },
      );
      const binding = {
        scopeKey: context.scope,
        grantKey: grantKeyOf(context.scope, context.sessionId, context.era),
        era: context.era,
        role: context.role,
        seenKeys: new Set<string>(),
      };
      const policy = policies?.forRole(context.role);
      /** The upstreams the caller's role may see at all. */
      const visibleUpstreams = () =>
        [...pool.upstreams.values()].filter(
          (entry) => policy === undefined || policy.allowsServer(entry.name),
        );
      if (anyDeclaresSkills([...pool.upstreams.values()])) {
        const sessionSkills =
          policy === undefined || policy.unrestricted
            ? skills
            : createSkillsPassthrough(visibleUpstreams, { prefix: prefixTools ?? true });
        new SkillsExtension({ source: sessionSkills }).attach(server);
      }
      let stageOne: InstalledDisclosure['stageOneTools'] = async () => [];
      const grouping =
        groups === true
          ? createProxyGroups(
              {
                upstreams: visibleUpstreams,
                upstreamOfTools: async () =>
                  new Map([...(await tools())].map(([name, entry]) => [name, entry.upstream])),
                stageOneTools: (extra) => stageOne(extra),
              },
              (extra) => clientDeclaresGroups(server.server, extra),
            )
          : undefined;
      const installed = installDisclosure(
        server.server,
        runtime,
        policy === undefined ? source : withArgumentChecks(source, policy, originOf),
        captureResourceHandlers(server.server),
        binding,
        grouping?.listing,
      );
      stageOne = installed.stageOneTools;
      if (grouping !== undefined) installGroups(server.server, grouping.source);
      servers.add(server);
      server.server.onclose = () => {
        servers.delete(server);
        // A 2026-07-28 instance serves one request: its close ends nothing of the caller's.
        if (!runtime.forgetOnClose || context.era === 'modern') return;
        for (const key of binding.seenKeys) void runtime.grants.forget(key).catch(() => {});
      };
      return server;
    },
    listTools: listProxiedTools,
    forgetSession: (sessionKey) => runtime.grants.forget(sessionKey),
    async close() {
      servers.clear();
      await pool.close();
    },
  };
}
