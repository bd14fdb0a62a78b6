/**
 * Score sums of one scoring pass over a prepared index, sized once to its documents.
 *
 * A document's sum is only valid in the pass that touched it: each pass has a generation
 * number, and a document whose stamp is not the current generation holds a stale sum that the
 * first addition of the pass overwrites. So starting a pass costs nothing however many documents
 * the last one touched, and no pass ever clears the arrays.
 *
 * @module
 */

import { type Posting, type Weighing, weightedFrequency } from './postings.js';

/** The sums of one pass: valid for the first `count` documents of `touched`, in touch order. */
export interface ScoreBuffer {
  /** `scores[d]`: document `d`'s sum, when `stamps[d]` is `generation`. */
  readonly scores: Float64Array;
  readonly stamps: Uint32Array;
  /** The documents the pass touched, in the order it first touched them. */
  readonly touched: Int32Array;
  count: number;
  generation: number;
  /** The largest sum of the pass so far: sums only grow, so also the largest final sum. */
  top: number;
}

/** The last generation before the stamps are cleared and counting starts over. */
const LAST_GENERATION = 0xffff_ffff;

/** A buffer for `size` documents, with no pass started. */
export function createScoreBuffer(size: number): ScoreBuffer {
  return {
    scores: new Float64Array(size),
    stamps: new Uint32Array(size),
    touched: new Int32Array(size),
    count: 0,
    generation: 0,
    top: 0,
  };
}

/** Starts a new pass: every document's sum reads as not touched. */
export function startPass(buffer: ScoreBuffer): void {
  if (buffer.generation === LAST_GENERATION) {
    buffer.stamps.fill(0);
    buffer.generation = 0;
  }
  buffer.generation += 1;
  buffer.count = 0;
  buffer.top = 0;
}

/**
 * Adds `value` (positive) to a document's sum in the pass. A document's first addition stores
 * the value itself, which is what adding it to 0 gives.
 */
function addTo(buffer: ScoreBuffer, document: number, value: number): void {
  let sum = value;
  if (buffer.stamps[document] === buffer.generation) {
    sum = (buffer.scores[document] as number) + value;
  } else {
    buffer.stamps[document] = buffer.generation;
    buffer.touched[buffer.count] = document;
    buffer.count += 1;
  }
  buffer.scores[document] = sum;
  if (sum > buffer.top) buffer.top = sum;
}

/** Adds a term's impacts (its contribution counted once) to the pass's sums. */
export function addImpacts(posting: Posting, buffer: ScoreBuffer): void {
  const { matched, impacts } = posting;
  for (let i = 0; i < matched.length; i += 1) {
    addTo(buffer, matched[i] as number, impacts[i] as number);
  }
}

/** {@link addImpacts} to two buffers in one walk of the posting. */
export function addImpactsTwice(posting: Posting, first: ScoreBuffer, second: ScoreBuffer): void {
  const { matched, impacts } = posting;
  for (let i = 0; i < matched.length; i += 1) {
    const document = matched[i] as number;
    addTo(first, document, impacts[i] as number);
    addTo(second, document, impacts[i] as number);
  }
}

/**
 * Adds a term that the query holds `repeats` times: `repeats × idf × tf × (k1 + 1) / (k1 + tf)`
 * per document from its weighted frequency, skipping documents where that is 0.
 */
export function addRepeated(
  posting: Posting,
  repeats: number,
  weighing: Weighing,
  buffer: ScoreBuffer,
): void {
  const { idf } = posting;
  const { k1 } = weighing;
  for (let i = 0; i < posting.length; i += 1) {
    const frequency = weightedFrequency(posting, i, weighing);
    if (frequency === 0) continue;
    const contribution = (repeats * idf * frequency * (k1 + 1)) / (k1 + frequency);
    addTo(buffer, posting.documents[i] as number, contribution);
  }
}

/** The highest sum of the pass (every touched sum is positive); 1 when it touched nothing. */
export function highestScore(buffer: ScoreBuffer): number {
  return buffer.top > 0 ? buffer.top : 1;
}
