import { z } from 'zod';
import { CoreError, type CoreErrorCode } from '../errors.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { wholeNumberOption } from './whole-number-option.js';

/** What {@link createOpenAiEmbeddingProvider} takes. */
export interface OpenAiEmbeddingOptions {
  /**
   * The API root that `/embeddings` is appended to, `http:` or `https:`: `http://127.0.0.1:11434/v1`
   * for Ollama, `http://127.0.0.1:8080/v1` for llama.cpp's server, `https://api.openai.com/v1`.
   */
  readonly baseUrl: string;
  /** The model name the server knows (`nomic-embed-text`, `text-embedding-3-small`). */
  readonly model: string;
  /** Sent as `Authorization: Bearer <apiKey>` when given; never put in an error. */
  readonly apiKey?: string;
  /** Asks models that support it for vectors of this length. */
  readonly dimensions?: number;
  /** The most texts per request: a whole number `>= 1`; default 64. */
  readonly batchSize?: number;
  /** Gives up on one request after this many milliseconds: `>= 1`; default 30,000. */
  readonly timeoutMs?: number;
  /** The `fetch` to use; default the global one. */
  readonly fetch?: typeof fetch;
}

/** The body of an OpenAI-compatible embeddings answer, as far as it is read. */
const EmbeddingResponseSchema = z.object({
  data: z.array(
    z.object({
      index: z.number().int().nonnegative(),
      embedding: z.array(z.number()).min(1),
    }),
  ),
});

/**
 * Creates an {@link EmbeddingProvider} that calls `POST <baseUrl>/embeddings` with
 * `{model, input, encoding_format: "float"}`, the request of OpenAI's embeddings API that local
 * servers (Ollama, llama.cpp, vLLM) also answer. Texts go in batches of `batchSize`; each answer
 * must hold one finite vector per text (placed by its `index`), all of one length.
 *
 * Failures reject with a `CoreError`: `AUTH` (401), `PERMISSION` (403), `RATE_LIMITED` (429),
 * `UNAVAILABLE` (5xx or no connection), `TIMEOUT`, `CANCELLED` (the caller's signal) and
 * `UPSTREAM_ERROR` (any other status, or an answer of another shape).
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when an option is out of range.
 */
export function createOpenAiEmbeddingProvider(options: OpenAiEmbeddingOptions): EmbeddingProvider {
  const endpoint = embeddingsUrl(options.baseUrl);
  if (typeof options.model !== 'string' || options.model === '') {
    invalid('model must be a non-empty string');
  }
  const batchSize = wholeNumberOption('batchSize', options.batchSize, 64);
  const timeoutMs = options.timeoutMs ?? 30_000;
  if (!(Number.isFinite(timeoutMs) && timeoutMs >= 1)) {
    invalid(`timeoutMs must be a number >= 1, got ${String(timeoutMs)}`);
  }
  const dimensions =
    options.dimensions === undefined
      ? undefined
      : wholeNumberOption('dimensions', options.dimensions, 1);
  const fetchFunction = options.fetch ?? fetch;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;

  async function embedBatch(texts: readonly string[], signal?: AbortSignal) {
    const body = JSON.stringify({
      model: options.model,
      input: texts,
      encoding_format: 'float',
      ...(dimensions === undefined ? {} : { dimensions }),
    });
    const timeout = AbortSignal.timeout(timeoutMs);
    const combined = signal === undefined ? timeout : AbortSignal.any([signal, timeout]);
    let response: Response;
    let payload: unknown;
    try {
      response = await fetchFunction(endpoint, { method: 'POST', headers, body, signal: combined });
      payload = response.ok ? await response.json() : undefined;
    } catch (error) {
      if (signal?.aborted === true)
        throw failure('CANCELLED', 'the embedding request was cancelled', error);
      if (timeout.aborted)
        throw failure(
          'TIMEOUT',
          `the embedding provider did not answer within ${timeoutMs} ms`,
          error,
        );
      if (error instanceof SyntaxError)
        throw failure('UPSTREAM_ERROR', 'the embedding provider answered with invalid JSON', error);
      throw failure('UNAVAILABLE', 'the embedding provider could not be reached', error);
    }
    if (!response.ok) {
      throw failure(
        statusCode(response.status),
        `the embedding provider answered HTTP ${response.status}`,
      );
    }
    return vectorsOf(payload, texts.length);
  }

  return {
    id: `openai:${endpoint}#${options.model}${dimensions === undefined ? '' : `@${dimensions}`}`,
    async embed(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += batchSize) {
        vectors.push(...(await embedBatch(texts.slice(start, start + batchSize), signal)));
      }
      const length = vectors[0]?.length;
      if (vectors.some((vector) => vector.length !== length)) {
        throw failure(
          'UPSTREAM_ERROR',
          'the embedding provider answered vectors of different lengths',
        );
      }
      return vectors;
    },
  };
}

/** The vectors of an answer in input order, checked against the number of texts sent. */
function vectorsOf(payload: unknown, count: number): Float32Array[] {
  const parsed = EmbeddingResponseSchema.safeParse(payload);
  if (!parsed.success) {
    throw failure('UPSTREAM_ERROR', 'the embedding provider answered without a valid data array');
  }
  const vectors: (Float32Array | undefined)[] = new Array(count).fill(undefined);
  for (const { index, embedding } of parsed.data.data) {
    if (index >= count || vectors[index] !== undefined) {
      throw failure(
        'UPSTREAM_ERROR',
        `the embedding provider answered a bad or repeated index ${index}`,
      );
    }
    if (!embedding.every(Number.isFinite)) {
      throw failure(
        'UPSTREAM_ERROR',
        'the embedding provider answered a vector with a non-finite number',
      );
    }
    vectors[index] = Float32Array.from(embedding);
  }
  const missing = vectors.indexOf(undefined);
  if (missing >= 0) {
    throw failure(
      'UPSTREAM_ERROR',
      `the embedding provider answered no vector for input ${missing}`,
    );
  }
  return vectors as Float32Array[];
}

function embeddingsUrl(baseUrl: string): string {
  if (typeof baseUrl !== 'string' || !URL.canParse(baseUrl)) invalid('baseUrl must be a URL');
  const url = new URL(baseUrl);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    invalid(`baseUrl must be http: or https:, got ${url.protocol}`);
  }
  url.pathname = `${url.pathname.replace(/\/+$/, '')}/embeddings`;
  url.search = '';
  url.hash = '';
  return url.href;
}

function statusCode(status: number): CoreErrorCode {
  if (status === 401) return 'AUTH';
  if (status === 403) return 'PERMISSION';
  if (status === 429) return 'RATE_LIMITED';
  if (status >= 500) return 'UNAVAILABLE';
  return 'UPSTREAM_ERROR';
}

function failure(code: CoreErrorCode, message: string, cause?: unknown): CoreError {
  return new CoreError({ code, message, ...(cause === undefined ? {} : { cause }) });
}

function invalid(message: string): never {
  throw new CoreError({ code: 'INVALID_ARGUMENT', message });
}
