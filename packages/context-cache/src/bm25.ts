/**
 * `@x/context-cache/bm25`: the `bm25` ranking strategy. A subpath of its own because it loads
 * the `cl100k_base` encoder ranks through `@x/core/tokens`; the main entry point never does.
 *
 * ```ts
 * import { resolveContext } from '@x/context-cache';
 * import { createBm25Strategy } from '@x/context-cache/bm25';
 *
 * const options = { cacheRoot: './caches', strategies: [createBm25Strategy()] };
 * await resolveContext({ cache: 'docs', query: 'deploy', budget: 2000, strategy: 'bm25' }, options);
 * ```
 *
 * @module
 */

export {
  BM25_FIELD_WEIGHTS,
  BM25_STRATEGY_NAME,
  BM25_TOKEN_COUNTER,
  createBm25Strategy,
} from './selection/bm25.js';
export { type MarkdownFields, markdownFields } from './selection/markdown-fields.js';
