/**
 * `@x/gateway/hybrid`: hybrid ranking for `tool_browse(query)`, the lexical router fused with an
 * embedding provider of `@x/core/embeddings`. A subpath of its own so that the root entry loads
 * no embedding code; `createGatewayServer` of `@x/gateway/server` takes the same
 * {@link GatewayEmbeddings} as its `embeddings` option.
 *
 * @module
 */

// Hybrid ranking (an option of the router, gateway-surface §3.1)

export {
  createHybridCatalogRoute,
  createHybridRouter,
  embeddingText,
  type GatewayEmbeddings,
  type HybridCards,
  type HybridCatalogRoute,
  type HybridRoute,
  type HybridRouter,
} from './hybrid-router.js';
