/**
 * Context cost: the cl100k_base tokens a model pays for the same tools listed raw by their
 * upstreams, by the gateway in proxy mode, and by the gateway in gateway mode (its three
 * meta-tools, and one `tool_browse` answer).
 *
 * @module
 */

import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { createCatalogServer } from '@x/core/catalog-server';
import { countJsonTokens, countTokens } from '@x/core/tokens';
import {
  createGatewayRuntime,
  createGatewayServer,
  createProxyServer,
  type GatewayUpstream,
} from '@x/gateway/server';
import { groupByServer } from '../../datasets/served-catalog.js';
import { BenchError } from '../../errors.js';
import { mean } from '../../metrics/retrieval.js';
import { connectInMemory, listAllTools } from '../../servers/in-memory.js';
import type { NamedCatalog } from './catalogs.js';

/** The tokens of one catalog in each mode. */
export interface ContextCost {
  /** The catalog's name. */
  readonly catalog: string;
  /** Where its tools come from. */
  readonly source: string;
  /** Its tools. */
  readonly tools: number;
  /** Its upstream servers. */
  readonly upstreams: number;
  /** Every upstream's `tools/list`, concatenated (names `<server>__<tool>`). */
  readonly rawToolsList: number;
  /** The proxy's `tools/list`: one stripped card per tool, plus its meta-tools. */
  readonly proxyToolsList: number;
  /** The gateway's `tools/list`: `tool_browse`, `tool_execute`, `tool_view`. */
  readonly gatewayToolsList: number;
  /** The mean text of one `tool_browse(query)` answer (default `top_k`, 10 cards). */
  readonly browseResponse: number;
  /** The most tokens of one of those answers. */
  readonly browseResponseMax: number;
  /** How many queries the browse figures are over. */
  readonly browseQueries: number;
}

/**
 * Measures one catalog: the raw listing from one `@x/core/catalog-server` with `prefixServer`
 * (as a client of many servers tells tools apart), then one catalog server per server behind a
 * gateway runtime, listed over an in-memory MCP client in proxy and gateway mode, and browsed
 * with each query.
 */
export async function measureContextCost(
  named: NamedCatalog,
  queries: readonly string[],
): Promise<ContextCost> {
  const rawClient = await connectInMemory(
    createCatalogServer(named.catalog, { prefixServer: true }),
  );
  const rawTools = await listAllTools(rawClient).finally(() => rawClient.close());
  const upstreamClients: Client[] = [];
  try {
    const upstreams: GatewayUpstream[] = [];
    for (const [server, tools] of groupByServer(named.catalog)) {
      const client = await connectInMemory(
        createCatalogServer(tools, { name: server, pageSize: 0 }),
      );
      upstreamClients.push(client);
      upstreams.push(clientUpstream(server, client));
    }
    const runtime = await createGatewayRuntime({ upstreams });
    if (runtime.catalog.size !== named.catalog.length) {
      throw new BenchError({
        code: 'SETUP',
        message: `the gateway ingested ${runtime.catalog.size} of ${named.catalog.length} tools of ${named.name}`,
      });
    }
    const proxy = await connectInMemory(createProxyServer(runtime));
    const proxyTools = await listAllTools(proxy).finally(() => proxy.close());
    const gateway = await connectInMemory(createGatewayServer(runtime));
    try {
      const gatewayTools = await listAllTools(gateway);
      const browse: number[] = [];
      for (const query of queries) {
        const result = (await gateway.callTool({
          name: 'tool_browse',
          arguments: { query },
        })) as CallToolResult;
        browse.push(countTokens(resultText(result)));
      }
      return {
        catalog: named.name,
        source: named.source,
        tools: named.catalog.length,
        upstreams: upstreams.length,
        rawToolsList: countJsonTokens(rawTools),
        proxyToolsList: countJsonTokens(proxyTools),
        gatewayToolsList: countJsonTokens(gatewayTools),
        browseResponse: Math.round(mean(browse)),
        browseResponseMax: Math.max(0, ...browse),
        browseQueries: browse.length,
      };
    } finally {
      await gateway.close();
    }
  } finally {
    await Promise.all(upstreamClients.map((client) => client.close()));
  }
}

/** The text parts of a tool result, joined by newlines: what a model reads. */
export function resultText(result: CallToolResult): string {
  if (result.isError === true) {
    throw new BenchError({
      code: 'SETUP',
      message: `a gateway call failed: ${JSON.stringify(result.content)}`,
    });
  }
  return result.content
    .map((part) => (part.type === 'text' ? part.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/** A gateway upstream over a connected in-memory client. */
function clientUpstream(name: string, client: Client): GatewayUpstream {
  return {
    name,
    listTools: (options) => listAllTools(client, options?.signal),
    async callTool(tool, args, options) {
      return (await client.callTool(
        { name: tool, arguments: args },
        options?.signal === undefined ? {} : { signal: options.signal },
      )) as CallToolResult;
    },
  };
}
