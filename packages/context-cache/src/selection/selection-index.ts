/**
 * Selection over prepared documents: a strategy's scoring index plus the documents' id order,
 * so that each query pays for its own terms, not for re-reading the cache.
 *
 * @module
 */

import type { CacheDocument } from '../document.js';
import type { SelectionResult } from '../selection-result.js';
import { compareUtf8 } from '../utf8-order.js';
import { fillBudget, orderScored } from './select.js';
import type { ContextStrategy, ScoredDocument, ScoringIndex } from './strategy.js';

/** One strategy's selection, prepared for one set of documents by {@link createSelectionIndex}. */
export interface SelectionIndex {
  /** The strategy it was prepared for. */
  readonly strategy: ContextStrategy;
  /** How many documents it holds. */
  readonly documentCount: number;
  /** The UTF-16 length of all contents: what {@link SelectionIndexCache} bounds memory by. */
  readonly characters: number;
  /** Selects for `query` within `budget`: the same result as `selectContext` on the documents. */
  select(query: string, budget: number): SelectionResult;
}

/**
 * Ranks of the documents in id order (UTF-8 bytes); equal ids keep their input order, as the
 * stable sort of `orderScored` does.
 */
function idRanks(documents: readonly CacheDocument[]): Int32Array {
  const positions = documents.map((_, position) => position);
  positions.sort(
    (left, right) =>
      compareUtf8(documents[left]?.id ?? '', documents[right]?.id ?? '') || left - right,
  );
  const ranks = new Int32Array(documents.length);
  positions.forEach((position, rank) => {
    ranks[position] = rank;
  });
  return ranks;
}

/** Ranks take the low bits of a packed sort key; more documents than this use the slow path. */
const RANK_BITS = 21;
const RANK_SPAN = 2 ** RANK_BITS;
const floatView = new Float32Array(1);
const bitsView = new Uint32Array(floatView.buffer);

/**
 * Orders scored documents (aligned with the prepared documents, scores finite and not
 * negative 32-bit floats) by score descending, then id ascending. Each document becomes one
 * exact float64 key, the score's bits inverted above its id rank, so that a plain numeric sort
 * of the keys gives the order: for such floats the bit pattern grows with the value.
 */
function orderByRank(scored: readonly ScoredDocument[], ranks: Int32Array): ScoredDocument[] {
  const keys = new Float64Array(scored.length);
  const byRank = new Array<ScoredDocument>(scored.length);
  for (let position = 0; position < scored.length; position += 1) {
    const item = scored[position] as ScoredDocument;
    const rank = ranks[position] as number;
    floatView[0] = item.score === 0 ? 0 : item.score;
    keys[position] = (0xffffffff - (bitsView[0] as number)) * RANK_SPAN + rank;
    byRank[rank] = item;
  }
  keys.sort();
  return Array.from(keys, (key) => byRank[key % RANK_SPAN] as ScoredDocument);
}

function isAligned(
  scored: readonly ScoredDocument[],
  documents: readonly CacheDocument[],
): boolean {
  return (
    scored.length === documents.length &&
    scored.every(
      (item, position) =>
        item.document === documents[position] && Number.isFinite(item.score) && item.score >= 0,
    ) &&
    documents.length <= RANK_SPAN
  );
}

/**
 * Prepares `strategy` for `documents`: its scoring index when it has one (else its `score`
 * on every query), and the documents' id order. `select` then gives byte for byte what
 * `selectContext(documents, query, budget, strategy)` gives.
 *
 * @see context_selection.md §Execution Model, §Ordering
 */
export function createSelectionIndex(
  documents: readonly CacheDocument[],
  strategy: ContextStrategy,
): SelectionIndex {
  const scoring: ScoringIndex = strategy.index?.(documents) ?? {
    score: (query) => strategy.score(documents, query),
  };
  const ranks = idRanks(documents);
  let characters = 0;
  for (const document of documents) characters += document.content.length;
  return {
    strategy,
    documentCount: documents.length,
    characters,
    select(query, budget) {
      const scored = scoring.score(query).map((item) => {
        const score = Math.fround(item.score);
        return Object.is(score, item.score) ? item : { ...item, score };
      });
      const ordered = isAligned(scored, documents)
        ? orderByRank(scored, ranks)
        : orderScored(scored);
      return fillBudget(ordered, documents.length, query, budget, strategy);
    },
  };
}
