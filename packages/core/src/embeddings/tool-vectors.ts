/**
 * The tools' vectors, computed in the background: the `semantic` part of `createToolRanker`.
 *
 * @module
 */

import { CoreError } from '../errors.js';
import { type SearchableTool, toolSearchText } from '../search/tool-fields.js';
import type { SemanticScores } from '../search/tool-ranker.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { type VectorStore, vectorKey } from './vector-store.js';
import { dot, normalize } from './vectors.js';

/** The most texts handed to the provider at once while the tools are embedded. */
const EMBED_CHUNK = 128;

/** Room for query vectors, most recently used kept. */
const QUERY_ENTRIES = 1_024;

/** How the tools' vectors were made, as {@link ToolVectorsOptions.onReady} reports it. */
export interface ToolVectorsReport {
  /** The tools. */
  readonly tools: number;
  /** How many vectors came from the store. */
  readonly cached: number;
  /** How many were embedded now. */
  readonly embedded: number;
  /** Milliseconds from creation until every vector was there. */
  readonly milliseconds: number;
}

/** What {@link createToolVectors} takes. */
export interface ToolVectorsOptions {
  /** The text embedded for each tool, in the ranker's tool order. */
  readonly texts: readonly string[];
  /** The embedding model. */
  readonly provider: EmbeddingProvider;
  /** Where vectors persist (a folder, Redis); without one, nothing outlives the process. */
  readonly store?: VectorStore;
  /** Told once every tool has its vector. */
  readonly onReady?: (report: ToolVectorsReport) => void;
  /** Told once when the tools cannot be embedded (the ranking then stays lexical). */
  readonly onError?: (error: CoreError) => void;
  /** Told when the store fails to read or write (embedding goes on without it). */
  readonly onStoreError?: (error: CoreError) => void;
  /** Stops embedding (after the batch under way): the vectors are then `failed`, silently. */
  readonly signal?: AbortSignal;
}

/** The tools' vectors, as {@link createToolVectors} makes them. */
export interface ToolVectors extends SemanticScores {
  /** `pending` while embedding, `ready` once every tool has its vector, `failed` after an error. */
  readonly state: 'pending' | 'ready' | 'failed';
  /** Settles when the state leaves `pending` (never rejects). */
  readonly settled: Promise<void>;
}

/**
 * Starts embedding the tools at once, in the background: vectors held in `store` are read, the
 * rest embedded in chunks and written back, so only tools whose text changed are embedded
 * again. Until every tool has its vector, `ready` is false and a ranker answers lexically.
 * Query vectors are kept too (the last 1,024), so a repeated request embeds nothing.
 */
export function createToolVectors(options: ToolVectorsOptions): ToolVectors {
  const { provider, texts, store } = options;
  const started = performance.now();
  const queries = new Map<string, Float32Array>();
  let state: ToolVectors['state'] = 'pending';
  let matrix: Float32Array[] = [];
  let failure: CoreError | undefined;

  const storeFailed = (error: unknown) => {
    options.onStoreError?.(asCoreError(error, 'the vector store failed'));
  };

  async function embedTools(): Promise<void> {
    const keys = texts.map((text) => vectorKey(provider.id, text));
    const found =
      store === undefined
        ? keys.map(() => undefined)
        : await store.getMany(keys).catch((error: unknown) => {
            storeFailed(error);
            return keys.map(() => undefined);
          });
    const vectors: (Float32Array | undefined)[] = [...found];
    const missing = [...texts.keys()].filter((index) => vectors[index] === undefined);
    for (let start = 0; start < missing.length; start += EMBED_CHUNK) {
      const chunk = missing.slice(start, start + EMBED_CHUNK);
      if (options.signal?.aborted === true) {
        throw new CoreError({ code: 'CANCELLED', message: 'embedding the tools was stopped' });
      }
      const embedded = await provider.embed(
        chunk.map((index) => texts[index] as string),
        options.signal,
      );
      const written: [string, Float32Array][] = [];
      chunk.forEach((index, position) => {
        const vector = normalize(embedded[position] as Float32Array);
        vectors[index] = vector;
        written.push([keys[index] as string, vector]);
      });
      if (store !== undefined) await store.setMany(written).catch(storeFailed);
    }
    const length = vectors[0]?.length;
    if (vectors.some((vector) => vector === undefined || vector.length !== length)) {
      throw new CoreError({
        code: 'UPSTREAM_ERROR',
        message: 'the tools\u2019 vectors differ in length (the store holds another model\u2019s?)',
      });
    }
    matrix = vectors as Float32Array[];
    state = 'ready';
    options.onReady?.({
      tools: texts.length,
      cached: texts.length - missing.length,
      embedded: missing.length,
      milliseconds: performance.now() - started,
    });
  }

  const settled = embedTools().catch((error: unknown) => {
    failure = asCoreError(error, 'the tools could not be embedded');
    state = 'failed';
    if (failure.code !== 'CANCELLED') options.onError?.(failure);
  });

  async function queryVectors(list: readonly string[], signal?: AbortSignal) {
    const missing = [...new Set(list.filter((text) => !queries.has(text)))];
    if (missing.length > 0) {
      const embedded = await provider.embed(missing, signal);
      missing.forEach((text, position) => {
        queries.set(text, normalize(embedded[position] as Float32Array));
        if (queries.size > QUERY_ENTRIES) queries.delete(queries.keys().next().value as string);
      });
    }
    return list.map((text) => {
      const vector = queries.get(text) as Float32Array;
      queries.delete(text);
      queries.set(text, vector);
      return vector;
    });
  }

  return {
    get state() {
      return state;
    },
    get ready() {
      return state === 'ready';
    },
    settled,
    async similarities(list, signal) {
      await settled;
      if (failure !== undefined) throw failure;
      const vectors = await queryVectors(list, signal);
      return vectors.map((query) => {
        if (matrix.some((tool) => tool.length !== query.length)) {
          throw new CoreError({
            code: 'UPSTREAM_ERROR',
            message: 'the query vector and the tools\u2019 vectors differ in length',
          });
        }
        return Float64Array.from(matrix, (tool) => dot(tool, query));
      });
    },
  };
}

function asCoreError(error: unknown, message: string): CoreError {
  return CoreError.isInstance(error)
    ? error
    : new CoreError({ code: 'UPSTREAM_ERROR', message, cause: error });
}

/**
 * The text embedded for a tool: `<namespace> <name>: <description>`, then a line of its
 * parameter names (as `toolSearchText` reads them) when it has any.
 */
export function toolEmbeddingText(tool: SearchableTool): string {
  const parameters = toolSearchText(tool, 'parameters');
  return [
    `${tool.namespace ?? ''} ${tool.name}: ${tool.description ?? ''}`.trim(),
    ...(parameters === '' ? [] : [`parameters: ${parameters}`]),
  ].join('\n');
}
