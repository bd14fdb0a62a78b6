import { CoreError } from '../errors.js';
import { DEFAULT_FUSION_K, fuseRankings } from '../search/rank-fusion.js';
import type { SearchIndex } from '../search/search-index.js';
import { checkLimit, type SearchOptions } from '../search/search-options.js';
import { sentenceTexts } from '../search/sentences.js';
import { tokenize } from '../search/tokenize.js';
import { createEmbeddingCache, type EmbeddingCache } from './embedding-cache.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { fuseNormalized, type QueryPart } from './normalized-fusion.js';
import { dot, normalize } from './vectors.js';
import { wholeNumberOption } from './whole-number-option.js';

/** The most texts handed to the provider in one `embed` call. */
const EMBED_CHUNK = 256;

/** Room for query vectors in the cache a hybrid search makes for itself. */
const QUERY_ENTRIES = 1_024;

/** What {@link createHybridSearch} takes. */
export interface HybridSearchOptions<Document> {
  /** The documents, the same ones the lexical index holds. */
  readonly documents: readonly Document[];
  /** A document's id, as the lexical index gives it. */
  readonly id: (document: Document) => string;
  /** The text embedded for a document (for a tool: its name, description and parameters). */
  readonly embeddingText: (document: Document) => string;
  /** The lexical ranker: the answer whenever the provider fails. */
  readonly lexical: SearchIndex<Document>;
  /** The embedding provider. */
  readonly provider: EmbeddingProvider;
  /** Vectors by content hash; default a cache of this search alone. Share one to embed each text once. */
  readonly cache?: EmbeddingCache;
  /** How many candidates each ranker gives the fusion: a whole number `>= 1`; default 50. */
  readonly depth?: number;
  /** The `k` of reciprocal-rank fusion; default 60. */
  readonly fusionK?: number;
  /**
   * How the two rankings are merged; default `rank`. `rank`: reciprocal-rank fusion of the two
   * lists, each cut at `depth`. `score`: each document scores its lexical score divided by the
   * best one, plus `semanticWeight` times its cosine similarity to the query when positive, so
   * a confident lexical match keeps its place and embeddings decide where words are weak.
   * `normalized`: every document scores its lexical score over the best one plus
   * `semanticWeight` times its cosine rescaled to [0, 1] over the documents, for the whole query
   * and, with the `sentences` search option, for each of its sentences (each sentence embedded
   * on its own; see `fuseNormalized`): the fusion for a sentence encoder and multi-step requests.
   */
  readonly fusion?: 'rank' | 'score' | 'normalized';
  /**
   * The weight of the cosine part under `fusion: 'score'` or `'normalized'`: a finite number
   * `>= 0`; default 0.3 under `score` (a raw cosine) and 1 under `normalized` (both parts
   * range over [0, 1], so 1 weighs them alike).
   */
  readonly semanticWeight?: number;
  /** Told each time a search falls back to the lexical ranking; default `process.emitWarning`. */
  readonly onWarning?: (warning: HybridWarning) => void;
}

/** Why a hybrid search answered with the lexical ranking alone. */
export interface HybridWarning {
  /** One line for a log. */
  readonly message: string;
  /** The provider's failure. */
  readonly error: CoreError;
}

/** One result of {@link HybridSearch.search}. */
export interface HybridHit<Document> {
  /** The document's id. */
  readonly id: string;
  /** The fused score (or the lexical score after a fallback); higher is better. */
  readonly score: number;
  /** The document. */
  readonly document: Document;
}

/** What {@link HybridSearch.search} answers. */
export interface HybridResult<Document> {
  /** The hits, best first. */
  readonly hits: HybridHit<Document>[];
  /** `hybrid` when both rankers took part, `lexical` after a fallback. */
  readonly mode: 'hybrid' | 'lexical';
}

/** A lexical index and an embedding provider ranked together, built by {@link createHybridSearch}. */
export interface HybridSearch<Document> {
  /**
   * Ranks by reciprocal-rank fusion of the lexical ranking and the cosine ranking of the
   * embedded documents against the embedded query, each cut at `depth` (or by fused scores:
   * see {@link HybridSearchOptions.fusion}). Documents are embedded
   * on the first search (texts already in the cache are not sent again). When the provider
   * fails, the answer is the lexical ranking, with a warning, never a rejection (unless the
   * caller's `signal` aborts: then `CoreError` `CANCELLED`); the next search asks the provider
   * again.
   *
   * @throws `CoreError` `INVALID_ARGUMENT` when `query` is not a string or the limit is bad.
   */
  search(
    query: string,
    options?: SearchOptions & { readonly signal?: AbortSignal },
  ): Promise<HybridResult<Document>>;
}

