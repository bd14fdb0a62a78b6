import { createSearchIndex, tokenize } from '@x/core/search';
import MiniSearch, { type SearchResult } from 'minisearch';
import type { RetrievalTask, TaskDocument } from './task.js';

/** A built index that answers queries with document ids, best first. */
export interface Searcher {
  search(query: string, limit: number): string[];
}

/** A ranking method the search benchmark compares. */
export interface Ranker {
  /** The name in tables and results. */
  readonly name: string;
  /** What it is, in one line. */
  readonly description: string;
  /** Its parameters, recorded in results. */
  readonly parameters: Readonly<Record<string, unknown>>;
  /** Indexes the task's documents. */
  build(task: RetrievalTask): Searcher;
}

/** `@x/core/search` with its defaults and the task's field weights: the ranker under test. */
export const CORE_RANKER: Ranker = {
  name: 'core-bm25f',
  description: '@x/core/search: BM25F, field weights, split names, stems, stop words, terms once',
  parameters: { k1: 1.2, b: 0.75, termsOnce: true, weights: 'task' },
  build(task) {
    const index = createSearchIndex<TaskDocument, string>({
      fields: task.fields,
      id: (document) => document.id,
      text: (document, field) => document.text[field],
    });
    index.add(task.documents);
    return { search: (query, limit) => index.search(query, { limit }).map((hit) => hit.id) };
  },
};

/**
 * MiniSearch 7 given everything the core ranker has: its tokenizer, the same field weights,
 * plain BM25 (`d: 0`) with the same k1 and b, each query term once. The library alternative.
 */
export const MINISEARCH_TUNED_RANKER: Ranker = {
  name: 'minisearch-tuned',
  description: 'MiniSearch 7 per-field BM25 summed with boosts, core tokenizer, terms once',
  parameters: { k1: 1.2, b: 0.75, d: 0, termsOnce: true, weights: 'task' },
  build(task) {
    const fields = Object.keys(task.fields);
    const boost = Object.fromEntries(
      fields.map((field) => [field, task.fields[field]?.weight ?? 1]),
    );
    const index = new MiniSearch<TaskDocument>({
      fields,
      idField: 'id',
      extractField: (document, field) => (field === 'id' ? document.id : document.text[field]),
      tokenize: (text) => tokenize(text),
      processTerm: (term) => term,
      searchOptions: {
        boost,
        bm25: { k: 1.2, b: 0.75, d: 0 },
        tokenize: (text) => [...new Set(tokenize(text))],
        processTerm: (term) => term,
      },
    });
    index.addAll(task.documents);
    return { search: (query, limit) => byScoreThenId(index.search(query), limit) };
  },
};

/** MiniSearch 7 as it comes: its tokenizer (no stems, no stop words), BM25+ defaults, no weights. */
export const MINISEARCH_DEFAULT_RANKER: Ranker = {
  name: 'minisearch-default',
  description: 'MiniSearch 7 defaults: no field weights, no stemming, no stop words (baseline)',
  parameters: { k1: 1.2, b: 0.7, d: 0.5, termsOnce: false, weights: 'none' },
  build(task) {
    const index = new MiniSearch<TaskDocument>({
      fields: Object.keys(task.fields),
      idField: 'id',
      extractField: (document, field) => (field === 'id' ? document.id : document.text[field]),
    });
    index.addAll(task.documents);
    return { search: (query, limit) => byScoreThenId(index.search(query), limit) };
  },
};

/** Every ranker compared, the one under test first and the baseline last. */
export const RANKERS: readonly Ranker[] = [
  CORE_RANKER,
  MINISEARCH_TUNED_RANKER,
  MINISEARCH_DEFAULT_RANKER,
];

/** MiniSearch leaves equal scores in insertion order; break ties by id as the core ranker does. */
function byScoreThenId(results: SearchResult[], limit: number): string[] {
  return results
    .map((result) => ({ id: String(result.id), score: result.score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, limit)
    .map((result) => result.id);
}
