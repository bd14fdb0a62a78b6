/**
 * The v0 strategy: term frequency scoring and the `ceil(len / 4)` token approximation.
 *
 * @module
 */

import type { CacheDocument } from '../document.js';
import {
  type ContextStrategy,
  type ScoredDocument,
  type ScoreTable,
  type ScoringIndex,
  scoredFromTable,
} from './strategy.js';
import { forEachWord, isWhitespace, queryTerms } from './whitespace.js';

/** The name of the spec's strategy. */
export const V0_STRATEGY_NAME = 'v0';

/**
 * `tokens(content) := ceil(len(content) / 4)`, where `len` counts UTF-8 bytes, as the
 * original's Rust `str::len` does (the spec does not say which length).
 *
 * @see context_selection.md §Token Counting
 */
export function approximateTokens(content: string): number {
  return Math.ceil(Buffer.byteLength(content, 'utf8') / 4);
}

/** The v0 explanation, in the spec's field order. */
export type TermFrequencyWhy = {
  /** The normalized query terms, duplicates kept. */
  readonly query_terms: readonly string[];
  /** Word/term matches: a word counts once for every query term equal to it. */
  readonly term_matches: number;
  /** Whitespace-separated words of the lowercased content. */
  readonly total_words: number;
};

/** The score of one document and how it was computed. */
export interface TermFrequencyScore {
  /** `term_matches / total_words` as a 32-bit float. */
  readonly score: number;
  /** The components. */
  readonly why: TermFrequencyWhy;
}

/**
 * Scores one document: `term_matches / total_words` in 32-bit float arithmetic, 0.0 for an
 * empty document or an empty query. A word equal to a term that appears twice in the query
 * counts twice, as in the original, so a repeated term can push a score above 1.0 (the
 * spec's "between 0.0 and 1.0" then does not hold; the original's output wins).
 *
 * @see context_selection.md §v0: Term Frequency, §Scoring Rules
 */
export function scoreTermFrequency(content: string, terms: readonly string[]): TermFrequencyScore {
  const multiplicity = new Map<string, number>();
  for (const term of terms) multiplicity.set(term, (multiplicity.get(term) ?? 0) + 1);
  // Only a word as long as some term can match one, so only those words are cut out and
  // looked up: documents can hold millions of words.
  const termLengths = new Set(terms.map((term) => term.length));
  const text = content.toLowerCase();
  let words = 0;
  let matches = 0;
  let start = -1;
  for (let index = 0; index <= text.length; index += 1) {
    if (index < text.length && !isWhitespace(text.charCodeAt(index))) {
      if (start < 0) start = index;
      continue;
    }
    if (start < 0) continue;
    words += 1;
    if (termLengths.has(index - start)) matches += multiplicity.get(text.slice(start, index)) ?? 0;
    start = -1;
  }
  const score = words === 0 ? 0 : Math.fround(Math.fround(matches) / Math.fround(words));
  return { score, why: { query_terms: terms, term_matches: matches, total_words: words } };
}

/** How many documents {@link indexTermFrequencySteps} reads between two steps. */
const DOCUMENTS_PER_STEP = 64;

/**
 * Prepares v0 scoring for one set of documents, 64 documents per step:
 * each document's word count and approximate tokens, and for every distinct word of the
 * lowercased contents the documents holding it with how often. A query then adds up its
 * terms' postings, so it gives exactly the `term_matches / total_words` of
 * {@link scoreTermFrequency} without reading any content. The generator returns the index.
 *
 * @see context_selection.md §v0: Term Frequency
 */
export function* indexTermFrequencySteps(
  documents: readonly CacheDocument[],
): Generator<undefined, ScoringIndex, undefined> {
  const words = new Int32Array(documents.length);
  const tokens = Int32Array.from(documents, (document) => approximateTokens(document.content));
  /** Per word: `[position, count, position, count, ...]`, positions ascending. */
  const postings = new Map<string, number[]>();
  for (const [position, document] of documents.entries()) {
    if (position > 0 && position % DOCUMENTS_PER_STEP === 0) yield;
    const counts = new Map<string, number>();
    let total = 0;
    forEachWord(document.content.toLowerCase(), (word) => {
      total += 1;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    });
    words[position] = total;
    for (const [word, count] of counts) {
      const posting = postings.get(word);
      if (posting === undefined) postings.set(word, [position, count]);
      else posting.push(position, count);
    }
  }
  function table(query: string): ScoreTable {
    const terms = queryTerms(query);
    const matches = new Float64Array(documents.length);
    for (const term of terms) {
      const posting = postings.get(term) ?? [];
      for (let at = 0; at < posting.length; at += 2) {
        const position = posting[at] as number;
        matches[position] = (matches[position] as number) + (posting[at + 1] as number);
      }
    }
    const scores = new Float64Array(documents.length);
    for (let position = 0; position < documents.length; position += 1) {
      const total = words[position] as number;
      const matched = matches[position] as number;
      scores[position] = total === 0 ? 0 : Math.fround(Math.fround(matched) / Math.fround(total));
    }
    return {
      scores,
      tokens,
      why: (position) => ({
        query_terms: terms,
        term_matches: matches[position] as number,
        total_words: words[position] as number,
      }),
    };
  }
  return { score: (query) => scoredFromTable(documents, table(query)), table };
}

/** {@link indexTermFrequencySteps} run to the end at once. */
export function indexTermFrequency(documents: readonly CacheDocument[]): ScoringIndex {
  const steps = indexTermFrequencySteps(documents);
  for (;;) {
    const step = steps.next();
    if (step.done === true) return step.value;
  }
}

/**
 * The spec's v0 strategy, bit for bit: term frequency scores and approximate tokens. Its
 * results carry no strategy name, so its output stays exactly the spec's `SelectionResult`.
 * Its index ({@link indexTermFrequency}, also built in steps) answers the same bytes from
 * postings.
 *
 * @see context_selection.md §Relevance, §Budget
 */
export const termFrequencyStrategy: ContextStrategy = {
  name: V0_STRATEGY_NAME,
  tokenCounter: 'approximate',
  score(documents: readonly CacheDocument[], query: string): readonly ScoredDocument[] {
    const terms = queryTerms(query);
    return documents.map((document) => {
      const { score, why } = scoreTermFrequency(document.content, terms);
      return { document, score, tokens: approximateTokens(document.content), why };
    });
  },
  index: indexTermFrequency,
  indexSteps: indexTermFrequencySteps,
};
