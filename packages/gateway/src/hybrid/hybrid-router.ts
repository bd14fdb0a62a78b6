/**
 * Hybrid ranking for `tool_browse(query)`, an option beside the lexical router: the router's
 * BM25F ranking fused with an embedding provider's (`@x/core/embeddings`).
 *
 * @module
 */

import {
  createEmbeddingCache,
  createHybridSearch,
  type EmbeddingCache,
  type EmbeddingProvider,
  type HybridWarning,
} from '@x/core/embeddings';
import { toolSearchText } from '@x/core/search';
import type { Catalog, CatalogEntry } from '../browse/catalog.js';
import { routerDocument } from '../browse/catalog.js';
import {
  checkRouteArguments,
  createRouterIndex,
  DEFAULT_TOP_K,
  type RouteHit,
  type RouterDocument,
  toRouteHits,
} from '../browse/router.js';
import type { ChoiceCard } from '../cards/choice-card.js';

/**
 * Embeddings for `tool_browse(query)`: with them the gateway ranks by reciprocal-rank fusion of
 * the lexical router and the provider's cosine ranking, and falls back to the lexical ranking
 * (with a warning, never a failed browse) whenever the provider fails.
 */
export interface GatewayEmbeddings {
  /** The provider, e.g. `createOpenAiEmbeddingProvider` of `@x/core/embeddings`. */
  readonly provider: EmbeddingProvider;
  /**
   * Tool vectors by content hash; default one cache per server, so a catalog refresh embeds only
   * the tools that changed.
   */
  readonly cache?: EmbeddingCache;
  /** Told each time a browse falls back to the lexical ranking; default `process.emitWarning`. */
  readonly onWarning?: (warning: HybridWarning) => void;
  /**
   * How the rankings are merged (`HybridSearchOptions.fusion` of `@x/core/embeddings`); default
   * `rank`. Use `score` for a weak provider such as `createWordVectorProvider`, and
   * `normalized` for the in-process sentence encoder (`createSentenceEncoderProvider`): it keeps
   * a clear lexical match in place and matches each sentence of a multi-step request on its own.
   */
  readonly fusion?: 'rank' | 'score' | 'normalized';
  /** The cosine weight under `fusion: 'score'` (default 0.3) or `'normalized'` (default 1). */
  readonly semanticWeight?: number;
}

/** Ranks a catalog's tools by fused lexical and embedding rankings. */
export interface HybridRouter {
  /**
   * The best `topK` tools for `query`, as `Router.route` orders them (score descending, ties
   * by `tool_id`; scores are fused ones, rounded to 4 decimals), with the same argument errors.
   */
  route(query: string, topK?: number): Promise<RouteHit[]>;
}

/** The text embedded for a tool: namespace, name, description and parameter names. */
export function embeddingText(document: RouterDocument): string {
  const parameters = toolSearchText(document, 'parameters');
  return [
    `${document.namespace} ${document.name}: ${document.description}`,
    ...(parameters === '' ? [] : [`parameters: ${parameters}`]),
  ].join('\n');
}

/** Builds the hybrid router of one set of tools. */
export function createHybridRouter(
  documents: readonly RouterDocument[],
  embeddings: GatewayEmbeddings,
): HybridRouter {
  const search = createHybridSearch<RouterDocument>({
    documents,
    id: (document) => document.toolId,
    embeddingText,
    lexical: createRouterIndex(documents),
    provider: embeddings.provider,
    ...(embeddings.cache === undefined ? {} : { cache: embeddings.cache }),
    ...(embeddings.onWarning === undefined ? {} : { onWarning: embeddings.onWarning }),
    ...(embeddings.fusion === undefined ? {} : { fusion: embeddings.fusion }),
    ...(embeddings.semanticWeight === undefined
      ? {}
      : { semanticWeight: embeddings.semanticWeight }),
  });
  return {
    async route(query, topK = DEFAULT_TOP_K) {
      checkRouteArguments(query, topK);
      const { hits } = await search.search(query, { limit: topK, sentences: true });
      return toRouteHits(hits);
    },
  };
}

/**
 * `tool_browse(query)` with embeddings over whichever catalog the runtime holds: one hybrid
 * router per catalog (built on its first query), every catalog sharing one vector cache.
 */
export function createHybridCatalogRoute(
  embeddings: GatewayEmbeddings,
): (catalog: Catalog, query: string, topK: number) => Promise<ChoiceCard[]> {
  const shared = { ...embeddings, cache: embeddings.cache ?? createEmbeddingCache() };
  const routers = new WeakMap<Catalog, HybridRouter>();
  return async (catalog, query, topK) => {
    let router = routers.get(catalog);
    if (router === undefined) {
      const entries = catalog.toolIds.map((toolId) => catalog.entry(toolId) as CatalogEntry);
      router = createHybridRouter(entries.map(routerDocument), shared);
      routers.set(catalog, router);
    }
    const hits = await router.route(query, topK);
    return hits.map((hit) => ({ ...catalog.card(hit.toolId), score: hit.score }));
  };
}
