import type { SearchFieldOptions } from '@x/core/search';
import type { Qrels } from '../../datasets/beir.js';
import { ndcgAtK, recallAtK, reciprocalRank } from '../../metrics/retrieval.js';

/** A document of a retrieval task, its fields' text extracted once before any timing. */
export interface TaskDocument {
  /** The id judgements refer to. */
  readonly id: string;
  /** Field name -> text. */
  readonly text: Readonly<Record<string, string>>;
}

/** A query of a retrieval task. */
export interface TaskQuery {
  /** The id judgements refer to. */
  readonly id: string;
  /** The query text. */
  readonly text: string;
}

/** One quality figure of a ranked list. */
export interface Metric {
  /** The key in results (`ndcg@10`). */
  readonly key: string;
  /** The table heading (`nDCG@10`). */
  readonly label: string;
  /** Computes the figure of one ranked list. */
  readonly compute: (ranking: readonly string[], judgements: ReadonlyMap<string, number>) => number;
}

/** A data set made ready for the rankers: documents with weighted fields, queries, judgements. */
export interface RetrievalTask {
  /** The short name (`scifact`). */
  readonly name: string;
  /** The name in tables (`SciFact`). */
  readonly title: string;
  /** The data set folder relative to the repository root. */
  readonly data: string;
  /** The split of the queries. */
  readonly split: string;
  /** The fields every ranker indexes, with the weights of the tuned rankers. */
  readonly fields: Readonly<Record<string, SearchFieldOptions>>;
  /** The documents. */
  readonly documents: readonly TaskDocument[];
  /** The judged queries. */
  readonly queries: readonly TaskQuery[];
  /** The judgements. */
  readonly qrels: Qrels;
  /** The figures reported, in table order. */
  readonly metrics: readonly Metric[];
  /** The key of the figure that the comparison line and the chart show. */
  readonly primaryMetric: string;
}

/** nDCG at `k`, graded. */
export function ndcgMetric(k: number): Metric {
  return { key: `ndcg@${k}`, label: `nDCG@${k}`, compute: (ranking, j) => ndcgAtK(ranking, j, k) };
}

/** Recall at `k`. */
export function recallMetric(k: number): Metric {
  return { key: `recall@${k}`, label: `R@${k}`, compute: (ranking, j) => recallAtK(ranking, j, k) };
}

/** Mean reciprocal rank over the ranked list (cut at the benchmark's depth). */
export const MRR_METRIC: Metric = { key: 'mrr', label: 'MRR', compute: reciprocalRank };
