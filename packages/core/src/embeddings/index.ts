/**
 * `@x/core/embeddings`: hybrid ranking as an option beside the lexical ranker of
 * `@x/core/search`. An {@link EmbeddingProvider} turns texts into vectors (an OpenAI-compatible
 * `/v1/embeddings` client is included: Ollama, llama.cpp, vLLM and hosted services answer it; so
 * is an in-process sentence encoder, {@link createSentenceEncoderProvider}, and a runner of
 * sentence-embedding models on disk in ONNX, {@link createOnnxEmbeddingProvider});
 * {@link createHybridSearch} fuses the lexical and the cosine rankings by reciprocal rank, embeds
 * each document once (cached by content hash) and falls back to the lexical ranking, with a
 * warning, whenever the provider fails.
 *
 * @module
 */

// Providers
export {
  createDistilledEncoderProvider,
  type DistilledEncoderOptions,
} from './distilled-encoder-provider.js';
// Cache
export {
  createEmbeddingCache,
  DEFAULT_EMBEDDING_CACHE_ENTRIES,
  type EmbeddingCache,
  type EmbeddingCacheOptions,
} from './embedding-cache.js';
export type { EmbeddingProvider } from './embedding-provider.js';
// Hybrid search
export {
  createHybridSearch,
  type HybridHit,
  type HybridResult,
  type HybridSearch,
  type HybridSearchOptions,
  type HybridWarning,
} from './hybrid-search.js';
export { ONNX_EMBEDDING_PACKAGES } from './onnx-packages.js';
export type { OnnxPooling } from './onnx-pooling.js';
export {
  createOnnxEmbeddingProvider,
  DEFAULT_ONNX_MAX_CHARS,
  type OnnxEmbeddingOptions,
} from './onnx-provider.js';
export { createOpenAiEmbeddingProvider, type OpenAiEmbeddingOptions } from './openai-embeddings.js';
export {
  createEmbeddingProviderFromConfig,
  type EmbeddingProviderConfig,
  EmbeddingProviderConfigSchema,
} from './provider-config.js';
export type { SentenceEncoderModel } from './sentence-encoder-model.js';
export {
  loadSentenceEncoderParts,
  type SentenceEncoderParts,
} from './sentence-encoder-parts.js';
export {
  createSentenceEncoderProvider,
  DEFAULT_SENTENCE_ENCODER_MAX_CHARS,
  loadSentenceEncoder,
  SENTENCE_ENCODER_PACKAGES,
  type SentenceEncoderOptions,
  sentenceEncoderInstalled,
} from './sentence-encoder-provider.js';
// Tool vectors, in the background and persistent
export {
  createToolVectors,
  type ToolVectors,
  type ToolVectorsOptions,
  type ToolVectorsReport,
  toolEmbeddingText,
} from './tool-vectors.js';
export {
  createFolderVectorStore,
  createSessionVectorStore,
  defaultVectorCacheDirectory,
  type VectorStore,
  vectorKey,
} from './vector-store.js';
export {
  createWordVectorProvider,
  WORD_VECTOR_STOP_WORDS,
  type WordVectorProviderOptions,
} from './word-vector-provider.js';
export { parseWordVectorTable, type WordVectorTable } from './word-vector-table.js';
