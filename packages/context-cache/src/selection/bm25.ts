/**
 * The `bm25` strategy: the shared BM25F ranker of `@x/core/search` over title, headings and
 * body, with real `cl100k_base` token counts for the budget.
 *
 * @module
 */

import { createSearchIndex, tokenize } from '@x/core/search';
import { countTokens } from '@x/core/tokens';
import type { CacheDocument } from '../document.js';
import { type MarkdownFields, markdownFields } from './markdown-fields.js';
import type { ContextStrategy, ScoredDocument } from './strategy.js';

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
 * the same cache do not re-tokenize; the cache is bounded and cannot change a result.
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

  return {
    name: BM25_STRATEGY_NAME,
    tokenCounter: BM25_TOKEN_COUNTER,
    score(documents: readonly CacheDocument[], query: string): readonly ScoredDocument[] {
      const analysed = documents.map((document) => ({ document, analysis: analyse(document) }));
      const termsByText = new Map<string, readonly string[]>();
      for (const { analysis } of analysed) {
        for (const field of FIELDS) termsByText.set(analysis.fields[field], analysis.terms[field]);
      }
      const index = createSearchIndex<(typeof analysed)[number], Field>({
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
      const scores = new Map(
        index.search(query, { limit: Number.POSITIVE_INFINITY }).map((hit) => [hit.id, hit.score]),
      );
      const queryTerms = [...new Set(tokenize(query))];
      const wanted = new Set(queryTerms);
      return analysed.map(({ document, analysis }) => {
        const counts = FIELDS.map(
          (field) => analysis.terms[field].filter((term) => wanted.has(term)).length,
        );
        const present = new Set(FIELDS.flatMap((field) => analysis.terms[field]));
        return {
          document,
          score: scores.get(document.id) ?? 0,
          tokens: analysis.tokens,
          why: {
            query_terms: queryTerms,
            matched_terms: queryTerms.filter((term) => present.has(term)),
            field_matches: {
              title: counts[0] ?? 0,
              headings: counts[1] ?? 0,
              body: counts[2] ?? 0,
            },
          },
        };
      });
    },
  };
}
