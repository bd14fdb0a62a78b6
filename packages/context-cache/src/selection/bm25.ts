/**
 * The `bm25` strategy: the shared BM25F ranker of `@x/core/search` over title, headings and
 * body, with real `cl100k_base` token counts for the budget.
 *
 * @module
 */

import { createSearchIndex, type SearchIndex, tokenize } from '@x/core/search';
import { countTokens } from '@x/core/tokens';
import type { CacheDocument } from '../document.js';
import { type MarkdownFields, markdownFields } from './markdown-fields.js';
import {
  type ContextStrategy,
  type ScoredDocument,
  type ScoreTable,
  type ScoringIndex,
  scoredFromTable,
} from './strategy.js';

/** The name the `bm25` strategy is selected by. */
export const BM25_STRATEGY_NAME = 'bm25';

/** The token counter the `bm25` strategy budgets with. */
export const BM25_TOKEN_COUNTER = 'cl100k_base';

/**
 * Field weights: a query term in the title counts three times a body match, in a heading
 * twice. BM25 parameters are the ranker's defaults (`k1` 1.2, `b` 0.75).
 */
export const BM25_FIELD_WEIGHTS = {
  /** The first level-1 heading. */
  title: 3,
  /** Every other heading. */
  headings: 2,
  /** Everything else. */
  body: 1,
} as const;

type Field = keyof MarkdownFields;

const FIELDS: readonly Field[] = ['title', 'headings', 'body'];

/** What is derived from a document's content once and reused: fields, their terms, its tokens. */
interface Analysis {
  readonly fields: MarkdownFields;
  readonly terms: Readonly<Record<Field, readonly string[]>>;
  readonly tokens: number;
}

/** Analyses kept per strategy, keyed by version (a content hash, so entries never go stale). */
const ANALYSIS_LIMIT = 10_000;

/** A document with its analysis. */
interface Analysed {
  readonly document: CacheDocument;
  readonly analysis: Analysis;
}

/**
 * Builds the shared ranker's index over analysed documents. Each field's terms come from the
 * analysis (looked up by the field's text), so nothing is tokenized twice.
 */
function rankerIndex(analysed: readonly Analysed[]): SearchIndex<Analysed> {
  const termsByText = new Map<string, readonly string[]>();
  for (const { analysis } of analysed) {
    for (const field of FIELDS) termsByText.set(analysis.fields[field], analysis.terms[field]);
  }
  const index = createSearchIndex<Analysed, Field>({
    fields: {
      title: { weight: BM25_FIELD_WEIGHTS.title },
      headings: { weight: BM25_FIELD_WEIGHTS.headings },
      body: { weight: BM25_FIELD_WEIGHTS.body },
    },
    id: (item) => item.document.id,
    text: (item, field) => item.analysis.fields[field],
    tokenize: (text) => termsByText.get(text) ?? tokenize(text),
  });
  index.add(analysed);
  return index;
}

/**
 * Per term, the documents holding it and how often in each field:
 * `[position, title, headings, body, position, ...]`, positions ascending.
 */
function fieldPostings(analysed: readonly Analysed[]): Map<string, number[]> {
  const postings = new Map<string, number[]>();
  analysed.forEach(({ analysis }, position) => {
    const counts = new Map<string, [number, number, number]>();
    FIELDS.forEach((field, slot) => {
      for (const term of analysis.terms[field]) {
        let count = counts.get(term);
        if (count === undefined) {
          count = [0, 0, 0];
          counts.set(term, count);
        }
        count[slot] = (count[slot] ?? 0) + 1;
      }
    });
    for (const [term, [title, headings, body]] of counts) {
      const posting = postings.get(term);
      if (posting === undefined) postings.set(term, [position, title, headings, body]);
      else posting.push(position, title, headings, body);
    }
  });
  return postings;
}

/** Which query terms each document holds, and how often in each field (see {@link termMatches}). */
interface TermMatches {
  /** `[title, headings, body]` occurrences of the query terms, three per document. */
  readonly counts: Int32Array;
  /** The query terms the document at `position` holds, in query order (a new array). */
  termsOf(position: number): string[];
}

/**
 * Reads the postings of the query's terms once: per document, field counts summed over the
 * terms, and a chain of its (document, term) hits in query order, kept in flat arrays so that
 * a query allocates nothing per document; a document's terms are listed only when asked for.
 */
