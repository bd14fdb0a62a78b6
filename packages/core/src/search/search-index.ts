import {
  countOccurrence,
  createPosting,
  type Posting,
  type Weighing,
  weighPosting,
} from './postings.js';
import {
  addImpacts,
  addImpactsTwice,
  addRepeated,
  createScoreBuffer,
  highestScore,
  type ScoreBuffer,
  startPass,
} from './score-buffer.js';
import {
  checkLimit,
  invalid,
  resolveSearchOptions,
  type SearchIndexOptions,
  type SearchOptions,
} from './search-options.js';
import { sentenceTerms } from './sentences.js';
import { tokenize as defaultTokenize, NON_ASCII } from './tokenize.js';
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
  /**
   * Every document's score for `query`, in the order the documents were added: what
   * {@link SearchIndex.search} ranks by, with 0 for a document that matches no query term.
   * Nothing is ranked, so a caller that orders all documents its own way pays for no sort.
   *
   * @throws `CoreError` `INVALID_ARGUMENT` when `query` is not a string.
   */
  scores(query: string, options?: Pick<SearchOptions, 'sentences'>): Float64Array;
  /** Whether a document with this id was added. */
  has(id: string): boolean;
  /** The number of documents. */
  readonly size: number;
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
  /**
   * What searching needs, built on the first search after documents changed: the field norms,
   * every posting's impacts, and scratch buffers sized to the documents, so that a search
   * allocates almost nothing.
   */
  let prepared: Prepared | undefined;

  function add(batch: Iterable<Document>): void {
    const added = Array.from(batch);
    const addedIds = added.map((document) => options.id(document));
    const batchIds = new Set<string>();
    for (const id of addedIds) {
      if (typeof id !== 'string') invalid(`a document id must be a string, got ${typeof id}`);
      if (indexById.has(id) || batchIds.has(id)) invalid(`duplicate document id "${id}"`);
      batchIds.add(id);
    }
    // Read (and, with a custom tokenizer, which may throw, tokenize) the whole batch before
    // changing anything, so a bad field adds nothing. The default tokenizer never throws on a
    // string, so its terms are indexed as they come and need not be held for the whole batch.
    const textsByDocument = added.map((document) =>
      fields.map((field) => fieldText(document, field)),
    );
    const termsByDocument =
      options.tokenize === undefined
        ? undefined
        : textsByDocument.map((texts) => texts.map((text) => tokenize(text)));
    textsByDocument.forEach((texts, position) => {
      const index = ids.length;
      const id = addedIds[position] as string;
      ids.push(id);
      documents.push(added[position] as Document);
      indexById.set(id, index);
      texts.forEach((text, field) => {
        indexField(index, field, termsByDocument?.[position]?.[field] ?? tokenize(text));
      });
    });
    if (added.length > 0) prepared = undefined;
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
        posting = createPosting(fieldCount);
        postings.set(term, posting);
      }
      countOccurrence(posting, index, field, fieldCount);
    }
  }

  /** Computes the per-field norms and every posting's impacts, once per change of documents. */
  function prepare(): Prepared {
    if (prepared !== undefined) return prepared;
    const count = ids.length;
    const norms = new Float64Array(count * fieldCount);
    for (let field = 0; field < fieldCount; field += 1) {
      const average = (totalLengths[field] ?? 0) / count || 1;
      const weight = weights[field] ?? 1;
      const fieldB = b[field] ?? 0.75;
      for (let document = 0; document < count; document += 1) {
        const length = lengths[document * fieldCount + field] ?? 0;
        norms[document * fieldCount + field] = weight / (1 - fieldB + (fieldB * length) / average);
      }
    }
    const weighing: Weighing = { count, fieldCount, norms, k1 };
    for (const posting of postings.values()) weighPosting(posting, weighing);
    prepared = {
      weighing,
      whole: createScoreBuffer(count),
      sentence: createScoreBuffer(count),
      bestSentence: new Float64Array(count),
    };
    return prepared;
  }

  /**
   * Scores the query into the prepared whole-query buffer, which the caller reads until the
   * next search.
   */
  function score(state: Prepared, query: string, sentences: boolean | undefined): ScoreBuffer {
    const { whole } = state;
    startPass(whole);
    if (sentences !== true) {
      accumulate(state, queryTerms(tokenize(query)), whole);
      return whole;
    }
    const groups = sentenceTerms(query, tokenize);
    const joined = concatenated(groups);
    // The default tokenizer surely cuts ASCII text into the same terms sentence by sentence as
    // whole (the sentence breaks are whitespace, which separates words anyway); other text, and
    // any text a custom tokenizer cuts, is tokenized whole and compared.
    const queryTermList =
      options.tokenize === undefined && !NON_ASCII.test(query) ? joined : tokenize(query);
    const wholeTerms = queryTerms(queryTermList);
    if (groups.length < 2) accumulate(state, wholeTerms, whole);
    else scoreBySentence(state, wholeTerms, groups, sameTerms(queryTermList, joined));
    return whole;
  }

  function search(query: string, searchOptions: SearchOptions = {}): SearchHit<Document>[] {
    if (typeof query !== 'string') invalid(`a query must be a string, got ${typeof query}`);
    const limit = checkLimit(searchOptions.limit ?? 10);
    if (ids.length === 0 || limit === 0) return [];
    const { scores, touched, count } = score(prepare(), query, searchOptions.sentences);
    const ranked = selectTop(
      touched,
      count,
      limit,
      (x, y) => {
        const scoreX = scores[x] as number;
        const scoreY = scores[y] as number;
        return scoreX > scoreY || (scoreX === scoreY && (ids[x] as string) < (ids[y] as string));
      },
      scores,
    );
    return ranked.map((index) => ({
      id: ids[index] as string,
      score: scores[index] as number,
      document: documents[index] as Document,
    }));
  }

  function scoresOf(
    query: string,
    searchOptions: Pick<SearchOptions, 'sentences'> = {},
  ): Float64Array {
    if (typeof query !== 'string') invalid(`a query must be a string, got ${typeof query}`);
    const all = new Float64Array(ids.length);
    if (ids.length === 0) return all;
    const { scores, touched, count } = score(prepare(), query, searchOptions.sentences);
    for (let i = 0; i < count; i += 1) {
      const document = touched[i] as number;
      all[document] = scores[document] as number;
    }
    return all;
  }

  /**
   * Scores a query of two sentences or more: each touched document gets its share of the best
   * whole-query score plus its best share of a sentence's best score; documents the whole query
   * does not match are no hits.
   *
   * When the sentences' terms, one after the other, are the query's terms (`inOrder`), a term's
   * posting is walked once for the whole query and its first sentence together: the whole-query
   * sums still add the terms in order of first occurrence, and each sentence's sums in its own
   * order, so every score is the same to the last bit as with a walk per sum.
   */
  function scoreBySentence(
    state: Prepared,
    wholeTerms: Map<string, number>,
    groups: readonly (readonly string[])[],
    inOrder: boolean,
  ): void {
    const { whole, sentence, bestSentence, weighing } = state;
    if (!inOrder) accumulate(state, wholeTerms, whole);
    const walked = new Set<string>();
    for (const group of groups) {
      startPass(sentence);
      for (const [term, repeats] of queryTerms(group)) {
        const posting = postings.get(term);
        if (posting === undefined) continue;
        const first = inOrder && !walked.has(term);
        if (first) walked.add(term);
        const wholeRepeats = wholeTerms.get(term) ?? 0;
        if (first && repeats === 1 && wholeRepeats === 1) {
          addImpactsTwice(posting, whole, sentence);
          continue;
        }
        if (first) addTerm(posting, wholeRepeats, weighing, whole);
        addTerm(posting, repeats, weighing, sentence);
      }
      const top = highestScore(sentence);
      const { scores, touched, count } = sentence;
      for (let i = 0; i < count; i += 1) {
        const document = touched[i] as number;
        // A custom tokenizer may give a sentence a term the whole query lacks (a word pair
        // across the break); a document only such a term matches is not a hit.
        if (whole.stamps[document] !== whole.generation) continue;
        const ratio = (scores[document] as number) / top;
        if (ratio > (bestSentence[document] as number)) bestSentence[document] = ratio;
      }
    }
    const top = highestScore(whole);
    const { scores, touched, count } = whole;
    for (let i = 0; i < count; i += 1) {
      const document = touched[i] as number;
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

  /** Adds every term's BM25F contribution to the pass's sums, in order. */
  function accumulate(state: Prepared, terms: Map<string, number>, buffer: ScoreBuffer): void {
    for (const [term, repeats] of terms) {
      const posting = postings.get(term);
      if (posting !== undefined) addTerm(posting, repeats, state.weighing, buffer);
    }
  }

  return {
    add,
    search,
    scores: scoresOf,
    has: (id) => indexById.has(id),
    get size() {
      return ids.length;
    },
  };
}

/** The search state of {@link createSearchIndex} for one set of documents. */
interface Prepared {
  readonly weighing: Weighing;
  /** The whole query's sums, and one sentence's. */
  readonly whole: ScoreBuffer;
  readonly sentence: ScoreBuffer;
  /** Each document's best sentence ratio so far; 0 outside a sentence-aware search. */
  readonly bestSentence: Float64Array;
}

/**
 * Adds one term's BM25F contribution: counted once, from its prepared impacts; repeated, from
 * its weighted frequencies.
 */
function addTerm(posting: Posting, repeats: number, weighing: Weighing, buffer: ScoreBuffer): void {
  if (repeats === 1) addImpacts(posting, buffer);
  else addRepeated(posting, repeats, weighing, buffer);
}

/** The lists one after the other, in one new list (`Array.prototype.flat` is far slower). */
function concatenated(lists: readonly (readonly string[])[]): string[] {
  const all: string[] = [];
  for (const list of lists) {
    for (let index = 0; index < list.length; index += 1) all.push(list[index] as string);
  }
  return all;
}

/** Whether two term lists are equal, term by term. */
function sameTerms(left: readonly string[], right: readonly string[]): boolean {
  if (left === right) return true;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) {
    if (left[index] !== right[index]) return false;
  }
  return true;
}
