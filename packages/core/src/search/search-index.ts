import {
  checkLimit,
  invalid,
  resolveSearchOptions,
  type SearchIndexOptions,
  type SearchOptions,
} from './search-options.js';
import { sentenceTerms } from './sentences.js';
import { tokenize as defaultTokenize } from './tokenize.js';
import { selectTop } from './top-k.js';

/** One result of {@link SearchIndex.search}. */
export interface SearchHit<Document> {
  /** The document's id. */
  readonly id: string;
  /** The BM25F score; higher is better, only comparable within one query. */
  readonly score: number;
  /** The document as it was added. */
  readonly document: Document;
}

/** A BM25F index over documents with weighted fields, built by {@link createSearchIndex}. */
export interface SearchIndex<Document> {
  /**
   * Adds documents. The whole batch is rejected, and nothing added, when an id is not a string
   * or already present, or a field's text is not a string.
   *
   * @throws `CoreError` `INVALID_ARGUMENT` on a bad id or a field text that is not a string.
   */
  add(documents: Iterable<Document>): void;
  /**
   * Ranks the documents that match at least one query term: score descending, then id
   * ascending (by UTF-16 code unit). A query of only stop words matches nothing. With
   * `sentences`, a query of two sentences or more scores each document by its whole-query
   * score over the best one plus its best such ratio over the query's sentences (see
   * `SearchOptions.sentences`).
   *
   * @throws `CoreError` `INVALID_ARGUMENT` when `query` is not a string or the limit is bad.
   */
  search(query: string, options?: SearchOptions): SearchHit<Document>[];
  /** Whether a document with this id was added. */
  has(id: string): boolean;
  /** The number of documents. */
  readonly size: number;
}

/** The postings of one term: the documents it occurs in, ascending, and its count per field. */
interface Posting {
  readonly documents: number[];
  /** `frequencies[i * fieldCount + f]` is the term's count in field `f` of `documents[i]`. */
  readonly frequencies: number[];
}

/**
 * Creates a BM25F index: per document, each field's term count is weighted and normalized by
 * the field's length, the fields are summed, and the sum is saturated once (Robertson and
 * Zaragoza's BM25F), with Lucene's always-positive IDF, `ln(1 + (N - df + 0.5) / (df + 0.5))`.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when a weight, `k1` or `b` is out of range or
 * there is no field.
 */
