import { createHash } from 'node:crypto';
import { wholeNumberOption } from './whole-number-option.js';

/** Vectors by content hash, shared by the hybrid searches of one process. */
export interface EmbeddingCache {
  /** The vector of `text` under the provider `providerId`, if cached. */
  get(providerId: string, text: string): Float32Array | undefined;
  /** Stores the vector of `text` under `providerId`; the oldest entry goes when full. */
  set(providerId: string, text: string, vector: Float32Array): void;
  /** The number of vectors held. */
  readonly size: number;
}

/** What {@link createEmbeddingCache} takes. */
export interface EmbeddingCacheOptions {
  /** The most vectors kept: a whole number `>= 1`; default 50,000 (about 75 MiB at 384 dimensions). */
  readonly maxEntries?: number;
}

/** The default {@link EmbeddingCacheOptions.maxEntries}. */
export const DEFAULT_EMBEDDING_CACHE_ENTRIES = 50_000;

/**
 * Creates an in-memory cache of vectors keyed by the SHA-256 of the provider id and the text, so
 * a tool whose name, description and schema did not change is embedded once, however often its
 * catalog is rebuilt. Bounded: past `maxEntries`, the least recently stored or read entry goes.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when `maxEntries` is not a whole number `>= 1`.
 */
export function createEmbeddingCache(options: EmbeddingCacheOptions = {}): EmbeddingCache {
  const maxEntries = wholeNumberOption(
    'maxEntries',
    options.maxEntries,
    DEFAULT_EMBEDDING_CACHE_ENTRIES,
  );
  const entries = new Map<string, Float32Array>();
  return {
    get(providerId, text) {
      const key = contentKey(providerId, text);
      const vector = entries.get(key);
      if (vector !== undefined) {
        entries.delete(key);
        entries.set(key, vector);
      }
      return vector;
    },
    set(providerId, text, vector) {
      const key = contentKey(providerId, text);
      entries.delete(key);
      entries.set(key, vector);
      if (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
    },
    get size() {
      return entries.size;
    },
  };
}

/** The SHA-256 of the provider id and the text, with a separator neither can end ambiguously at. */
function contentKey(providerId: string, text: string): string {
  return createHash('sha256')
    .update(`${providerId.length}:${providerId}\n`)
    .update(text)
    .digest('base64url');
}
