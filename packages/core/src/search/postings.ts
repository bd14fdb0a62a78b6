/**
 * The postings of a BM25F index in typed arrays: per term, the documents it occurs in and its
 * count per field, and, once the index is prepared, each document's BM25F impact.
 *
 * @module
 */

/** The postings of one term. */
export interface Posting {
  /** The documents the term occurs in, ascending; the first `length` are used. */
  documents: Int32Array;
  /** `counts[i * fieldCount + f]`: the term's count in field `f` of `documents[i]`. */
  counts: Uint32Array;
  /** How many documents hold the term. */
  length: number;
  /** The term's IDF over the documents the index was prepared with. */
  idf: number;
  /** The prepared documents whose weighted term frequency is not 0, in `documents` order. */
  matched: Int32Array;
  /** `impacts[i]`: the BM25F contribution of the term, counted once, to `matched[i]`. */
  impacts: Float64Array;
}

/** The room a new posting starts with, in documents; it doubles when full. */
const INITIAL_CAPACITY = 4;
const EMPTY_DOCUMENTS = new Int32Array(0);
const EMPTY_IMPACTS = new Float64Array(0);

/** A posting holding no document yet. */
export function createPosting(fieldCount: number): Posting {
  return {
    documents: new Int32Array(INITIAL_CAPACITY),
    counts: new Uint32Array(INITIAL_CAPACITY * fieldCount),
    length: 0,
    idf: 0,
    matched: EMPTY_DOCUMENTS,
    impacts: EMPTY_IMPACTS,
  };
}

/**
 * Counts one occurrence of the term in `field` of `document`, which is the posting's last
 * document or comes after it.
 */
export function countOccurrence(
  posting: Posting,
  document: number,
  field: number,
  fieldCount: number,
): void {
  let last = posting.length - 1;
  if (last < 0 || posting.documents[last] !== document) {
    if (posting.length === posting.documents.length) grow(posting, fieldCount);
    last = posting.length;
    posting.documents[last] = document;
    posting.length += 1;
  }
  const slot = last * fieldCount + field;
  posting.counts[slot] = (posting.counts[slot] as number) + 1;
}

function grow(posting: Posting, fieldCount: number): void {
  const capacity = posting.documents.length * 2;
  const documents = new Int32Array(capacity);
  documents.set(posting.documents);
  const counts = new Uint32Array(capacity * fieldCount);
  counts.set(posting.counts);
  posting.documents = documents;
  posting.counts = counts;
}

/** The BM25F parameters a posting is weighed with. */
export interface Weighing {
  /** The number of documents. */
  readonly count: number;
  readonly fieldCount: number;
  /** `norms[d * fieldCount + f]`: the weight of field `f` over its length normalization in `d`. */
  readonly norms: Float64Array;
  readonly k1: number;
}

/**
 * The weighted frequency of the posting's `i`-th document: the sum over fields, in order, of
 * the count times the field's norm, skipping fields without the term.
 */
export function weightedFrequency(posting: Posting, i: number, weighing: Weighing): number {
  const { fieldCount, norms } = weighing;
  const document = posting.documents[i] as number;
  let frequency = 0;
  for (let field = 0; field < fieldCount; field += 1) {
    const raw = posting.counts[i * fieldCount + field] as number;
    if (raw !== 0) frequency += raw * (norms[document * fieldCount + field] as number);
  }
  return frequency;
}

/**
 * Computes the posting's IDF (Lucene's `ln(1 + (N - df + 0.5) / (df + 0.5))`) and every
 * document's impact `idf × tf × (k1 + 1) / (k1 + tf)` for the current documents; a document
 * whose weighted frequency is 0 (the term only in fields of weight 0) is left out of `matched`.
 */
export function weighPosting(posting: Posting, weighing: Weighing): void {
  const { count, k1 } = weighing;
  const { length } = posting;
  const idf = Math.log(1 + (count - length + 0.5) / (length + 0.5));
  const impacts = new Float64Array(length);
  let matched: Int32Array | undefined;
  let kept = 0;
  for (let i = 0; i < length; i += 1) {
    const frequency = weightedFrequency(posting, i, weighing);
    if (frequency === 0) {
      if (matched === undefined) {
        matched = new Int32Array(length);
        matched.set(posting.documents.subarray(0, i));
      }
      continue;
    }
    if (matched !== undefined) matched[kept] = posting.documents[i] as number;
    impacts[kept] = (idf * frequency * (k1 + 1)) / (k1 + frequency);
    kept += 1;
  }
  posting.idf = idf;
  posting.matched =
    matched === undefined ? posting.documents.subarray(0, length) : matched.slice(0, kept);
  posting.impacts = kept === length ? impacts : impacts.slice(0, kept);
}
