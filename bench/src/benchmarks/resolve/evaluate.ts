/**
 * Ranking and budgeted quality of one `@x/context-cache` strategy on a loaded cache.
 *
 * @module
 */

import {
  type CacheDocument,
  type ContextStrategy,
  createSelectionIndex,
  MAX_BUDGET,
  type SelectionIndex,
  type SelectionResult,
  selectContext,
} from '@x/context-cache';
import type { BeirQuery, Qrels } from '../../datasets/beir.js';
import { BenchError } from '../../errors.js';
import { type LatencySummary, summarizeLatency, timed } from '../../metrics/latency.js';
import { mean, ndcgAtK, recallAtK } from '../../metrics/retrieval.js';
import { createProgress } from '../../progress.js';

/** Budgeted quality at one budget, means over the queries. */
export interface BudgetOutcome {
  /** The budget, in the strategy's own tokens. */
  readonly budget: number;
  /** The share of a query's relevant documents inside the selection. */
  readonly relevantShare: number;
  /** Documents selected. */
  readonly documentsSelected: number;
  /** Tokens used. */
  readonly tokensUsed: number;
}

/** What one strategy achieved. */
export interface StrategyOutcome {
  /** The strategy's name (`v0`, `bm25`). */
  readonly strategy: string;
  /** Its token counter. */
  readonly tokenCounter: string;
  /** nDCG@10 and Recall@100 of the full ranking, means over the queries. */
  readonly quality: { readonly 'ndcg@10': number; readonly 'recall@100': number };
  /** Budgeted quality, one entry per budget. */
  readonly budgets: readonly BudgetOutcome[];
  /** The first selection, which builds the strategy's selection index over the documents (ms). */
  readonly coldMs: number;
  /** Per-query selection latency once the index is built (`SelectionIndex.select`, budget {@link MAX_BUDGET}). */
  readonly latencyMs: LatencySummary;
  /**
   * Process CPU (user + system) of those selections, per selection: their cost whatever else
   * the machine runs, where wall times also hold waits for a core.
   */
  readonly cpuMs: number;
}

/**
 * Builds the strategy's selection index over the documents (timed as the cold call), times every
 * query through it with the largest budget (every document fits, so the selection is the
 * strategy's full ranking: score, then id) in a loop of its own; then, per query, selects again
 * for the ranking's quality and replays that
 * scoring through `selectContext` at each budget (a strategy that hands back the scores just
 * computed, so the library's own ordering and budget rule decide, without scoring again).
 * Returns the figures and the built index, which the latency figures reuse.
 *
 * @throws {@link BenchError} `SETUP` when the largest budget leaves a document out.
 */
export function evaluateStrategy(options: {
  strategy: ContextStrategy;
  documents: readonly CacheDocument[];
  queries: readonly BeirQuery[];
  qrels: Qrels;
  corpusIds: ReadonlyMap<string, string>;
  budgets: readonly number[];
}): { outcome: StrategyOutcome; index: SelectionIndex } {
  const { strategy, documents, queries, qrels, corpusIds, budgets } = options;
  const byId = new Map(documents.map((document) => [document.id, document]));
  const toCorpusIds = (result: SelectionResult): string[] =>
    result.documents.map((document) => corpusIds.get(document.id) ?? document.id);
  let index: SelectionIndex | undefined;
  const coldMs = timed(() => {
    index = createSelectionIndex(documents, strategy);
    return index.select(queries[0]?.text ?? '', 0);
  }).milliseconds;
  const warm = index ?? createSelectionIndex(documents, strategy);
  // Timed in a loop of their own: interleaved with the replays below, each selection would
  // also collect the replays' garbage (three full sorts of every document per query).
  const cpu = process.cpuUsage();
  const latencies = queries.map(
    (query) => timed(() => warm.select(query.text, MAX_BUDGET)).milliseconds,
  );
  const cpuUsed = process.cpuUsage(cpu);
  const progress = createProgress(`resolve: ${strategy.name}`, queries.length);
  const ndcg: number[] = [];
  const recall: number[] = [];
  const shares = budgets.map(() => ({
    share: [] as number[],
    count: [] as number[],
    used: [] as number[],
  }));
  queries.forEach((query, index) => {
    const result = warm.select(query.text, MAX_BUDGET);
    if (result.documents.length !== documents.length) {
      throw new BenchError({
        code: 'SETUP',
        message: `${strategy.name}: the largest budget selected ${result.documents.length} of ${documents.length} documents`,
      });
    }
    const judgements = qrels.get(query._id) ?? new Map<string, number>();
    const ranking = toCorpusIds(result);
    ndcg.push(ndcgAtK(ranking, judgements, 10));
    recall.push(recallAtK(ranking, judgements, 100));
    const replay = replayStrategy(strategy, result, byId);
    budgets.forEach((budget, position) => {
      const selection = selectContext(documents, query.text, budget, replay);
      const selected = toCorpusIds(selection);
      const figures = shares[position];
      figures?.share.push(recallAtK(selected, judgements, selected.length));
      figures?.count.push(selection.selection.documents_selected);
      figures?.used.push(selection.selection.tokens_used);
    });
    progress.update(index + 1);
  });
  progress.finish();
  const outcome: StrategyOutcome = {
    strategy: strategy.name,
    tokenCounter: strategy.tokenCounter,
    quality: { 'ndcg@10': mean(ndcg), 'recall@100': mean(recall) },
    budgets: budgets.map((budget, position) => ({
      budget,
      relevantShare: mean(shares[position]?.share ?? []),
      documentsSelected: mean(shares[position]?.count ?? []),
      tokensUsed: mean(shares[position]?.used ?? []),
    })),
    coldMs,
    latencyMs: summarizeLatency(latencies),
    cpuMs: queries.length === 0 ? 0 : (cpuUsed.user + cpuUsed.system) / 1000 / queries.length,
  };
  return { outcome, index: warm };
}

/** A strategy that answers with the scores of `result` (same name, same token counter). */
function replayStrategy(
  strategy: ContextStrategy,
  result: SelectionResult,
  byId: ReadonlyMap<string, CacheDocument>,
): ContextStrategy {
  const scored = result.documents.map((selected) => {
    const document = byId.get(selected.id);
    if (document === undefined) {
      throw new BenchError({ code: 'SETUP', message: `unknown document ${selected.id}` });
    }
    return { document, score: selected.score, tokens: selected.tokens, why: selected.why };
  });
  return { name: strategy.name, tokenCounter: strategy.tokenCounter, score: () => scored };
}