/**
 * Creates a hybrid search: the lexical ranker stays the base and the fallback, embeddings add
 * what words alone miss (a query that says "temperature" for a tool that says "weather").
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when `depth` or `fusionK` is out of range.
 */
export function createHybridSearch<Document>(
  options: HybridSearchOptions<Document>,
): HybridSearch<Document> {
  const depth = wholeNumberOption('depth', options.depth, 50);
  const fusionK = options.fusionK ?? DEFAULT_FUSION_K;
  if (!(Number.isFinite(fusionK) && fusionK >= 0)) {
    invalidOption(`fusionK must be a finite number >= 0, got ${String(fusionK)}`);
  }
  const fusion = options.fusion ?? 'rank';
  if (fusion !== 'rank' && fusion !== 'score' && fusion !== 'normalized') {
    invalidOption(`fusion must be "rank", "score" or "normalized", got ${String(fusion)}`);
  }
  const semanticWeight =
    options.semanticWeight ?? (fusion === 'normalized' ? 1 : DEFAULT_SEMANTIC_WEIGHT);
  if (!(Number.isFinite(semanticWeight) && semanticWeight >= 0)) {
    invalidOption(`semanticWeight must be a finite number >= 0, got ${String(semanticWeight)}`);
  }
  const { provider, documents } = options;
  const cache =
    options.cache ?? createEmbeddingCache({ maxEntries: documents.length + QUERY_ENTRIES });
  const warn = options.onWarning ?? emitWarning;
  const ids = documents.map(options.id);
  const byId = new Map(documents.map((document, index) => [ids[index] as string, document]));
  let pending: Promise<Float32Array[]> | undefined;

  /**
   * Every document's unit vector. One embedding run serves concurrent searches, and it does not
   * take a search's signal: a cancelled search leaves the run filling the cache for the next one.
   */
  function documentVectors(): Promise<Float32Array[]> {
    pending ??= (async () => {
      const texts = documents.map(options.embeddingText);
      const known = await embedAll(texts);
      return texts.map((text) => known.get(text) as Float32Array);
    })();
    pending.catch(() => {
      pending = undefined;
    });
    return pending;
  }

  /**
   * The unit vectors of `texts`: from the cache, the rest from the provider in chunks, each
   * chunk cached as it arrives so that a failure midway keeps what was embedded.
   */
  async function embedAll(
    texts: readonly string[],
    signal?: AbortSignal,
  ): Promise<Map<string, Float32Array>> {
    const known = new Map<string, Float32Array>();
    for (const text of texts) {
      const cached = cache.get(provider.id, text);
      if (cached !== undefined) known.set(text, cached);
    }
    const missing = [...new Set(texts.filter((text) => !known.has(text)))];
    for (let start = 0; start < missing.length; start += EMBED_CHUNK) {
      const chunk = missing.slice(start, start + EMBED_CHUNK);
      const embedded = await provider.embed(chunk, signal);
      if (embedded.length !== chunk.length) {
        throw upstream(
          `the embedding provider answered ${embedded.length} vectors for ${chunk.length} texts`,
        );
      }
      chunk.forEach((text, index) => {
        const vector = normalize(embedded[index] as Float32Array);
        cache.set(provider.id, text, vector);
        known.set(text, vector);
      });
    }
    return known;
  }

  /** Every document's id with its cosine similarity to the query, in document order. */
  async function semanticScores(query: string, signal?: AbortSignal): Promise<ScoredId[]> {
    const all = await documentVectors();
    const queryVector = (await embedAll([query], signal)).get(query) as Float32Array;
    if (all.some((vector) => vector.length !== queryVector.length)) {
      throw upstream('the query vector and the document vectors differ in length');
    }
    return all.map((vector, index) => ({
      id: ids[index] as string,
      score: dot(vector, queryVector),
    }));
  }

  /** Lexical score over the best one plus `semanticWeight` times the positive cosine. */
  function fuseScores(lexical: readonly ScoredId[], semantic: readonly ScoredId[]): ScoredId[] {
    const best = lexical[0]?.score ?? 0;
    const fused = new Map<string, number>();
    for (const hit of semantic) {
      if (semanticWeight > 0 && hit.score > 0) fused.set(hit.id, semanticWeight * hit.score);
    }
    if (best > 0) {
      for (const hit of lexical) fused.set(hit.id, (fused.get(hit.id) ?? 0) + hit.score / best);
    }
    return sortScored([...fused].map(([id, score]) => ({ id, score })));
  }

  /**
   * Every document's `normalized` fused score ({@link fuseNormalized}), the query and, when
   * `sentences` is on and it has two or more, each of its sentences embedded in one call.
   */
  async function normalizedScores(
    query: string,
    sentences: boolean,
    signal?: AbortSignal,
  ): Promise<ScoredId[]> {
    const all = await documentVectors();
    const split = sentences ? sentenceTexts(query, tokenize) : [];
    const parts = split.length >= 2 ? split : [];
    const vectors = await embedAll([query, ...parts], signal);
    const part = (text: string): QueryPart => {
      const vector = vectors.get(text) as Float32Array;
      if (all.some((documentVector) => documentVector.length !== vector.length)) {
        throw upstream('the query vector and the document vectors differ in length');
      }
      return {
        lexical: options.lexical.scores(text),
        cosine: Float64Array.from(all, (documentVector) => dot(documentVector, vector)),
      };
    };
    const fused = fuseNormalized(part(query), parts.map(part), semanticWeight);
    return sortScored(
      ids
        .map((id, index) => ({ id, score: fused[index] as number }))
        .filter((hit) => hit.score > 0),
    );
  }

  /** The fused ranking under `rank` or `score`, from the lexical hits. */
  async function fusedByRankOrScore(
    query: string,
    lexical: readonly ScoredId[],
    signal?: AbortSignal,
  ): Promise<ScoredId[]> {
    const semantic = await semanticScores(query, signal);
    if (fusion === 'score') return fuseScores(lexical, semantic);
    return fuseRankings(
      [
        lexical.slice(0, depth).map((hit) => hit.id),
        sortScored(semantic)
          .slice(0, depth)
          .map((hit) => hit.id),
      ],
      fusionK,
    );
  }

  return {
    async search(query, searchOptions = {}) {
      const limit = checkLimit(searchOptions.limit ?? 10);
      const { signal, ...lexicalOptions } = searchOptions;
      const lexicalHits = (size: number) =>
        options.lexical.search(query, { ...lexicalOptions, limit: size });
      const lexical =
        fusion === 'normalized'
          ? undefined
          : lexicalHits(fusion === 'score' ? Number.POSITIVE_INFINITY : Math.max(depth, limit));
      if (limit === 0 || documents.length === 0) return { hits: [], mode: 'hybrid' };
      let fused: ScoredId[];
      try {
        fused =
          lexical === undefined
            ? await normalizedScores(query, lexicalOptions.sentences === true, signal)
            : await fusedByRankOrScore(query, lexical, signal);
      } catch (error) {
        const cause = CoreError.isInstance(error)
          ? error
          : upstream('the embedding provider failed', error);
        if (cause.code === 'CANCELLED') throw cause;
        warn({
          message: `hybrid search fell back to the lexical ranking: ${cause.message}`,
          error: cause,
        });
        return { hits: (lexical ?? lexicalHits(limit)).slice(0, limit), mode: 'lexical' };
      }
      const hits = fused.slice(0, limit).flatMap(({ id, score }) => {
        const document = byId.get(id);
        return document === undefined ? [] : [{ id, score, document }];
      });
      return { hits, mode: 'hybrid' };
    },
  };
}

/** The default {@link HybridSearchOptions.semanticWeight} under `score` fusion. */
const DEFAULT_SEMANTIC_WEIGHT = 0.3;

/** An id with a score. */
interface ScoredId {
  readonly id: string;
  readonly score: number;
}

/** Sorted by score descending, then id ascending (by UTF-16 code unit). */
function sortScored(hits: ScoredId[]): ScoredId[] {
  return hits.sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}

function invalidOption(message: string): never {
  throw new CoreError({ code: 'INVALID_ARGUMENT', message });
}

function upstream(message: string, cause?: unknown): CoreError {
  return new CoreError({
    code: 'UPSTREAM_ERROR',
    message,
    ...(cause === undefined ? {} : { cause }),
  });
}

function emitWarning(warning: HybridWarning): void {
  process.emitWarning(warning.message, { code: 'X_HYBRID_FALLBACK' });
}