export function createSearchIndex<Document, Field extends string>(
  options: SearchIndexOptions<Document, Field>,
): SearchIndex<Document> {
  const { fields, weights, b, k1, termsOnce } = resolveSearchOptions(options);
  const tokenize = options.tokenize ?? defaultTokenize;
  const fieldCount = fields.length;
  const ids: string[] = [];
  const documents: Document[] = [];
  const indexById = new Map<string, number>();
  const postings = new Map<string, Posting>();
  /** `lengths[d * fieldCount + f]`: the number of terms in field `f` of document `d`. */
  const lengths: number[] = [];
  const totalLengths: number[] = fields.map(() => 0);
  /** Per document and field: weight / length normalization, rebuilt after `add`. */
  let norms = new Float64Array(0);
  let scores = new Float64Array(0);
  let visited = new Uint8Array(0);
  /** Scratch of one sentence's scores, and each document's best sentence ratio so far. */
  let sentenceScores = new Float64Array(0);
  let sentenceVisited = new Uint8Array(0);
  let bestSentence = new Float64Array(0);

  function add(batch: Iterable<Document>): void {
    const added = Array.from(batch);
    const addedIds = added.map((document) => options.id(document));
    const batchIds = new Set<string>();
    for (const id of addedIds) {
      if (typeof id !== 'string') invalid(`a document id must be a string, got ${typeof id}`);
      if (indexById.has(id) || batchIds.has(id)) invalid(`duplicate document id "${id}"`);
      batchIds.add(id);
    }
    // Read and tokenize the whole batch before changing anything, so a bad field adds nothing.
    const termsByDocument = added.map((document) =>
      fields.map((field) => tokenize(fieldText(document, field))),
    );
    termsByDocument.forEach((fieldTerms, position) => {
      const index = ids.length;
      const id = addedIds[position] as string;
      ids.push(id);
      documents.push(added[position] as Document);
      indexById.set(id, index);
      fieldTerms.forEach((terms, field) => {
        indexField(index, field, terms);
      });
    });
    norms = new Float64Array(0);
  }

  function fieldText(document: Document, field: Field): string {
    const text = options.text(document, field);
    if (text === undefined) return '';
    if (typeof text !== 'string') invalid(`the text of field "${field}" must be a string`);
    return text;
  }

  function indexField(index: number, field: number, terms: readonly string[]): void {
    lengths[index * fieldCount + field] = terms.length;
    totalLengths[field] = (totalLengths[field] ?? 0) + terms.length;
    for (const term of terms) {
      let posting = postings.get(term);
      if (posting === undefined) {
        posting = { documents: [], frequencies: [] };
        postings.set(term, posting);
      }
      if (posting.documents[posting.documents.length - 1] !== index) {
        posting.documents.push(index);
        for (let f = 0; f < fieldCount; f += 1) posting.frequencies.push(0);
      }
      const slot = (posting.documents.length - 1) * fieldCount + field;
      posting.frequencies[slot] = (posting.frequencies[slot] ?? 0) + 1;
    }
  }

  /** Computes the per-field normalizations and sizes the scratch buffers after documents changed. */
  function prepare(): void {
    const count = ids.length;
    if (norms.length === count * fieldCount) return;
    norms = new Float64Array(count * fieldCount);
    for (let field = 0; field < fieldCount; field += 1) {
      const average = (totalLengths[field] ?? 0) / count || 1;
      const weight = weights[field] ?? 1;
      const fieldB = b[field] ?? 0.75;
      for (let document = 0; document < count; document += 1) {
        const length = lengths[document * fieldCount + field] ?? 0;
        norms[document * fieldCount + field] = weight / (1 - fieldB + (fieldB * length) / average);
      }
    }
    scores = new Float64Array(count);
    visited = new Uint8Array(count);
    sentenceScores = new Float64Array(count);
    sentenceVisited = new Uint8Array(count);
    bestSentence = new Float64Array(count);
  }

  function search(query: string, searchOptions: SearchOptions = {}): SearchHit<Document>[] {
    if (typeof query !== 'string') invalid(`a query must be a string, got ${typeof query}`);
    const limit = checkLimit(searchOptions.limit ?? 10);
    if (ids.length === 0 || limit === 0) return [];
    prepare();
    const touched = accumulate(queryTerms(tokenize(query)), scores, visited);
    if (searchOptions.sentences === true) rescoreBySentence(query, touched);
    const ranked = selectTop(touched, limit, (x, y) => {
      const scoreX = scores[x] as number;
      const scoreY = scores[y] as number;
      return scoreX > scoreY || (scoreX === scoreY && (ids[x] as string) < (ids[y] as string));
    });
    const hits = ranked.map((index) => ({
      id: ids[index] as string,
      score: scores[index] as number,
      document: documents[index] as Document,
    }));
    for (const index of touched) {
      scores[index] = 0;
      visited[index] = 0;
    }
    return hits;
  }

  /**
   * Replaces each touched document's score by its share of the best whole-query score plus its
   * best share of a sentence's best score, when the query has two sentences or more. A
   * sentence's terms are a subset of the query's, so it touches only documents in `touched`.
   */
  function rescoreBySentence(query: string, touched: readonly number[]): void {
    const sentences = sentenceTerms(query, tokenize);
    if (sentences.length < 2 || touched.length === 0) return;
    for (const sentence of sentences) {
      const matched = accumulate(queryTerms(sentence), sentenceScores, sentenceVisited);
      const top = highest(sentenceScores, matched);
      for (const document of matched) {
        const ratio = (sentenceScores[document] as number) / top;
        if (ratio > (bestSentence[document] as number)) bestSentence[document] = ratio;
        sentenceScores[document] = 0;
        sentenceVisited[document] = 0;
      }
    }
    const top = highest(scores, touched);
    for (const document of touched) {
      scores[document] = (scores[document] as number) / top + (bestSentence[document] as number);
      bestSentence[document] = 0;
    }
  }

  /** The distinct terms in order of first occurrence, with how often each counts. */
  function queryTerms(terms: readonly string[]): Map<string, number> {
    const counts = new Map<string, number>();
    for (const term of terms) {
      counts.set(term, termsOnce ? 1 : (counts.get(term) ?? 0) + 1);
    }
    return counts;
  }

  /** Adds every term's BM25F contribution into `target`; returns the documents it touched. */
  function accumulate(
    terms: Map<string, number>,
    target: Float64Array,
    seen: Uint8Array,
  ): number[] {
    const touched: number[] = [];
    const count = ids.length;
    for (const [term, repeats] of terms) {
      const posting = postings.get(term);
      if (posting === undefined) continue;
      const matches = posting.documents.length;
      const idf = Math.log(1 + (count - matches + 0.5) / (matches + 0.5));
      for (let i = 0; i < matches; i += 1) {
        const document = posting.documents[i] as number;
        let frequency = 0;
        for (let field = 0; field < fieldCount; field += 1) {
          const raw = posting.frequencies[i * fieldCount + field] as number;
          if (raw !== 0) frequency += raw * (norms[document * fieldCount + field] as number);
        }
        if (frequency === 0) continue;
        if (seen[document] === 0) {
          seen[document] = 1;
          touched.push(document);
        }
        target[document] =
          (target[document] as number) + (repeats * idf * frequency * (k1 + 1)) / (k1 + frequency);
      }
    }
    return touched;
  }

  return {
    add,
    search,
    has: (id) => indexById.has(id),
    get size() {
      return ids.length;
    },
  };
}

/** The highest of `values` at `indexes` (every touched score is positive); 1 for none. */
function highest(values: Float64Array, indexes: readonly number[]): number {
  let top = 0;
  for (const index of indexes) if ((values[index] as number) > top) top = values[index] as number;
  return top > 0 ? top : 1;
}