function termMatches(
  postings: ReadonlyMap<string, readonly number[]>,
  queryTerms: readonly string[],
  documentCount: number,
): TermMatches {
  let hitCount = 0;
  for (const term of queryTerms) hitCount += (postings.get(term)?.length ?? 0) / 4;
  /** Per hit: the index of its term in `queryTerms`, and the document's next hit (or -1). */
  const hitTerm = new Int32Array(hitCount);
  const nextHit = new Int32Array(hitCount);
  /** Per document: its first and last hit (-1 for none). */
  const firstHit = new Int32Array(documentCount).fill(-1);
  const lastHit = new Int32Array(documentCount);
  const counts = new Int32Array(documentCount * 3);
  let hit = 0;
  queryTerms.forEach((term, termIndex) => {
    const posting = postings.get(term) ?? [];
    for (let at = 0; at < posting.length; at += 4) {
      const position = posting[at] as number;
      hitTerm[hit] = termIndex;
      nextHit[hit] = -1;
      if ((firstHit[position] as number) < 0) firstHit[position] = hit;
      else nextHit[lastHit[position] as number] = hit;
      lastHit[position] = hit;
      hit += 1;
      for (let slot = 0; slot < 3; slot += 1) {
        counts[position * 3 + slot] =
          (counts[position * 3 + slot] as number) + (posting[at + 1 + slot] as number);
      }
    }
  });
  return {
    counts,
    termsOf(position) {
      const terms: string[] = [];
      for (let at = firstHit[position] as number; at >= 0; at = nextHit[at] as number) {
        terms.push(queryTerms[hitTerm[at] as number] as string);
      }
      return terms;
    },
  };
}

/**
 * Creates the `bm25` strategy. Scores are BM25F (`@x/core/search`, shared with the gateway
 * router) over the title (first level-1 heading), the other headings and the body; a document
 * with no query term scores 0.0. `tokens` are exact `cl100k_base` counts (`@x/core/tokens`).
 * Ordering and budgeting are v0's (score descending, id ascending, greedy, skip what does not
 * fit). Each selected document's `why` lists the analyzed query terms (stemmed, stop words
 * dropped, each counted once), the ones the document holds, and how often they occur in each
 * field. Results name the strategy and the token counter in `selection`.
 *
 * Content analysis is cached per instance by document version, so repeated queries against
 * the same cache do not re-tokenize; the cache is bounded and cannot change a result. Its
 * `index` keeps the ranker's index and per-field term postings for one set of documents, so
 * a query costs one ranker search plus its terms' postings.
 *
 * @see context_selection.md §Execution Model ("The algorithm will improve, but the interface won't change"); ARCHITECTURE.md §Context cache
 */
export function createBm25Strategy(): ContextStrategy {
  const analyses = new Map<string, Analysis>();

  function analyse(document: CacheDocument): Analysis {
    const known = analyses.get(document.version);
    if (known !== undefined) return known;
    const fields = markdownFields(document.content);
    const analysis: Analysis = {
      fields,
      terms: {
        title: tokenize(fields.title),
        headings: tokenize(fields.headings),
        body: tokenize(fields.body),
      },
      tokens: countTokens(document.content),
    };
    if (analyses.size >= ANALYSIS_LIMIT) analyses.clear();
    analyses.set(document.version, analysis);
    return analysis;
  }

  function index(documents: readonly CacheDocument[]): ScoringIndex {
    const analysed = documents.map((document) => ({ document, analysis: analyse(document) }));
    const ranker = rankerIndex(analysed);
    const postings = fieldPostings(analysed);
    const tokens = Int32Array.from(analysed, ({ analysis }) => analysis.tokens);
    function table(query: string): ScoreTable {
      // Aligned with `analysed` (the order the ranker was given them), nothing ranked; a fresh
      // array, so it is rounded in place.
      const scores = ranker.scores(query);
      for (let position = 0; position < scores.length; position += 1) {
        scores[position] = Math.fround(scores[position] as number);
      }
      const queryTerms = [...new Set(tokenize(query))];
      const matches = termMatches(postings, queryTerms, analysed.length);
      const unmatched = {
        query_terms: queryTerms,
        matched_terms: [],
        field_matches: { title: 0, headings: 0, body: 0 },
      };
      return {
        scores,
        tokens,
        why(position) {
          const terms = matches.termsOf(position);
          return terms.length === 0
            ? unmatched
            : {
                query_terms: queryTerms,
                matched_terms: terms,
                field_matches: {
                  title: matches.counts[position * 3] as number,
                  headings: matches.counts[position * 3 + 1] as number,
                  body: matches.counts[position * 3 + 2] as number,
                },
              };
        },
      };
    }
    return { score: (query) => scoredFromTable(documents, table(query)), table };
  }

  return {
    name: BM25_STRATEGY_NAME,
    tokenCounter: BM25_TOKEN_COUNTER,
    score(documents: readonly CacheDocument[], query: string): readonly ScoredDocument[] {
      return index(documents).score(query);
    },
    index,
  };
}
