/**
 * `tool_browse(query)` over MCP, as `x-gateway serve` answers it: a gateway server over a data
 * set's tools (one upstream per server), a real SDK client on an in-memory transport, with the
 * app's default hybrid configuration (the in-process sentence encoder on up to two worker
 * threads, tool vectors in a cache folder, lexical answers until the vectors are ready) or the
 * lexical ranking pinned.
 *
 * @module
 */

import { availableParallelism } from 'node:os';
import type { Client } from '@modelcontextprotocol/client';
import {
  createFolderVectorStore,
  createSentenceEncoderProvider,
  type EmbeddingProvider,
  type ToolVectorsReport,
} from '@x/core/embeddings';
import type { GatewayEmbeddings } from '@x/gateway/hybrid';
import { createGatewayRuntime, createGatewayServer, prepareHybridBrowse } from '@x/gateway/server';
import { loadToolCatalog } from '../../datasets/tool-catalog.js';
import { BenchError } from '../../errors.js';
import { connectInMemory } from '../../servers/in-memory.js';

/** One browse answer: the cards' upstream names (what labels name) and which ranking made it. */
export interface BrowseAnswer {
  readonly names: string[];
  readonly ranking: string;
}

/** A gateway over a data set's tools and a client of it. */
export interface BrowseClient {
  /** `tool_browse({ query, top_k })`. */
  browse(query: string, topK: number): Promise<BrowseAnswer>;
  /** Resolves with the readiness report once the tools' vectors are ready (hybrid only). */
  readonly ready: Promise<ToolVectorsReport> | undefined;
  /** Closes the client, the server and the runtime. */
  close(): Promise<void>;
}

/** The sentence encoder as `x-gateway serve` makes it by default. */
export function appDefaultProvider(): EmbeddingProvider {
  return createSentenceEncoderProvider({ workers: Math.min(2, availableParallelism()) });
}

/**
 * Opens a gateway over the tools of the data set in `folder`. With `hybrid`, the app's default
 * hybrid ranking with vectors in `hybrid.cacheFolder`; without, the lexical ranking pinned.
 */
export async function openBrowseClient(
  folder: string,
  hybrid?: { readonly provider: EmbeddingProvider; readonly cacheFolder: string },
): Promise<BrowseClient> {
  const servers = new Map<string, { name: string; description: string; inputSchema: object }[]>();
  for (const tool of loadToolCatalog(folder)) {
    const tools = servers.get(tool.server) ?? [];
    tools.push({
      name: tool.name,
      description: tool.description,
      inputSchema: (tool.inputSchema ?? { type: 'object' }) as object,
    });
    servers.set(tool.server, tools);
  }
  const runtime = await createGatewayRuntime({
    upstreams: [...servers].map(([name, tools]) => ({
      name,
      listTools: async () =>
        tools.map((tool) => ({
          ...tool,
          inputSchema: { type: 'object' as const, ...tool.inputSchema },
        })),
      callTool: async () => ({ content: [] }),
    })),
  });
  let ready: Promise<ToolVectorsReport> | undefined;
  let embeddings: GatewayEmbeddings | undefined;
  if (hybrid !== undefined) {
    let resolveReady: (report: ToolVectorsReport) => void = () => undefined;
    let rejectReady: (error: BenchError) => void = () => undefined;
    ready = new Promise((resolve, reject) => {
      resolveReady = resolve;
      rejectReady = reject;
    });
    // A failure is the benchmark's: the row measures fused answers, never a fallback.
    ready.catch(() => undefined);
    embeddings = {
      provider: hybrid.provider,
      ranking: 'auto',
      store: createFolderVectorStore(hybrid.cacheFolder),
      onReady: resolveReady,
      onWarning: (warning) => {
        rejectReady(
          new BenchError({ code: 'SETUP', message: warning.message, cause: warning.error }),
        );
      },
    };
  }
  const stop = embeddings === undefined ? undefined : prepareHybridBrowse(runtime, embeddings);
  const server = createGatewayServer(runtime, embeddings === undefined ? {} : { embeddings });
  const client: Client = await connectInMemory(server);
  const names = new Map<string, string>();
  for (const toolId of runtime.catalog.toolIds) {
    names.set(toolId, runtime.catalog.entry(toolId)?.upstreamName ?? toolId);
  }
  return {
    ready,
    async browse(query, topK) {
      const result = await client.callTool({
        name: 'tool_browse',
        arguments: { query, top_k: topK },
      });
      const content = result.structuredContent as
        | { cards?: { id: string }[]; ranking?: string }
        | undefined;
      if (result.isError === true || content === undefined) {
        throw new BenchError({
          code: 'SETUP',
          message: `tool_browse failed: ${JSON.stringify(result.content).slice(0, 200)}`,
        });
      }
      return {
        names: (content.cards ?? []).map((card) => names.get(card.id) ?? card.id),
        ranking: content.ranking ?? 'lexical',
      };
    },
    async close() {
      await client.close();
      stop?.();
      runtime.close();
    },
  };
}
