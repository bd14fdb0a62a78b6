/**
 * Selection in three strict phases: scoring, ordering, budgeting.
 *
 * @module
 */

import { isRecordingMetrics, recordTokenSavings } from '@x/core/telemetry';
import type { CacheDocument } from '../document.js';
import type { SelectedDocument, SelectionResult } from '../selection-result.js';
import { compareUtf8 } from '../utf8-order.js';
import type { ContextStrategy, ScoredDocument } from './strategy.js';
import { termFrequencyStrategy, V0_STRATEGY_NAME } from './term-frequency.js';

/**
 * Orders scored documents by score descending, then id ascending (UTF-8 bytes): the
 * tie-breaker that makes the order total.
 *
 * @see context_selection.md §Ordering
 */
export function orderScored(scored: readonly ScoredDocument[]): ScoredDocument[] {
  return [...scored].sort(
    (left, right) => right.score - left.score || compareUtf8(left.document.id, right.document.id),
  );
}

/**
 * Selects documents for `query` within `budget` tokens.
 *
 * 1. Scoring: the strategy scores every document independently; scores become 32-bit floats.
 * 2. Ordering: {@link orderScored}.
 * 3. Budgeting: walk the order, take a document when it fits in what is left, skip it (never
 *    truncate) when it does not, and keep going, so a smaller document further down may still
 *    fit. Budget 0 selects only empty documents (0 tokens), as the original does.
 *
 * The strategy defaults to `v0`; any other strategy's name and token counter are reported in
 * `selection`. While the app records metrics, the selection's tokens are counted against the
 * whole cache's (`mcp_tokens_*_total`, kind `context`).
 *
 * @see context_selection.md §Execution Model, §Filling the Budget, §Budget Rules
 */
export function selectContext(
  documents: readonly CacheDocument[],
  query: string,
  budget: number,
  strategy: ContextStrategy = termFrequencyStrategy,
): SelectionResult {
  const scored = strategy
    .score(documents, query)
    .map((item) => ({ ...item, score: Math.fround(item.score) }));
  const result = fillBudget(orderScored(scored), documents.length, query, budget, strategy);
  if (isRecordingMetrics()) {
    let cacheTokens = 0;
    for (const item of scored) cacheTokens += item.tokens;
    recordTokenSavings('context', cacheTokens, result.selection.tokens_used);
  }
  return result;
}

/**
 * The budgeting phase over documents already scored (as 32-bit floats) and ordered: take each
 * document that fits in what is left, skip (never truncate) one that does not, and report the
 * counts; a strategy other than `v0` is named with its token counter.
 *
 * @see context_selection.md §Filling the Budget, §Budget Rules
 */
export function fillBudget(
  ordered: Iterable<ScoredDocument>,
  considered: number,
  query: string,
  budget: number,
  strategy: Pick<ContextStrategy, 'name' | 'tokenCounter'>,
): SelectionResult {
  return fillBudgetWith(ordered, (item) => item.tokens, selectedDocument, {
    considered,
    query,
    budget,
    strategy,
  });
}

/** A scored document as the result lists it. */
function selectedDocument(item: ScoredDocument): SelectedDocument {
  const { id, version, content } = item.document;
  return { id, version, content, score: item.score, tokens: item.tokens, why: item.why };
}

/**
 * The budgeting phase over ordered items of any kind: `tokensOf` gives an item's tokens, and
 * `select` builds the entry of an item taken (only taken items are built). The rule and the
 * counts are {@link fillBudget}'s.
 */
export function fillBudgetWith<Item>(
  ordered: Iterable<Item>,
  tokensOf: (item: Item) => number,
  select: (item: Item) => SelectedDocument,
  context: {
    readonly considered: number;
    readonly query: string;
    readonly budget: number;
    readonly strategy: Pick<ContextStrategy, 'name' | 'tokenCounter'>;
  },
): SelectionResult {
  const { considered, query, budget, strategy } = context;
  const selected: SelectedDocument[] = [];
  let used = 0;
  let excluded = 0;
  for (const item of ordered) {
    const tokens = tokensOf(item);
    if (used + tokens <= budget) {
      selected.push(select(item));
      used += tokens;
    } else {
      excluded += 1;
    }
  }
  const counts = {
    query,
    budget,
    tokens_used: used,
    documents_considered: considered,
    documents_selected: selected.length,
    documents_excluded_by_budget: excluded,
  };
  const selection =
    strategy.name === V0_STRATEGY_NAME
      ? counts
      : { ...counts, strategy: strategy.name, token_counter: strategy.tokenCounter };
  return { documents: selected, selection };
}
