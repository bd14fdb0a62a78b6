/**
 * The contract every ranking strategy meets, so strategies other than v0 plug into the same
 * three phases.
 *
 * @module
 */

import type { CacheDocument } from '../document.js';
import type { JsonValue } from '../json-text.js';

/**
 * Why a document got its score: a JSON object whose keys print in insertion order. The v0
 * strategy writes `query_terms`, `term_matches`, `total_words` (`context_selection.md §Explainability`).
 */
export type SelectionWhy = { readonly [key: string]: JsonValue };

/** One document after the scoring phase. */
export interface ScoredDocument {
  /** The document. */
  readonly document: CacheDocument;
  /** The relevance score; ordered and printed as a 32-bit float, higher is more relevant. */
  readonly score: number;
  /** The token count used for budgeting; a pure function of the content. */
  readonly tokens: number;
  /** The scoring components. */
  readonly why: SelectionWhy;
}

/**
 * A ranking strategy: the scoring phase, and the token counter budgeting uses. Ordering and
 * budgeting are shared and fixed (score descending, id ascending, greedy, skip what does not
 * fit). Every strategy must be pure: the same documents and query give the same scores.
 *
 * @see context_selection.md §Execution Model
 */
export interface ContextStrategy {
  /** The name a caller selects it by; `v0` is the spec's strategy. */
  readonly name: string;
  /** The name of the token counter it uses, reported with its results. */
  readonly tokenCounter: string;
  /** Scores every document independently against the query (phase 1). */
  score(documents: readonly CacheDocument[], query: string): readonly ScoredDocument[];
  /**
   * Prepares scoring for one set of documents, so that many queries against it pay only for
   * the query's terms. Optional: a strategy without it is scored with {@link score} each time.
   * The index must give exactly what {@link score} gives for the same documents.
   */
  index?(documents: readonly CacheDocument[]): ScoringIndex;
  /**
   * The same index as {@link index}, built a few documents at a time: between two `yield`s the
   * builder gives the event loop back, and the generator returns the index. Optional: with it,
   * a selection index cache answers the first query on a cache by scoring every document and
   * builds the index in the background (see `SelectionIndexCache.select`).
   */
  indexSteps?(documents: readonly CacheDocument[]): Generator<undefined, ScoringIndex, undefined>;
}

/**
 * A strategy's scoring prepared for one set of documents (see {@link ContextStrategy.index}).
 * Holds no reference to anything but those documents and what was derived from them.
 */
export interface ScoringIndex {
  /** Scores every document against the query: one entry per document, in the documents' order. */
  score(query: string): readonly ScoredDocument[];
  /**
   * The same scoring as {@link score}, as columns: selection then builds an entry only for the
   * documents it selects. Optional; when present it must agree with {@link score} entry for entry.
   */
  table?(query: string): ScoreTable;
}

/**
 * The scoring of one query as columns aligned with the indexed documents (see
 * {@link ScoringIndex.table}).
 */
export interface ScoreTable {
  /** Each document's score, already a 32-bit float. */
  readonly scores: Float64Array;
  /** Each document's token count. */
  readonly tokens: ArrayLike<number>;
  /** The `why` of the document at `position`, built on demand. */
  why(position: number): SelectionWhy;
}

/** The entries of {@link ScoringIndex.score} from a {@link ScoreTable}. */
export function scoredFromTable(
  documents: readonly CacheDocument[],
  table: ScoreTable,
): ScoredDocument[] {
  return documents.map((document, position) => ({
    document,
    score: table.scores[position] as number,
    tokens: table.tokens[position] as number,
    why: table.why(position),
  }));
}
