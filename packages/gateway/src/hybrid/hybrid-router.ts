/**
 * Hybrid ranking for `tool_browse(query)`: the router's ranking (core's tool ranker) fused with
 * an embedding provider's similarities (`@x/core/embeddings`), the tools embedded in the
 * background while browses are answered lexically.
 *
 * @module
 */

import type { CoreError } from '@x/core';
import {
  createToolVectors,
  type EmbeddingProvider,
  type ToolVectors,
  type ToolVectorsReport,
  toolEmbeddingText,
  type VectorStore,
} from '@x/core/embeddings';
import type { Ranking } from '@x/core/search';
import { type Catalog, type CatalogEntry, routerDocument } from '../browse/catalog.js';
import {
  checkRouteArguments,
  createRouterRanker,
  DEFAULT_TOP_K,
  type RouteHit,
  type RouterDocument,
  toRouteHits,
} from '../browse/router.js';
import type { ChoiceCard } from '../cards/choice-card.js';

/**
 * Embeddings for `tool_browse(query)`: with them the gateway ranks by the router's lexical
 * shares fused with the provider's cosine similarities, part by part of a request; until every
 * tool has its vector (embedded in the background from the moment a catalog is known) and
 * whenever the provider fails, it answers lexically and says so.
 */
export interface GatewayEmbeddings {
  /** The provider, e.g. `createSentenceEncoderProvider` of `@x/core/embeddings`. */
  readonly provider: EmbeddingProvider;
  /**
   * Where tool vectors persist (`createFolderVectorStore`, `createSessionVectorStore`), so a
   * restart or another instance embeds only changed tools; default none (the process keeps
   * them in memory across catalog refreshes all the same).
   */
  readonly store?: VectorStore;
  /**
   * Which ranking answers: `auto` (default) hybrid once the vectors are ready, lexical until
   * then; `lexical` or `hybrid` pins one (`hybrid` then waits for the vectors), for tests,
   * conformance targets and browsing that must not reorder.
   */
  readonly ranking?: 'auto' | Ranking;
  /** The cosine weight of each part (core's `semanticWeight`); default 1.5. */
  readonly semanticWeight?: number;
  /** Told when a catalog's vectors are ready: the readiness signal (log it, wait on it). */
  readonly onReady?: (report: ToolVectorsReport) => void;
  /** Told when a browse falls back to the lexical ranking, or the tools cannot be embedded. */
  readonly onWarning?: (warning: { readonly message: string; readonly error: CoreError }) => void;
}

/** One hybrid answer: the hits and which ranking made them. */
export interface HybridRoute {
  /** The hits, as `Router.route` orders them. */
  readonly hits: RouteHit[];
  /** `lexical` while the vectors are pending (or pinned, or after a failure), else `hybrid`. */
  readonly ranking: Ranking;
}

/** Ranks a catalog's tools by fused lexical and embedding rankings. */
export interface HybridRouter {
  /** The best `topK` tools for `query`, with the same argument errors as `Router.route`. */
  route(query: string, topK?: number): Promise<HybridRoute>;
  /** The tools' vectors (their state, and a promise that settles when they are done). */
  readonly vectors: ToolVectors;
}

/** The text embedded for a tool: namespace, name, description and parameter names. */
export function embeddingText(document: RouterDocument): string {
  return toolEmbeddingText(document);
}

/** A store in front of another that keeps what it read or wrote in memory. */
function remembering(store: VectorStore | undefined): VectorStore {
  const held = new Map<string, Float32Array>();
  return {
    async getMany(keys) {
      const missing = keys.filter((key) => !held.has(key));
      if (store !== undefined && missing.length > 0) {
        const found = await store.getMany(missing);
        missing.forEach((key, position) => {
          const vector = found[position];
          if (vector !== undefined) held.set(key, vector);
        });
      }
      return keys.map((key) => held.get(key));
    },
    async setMany(entries) {
      for (const [key, vector] of entries) held.set(key, vector);
      await store?.setMany(entries);
    },
  };
}

/** Builds the hybrid router of one set of tools; their embedding starts at once. */
export function createHybridRouter(
  documents: readonly RouterDocument[],
  embeddings: GatewayEmbeddings,
  servers?: Catalog['servers'],
  signal?: AbortSignal,
): HybridRouter {
  const vectors = createToolVectors({
    ...(signal === undefined ? {} : { signal }),
    texts: documents.map(embeddingText),
    provider: embeddings.provider,
    ...(embeddings.store === undefined ? {} : { store: embeddings.store }),
    ...(embeddings.onReady === undefined ? {} : { onReady: embeddings.onReady }),
    onError: (error) =>
      embeddings.onWarning?.({
        message: `hybrid ranking is off, browses stay lexical: ${error.message}`,
        error,
      }),
    onStoreError: (error) =>
      embeddings.onWarning?.({ message: `the vector cache failed: ${error.message}`, error }),
  });
  const ranker = createRouterRanker(documents, servers, vectors, embeddings.semanticWeight);
  return {
    vectors,
    async route(query, topK = DEFAULT_TOP_K) {
      checkRouteArguments(query, topK);
      const result = await ranker.rank(query, {
        limit: topK,
        ranking: embeddings.ranking ?? 'auto',
        onFallback: (error) =>
          embeddings.onWarning?.({
            message: `hybrid browse fell back to the lexical ranking: ${error.message}`,
            error,
          }),
      });
      return { hits: toRouteHits(result.hits), ranking: result.ranking };
    },
  };
}

/** The cards of one hybrid browse. */
export interface HybridCards {
  /** The scored cards, best first. */
  readonly cards: ChoiceCard[];
  /** Which ranking made them. */
  readonly ranking: Ranking;
}

/** `tool_browse(query)` with embeddings over whichever catalog the runtime holds. */
export interface HybridCatalogRoute {
  /** The scored cards of the best tools and which ranking made them. */
  route(catalog: Catalog, query: string, topK: number): Promise<HybridCards>;
  /** Starts embedding a catalog's tools now (a browse would start it otherwise). */
  prepare(catalog: Catalog): HybridRouter;
  /** Stops embedding (after the batch under way); browses are lexical from then on. */
  close(): void;
}

/**
 * One hybrid router per catalog (started by {@link HybridCatalogRoute.prepare} or the first
 * query), every catalog sharing one memory of vectors in front of `embeddings.store`, so a
 * refreshed catalog embeds only the tools that changed.
 */
export function createHybridCatalogRoute(embeddings: GatewayEmbeddings): HybridCatalogRoute {
  const shared: GatewayEmbeddings = { ...embeddings, store: remembering(embeddings.store) };
  const routers = new WeakMap<Catalog, HybridRouter>();
  const stop = new AbortController();
  const prepare = (catalog: Catalog): HybridRouter => {
    let router = routers.get(catalog);
    if (router === undefined) {
      const entries = catalog.toolIds.map((toolId) => catalog.entry(toolId) as CatalogEntry);
      router = createHybridRouter(
        entries.map(routerDocument),
        shared,
        catalog.servers,
        stop.signal,
      );
      routers.set(catalog, router);
    }
    return router;
  };
  return {
    prepare,
    close: () => stop.abort(),
    async route(catalog, query, topK) {
      const { hits, ranking } = await prepare(catalog).route(query, topK);
      return {
        cards: hits.map((hit) => ({ ...catalog.card(hit.toolId), score: hit.score })),
        ranking,
      };
    },
  };
}
