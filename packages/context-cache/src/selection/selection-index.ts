/**
 * Selection over prepared documents: a strategy's scoring index plus the documents' id order,
 * so that each query pays for its own terms, not for re-reading the cache.
 *
 * @module
 */

import { isRecordingMetrics, recordTokenSavings } from '@x/core/telemetry';
import type { CacheDocument } from '../document.js';
import type { SelectionResult } from '../selection-result.js';
import { compareUtf8 } from '../utf8-order.js';
import { fillBudget, fillBudgetWith, orderScored } from './select.js';
import {
  type ContextStrategy,
  type ScoredDocument,
  type ScoringIndex,
  scoredFromTable,
} from './strategy.js';

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

/** The documents' positions in id order, and each position's rank in it. */
interface IdOrder {
  readonly order: Int32Array;
  readonly ranks: Int32Array;
}

/**
 * The documents' positions in id order (UTF-8 bytes) and each position's rank in it; equal ids
 * keep their input order, as the stable sort of `orderScored` does.
 */
function idOrder(documents: readonly CacheDocument[]): IdOrder {
  const positions = documents.map((_, position) => position);
  positions.sort(
    (left, right) =>
      compareUtf8(documents[left]?.id ?? '', documents[right]?.id ?? '') || left - right,
  );
  const order = Int32Array.from(positions);
  const ranks = new Int32Array(documents.length);
  order.forEach((position, rank) => {
    ranks[position] = rank;
  });
  return { order, ranks };
}

/** Ranks take the low bits of a packed sort key; more documents than this use the slow path. */
const RANK_BITS = 21;
const RANK_SPAN = 2 ** RANK_BITS;
const floatView = new Float32Array(1);
const bitsView = new Uint32Array(floatView.buffer);

/**
 * The positions of the documents in selection order, by score descending, then id ascending,
 * for scores that are finite, not negative 32-bit floats. Each document that scored above 0
 * becomes one exact float64 key, the score's bits inverted above its id rank, so that a plain
 * numeric sort of the keys gives their order: for such floats the bit pattern grows with the
 * value. The documents that scored 0 follow in the precomputed id order, unsorted.
 */
function orderPositions(scores: Float64Array, { order, ranks }: IdOrder): Int32Array {
  const keys = new Float64Array(scores.length);
  let positive = 0;
  for (let position = 0; position < scores.length; position += 1) {
    const score = scores[position] as number;
    if (score === 0) continue;
    floatView[0] = score;
    keys[positive] =
      (0xffffffff - (bitsView[0] as number)) * RANK_SPAN + (ranks[position] as number);
    positive += 1;
  }
  const ordered = new Int32Array(scores.length);
  const sorted = keys.subarray(0, positive).sort();
  for (let at = 0; at < positive; at += 1) {
    const key = sorted[at] as number;
    // The low bits of an exact integer below 2^53, without the slower floating-point `%`.
    ordered[at] = order[key - Math.floor(key / RANK_SPAN) * RANK_SPAN] as number;
  }
  let at = positive;
  for (const position of order) {
    if (scores[position] === 0) {
      ordered[at] = position;
      at += 1;
    }
  }
  return ordered;
}

/** Whether {@link orderPositions} may order these scores. */
function isOrderable(scores: Float64Array, count: number): boolean {
  if (scores.length !== count || count > RANK_SPAN) return false;
  for (let position = 0; position < count; position += 1) {
    const score = scores[position] as number;
    if (!(Number.isFinite(score) && score >= 0 && Math.fround(score) === score)) return false;
  }
  return true;
}

function sumOf(values: ArrayLike<number>): number {
  let total = 0;
  for (let index = 0; index < values.length; index += 1) total += values[index] as number;
  return total;
}

/** The scores as 32-bit floats: `scored` itself when they all are already, else a copy. */
function roundScores(scored: readonly ScoredDocument[]): readonly ScoredDocument[] {
  const exact = scored.every((item) => Object.is(Math.fround(item.score), item.score));
  return exact ? scored : scored.map((item) => ({ ...item, score: Math.fround(item.score) }));
}

/**
 * Prepares `strategy` for `documents`: its scoring index when it has one (or `scoring`, one
 * already built for these documents; else its `score` on every query), and the documents' id
 * order. `select` then gives byte for byte what `selectContext(documents, query, budget,
 * strategy)` gives.
 *
 * @see context_selection.md §Execution Model, §Ordering
 */
export function createSelectionIndex(
  documents: readonly CacheDocument[],
  strategy: ContextStrategy,
  scoring: ScoringIndex | undefined = strategy.index?.(documents),
): SelectionIndex {
  const scoringIndex: ScoringIndex = scoring ?? {
    score: (query) => strategy.score(documents, query),
  };
  const byId = idOrder(documents);
  let characters = 0;
  for (const document of documents) characters += document.content.length;
  // The budget counter's tokens of the whole cache: a pure function of the contents, summed once.
  let cacheTokens: number | undefined;
  const recordSavings = (tokens: () => number, result: SelectionResult): SelectionResult => {
    if (isRecordingMetrics()) {
      cacheTokens ??= tokens();
      recordTokenSavings('context', cacheTokens, result.selection.tokens_used);
    }
    return result;
  };
  return {
    strategy,
    documentCount: documents.length,
    characters,
    select(query, budget) {
      const table = scoringIndex.table?.(query);
      if (table !== undefined && isOrderable(table.scores, documents.length)) {
        const selected = fillBudgetWith(
          orderPositions(table.scores, byId),
          (position) => table.tokens[position] as number,
          (position) => {
            const { id, version, content } = documents[position] as CacheDocument;
            const score = table.scores[position] as number;
            const tokens = table.tokens[position] as number;
            return { id, version, content, score, tokens, why: table.why(position) };
          },
          { considered: documents.length, query, budget, strategy },
        );
        return recordSavings(() => sumOf(table.tokens), selected);
      }
      const scored = roundScores(
        table === undefined ? scoringIndex.score(query) : scoredFromTable(documents, table),
      );
      const selected = fillBudget(orderScored(scored), documents.length, query, budget, strategy);
      return recordSavings(() => sumOf(scored.map((item) => item.tokens)), selected);
    },
  };
}
