/**
 * Turns texts into vectors, for hybrid ranking (`createHybridSearch`).
 *
 * Implementations: `createOpenAiEmbeddingProvider` for any server with an OpenAI-compatible
 * `POST /v1/embeddings` (Ollama, llama.cpp's server, vLLM, hosted services); a caller may write
 * its own, for a model loaded in process.
 */
export interface EmbeddingProvider {
  /**
   * Names the model and everything else that changes the vectors (`openai:<url>#<model>`):
   * cached vectors are keyed by it, so two providers with one `id` must embed alike.
   */
  readonly id: string;
  /**
   * The vectors of `texts`, one per text in the same order, all of one length. Rejects with a
   * `CoreError` when the provider fails or answers something else.
   */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}
