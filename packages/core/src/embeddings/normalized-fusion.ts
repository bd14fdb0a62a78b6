/**
 * The `normalized` fusion of `createHybridSearch`: lexical and cosine scores put on one scale and
 * added, for the whole query and for each of its sentences.
 *
 * Why: reciprocal-rank fusion forgets how far ahead a lexical match is, so a weak embedding
 * ranking drags a clear lexical winner down (Seal-Tools dev Recall@5 0.943 lexical, 0.672 fused
 * by rank with the in-process sentence encoder), and the embedding of a request of several steps
 * blurs them into one meaning. Here each part of the query scores a document by its lexical
 * score over the part's best one, plus the weight times its cosine similarity rescaled so the
 * part's least similar document gets 0 and the most similar 1; a request of several sentences
 * adds to its whole-request part (whose cosine weight is divided by the number of sentences) the
 * best of its sentence parts. Measured in `pnpm bench retrieval`.
 *
 * @module
 */

import { fuseWithBestPart, valueRange } from '../search/best-part-fusion.js';

/** One part of a query (the whole query, or one sentence of it), scored over every document. */
export interface QueryPart {
  /** Every document's lexical score for the part, in document order (0: no term matched). */
  readonly lexical: Float64Array;
  /** Every document's cosine similarity to the part's embedding, in document order. */
  readonly cosine: Float64Array;
}

/**
 * Every document's fused score, in document order. `whole` is the whole query; `sentences` are
 * its sentences when it has two or more (else empty). `semanticWeight` weighs the rescaled cosine
 * of a sentence part; the whole query's weighs `semanticWeight` divided by the number of
 * sentences (by 1 when there are none).
 */
export function fuseNormalized(
  whole: QueryPart,
  sentences: readonly QueryPart[],
  semanticWeight: number,
): Float64Array {
  return fuseWithBestPart(whole, sentences, semanticWeight, partScores);
}

/** Lexical score over the best one, plus `weight` times the cosine rescaled to [0, 1]. */
function partScores(part: QueryPart, weight: number): Float64Array {
  const { lexical, cosine } = part;
  const topLexical = maximum(lexical);
  const { lowest, highest } = valueRange(cosine);
  const span = highest - lowest;
  const scores = new Float64Array(lexical.length);
  for (let i = 0; i < scores.length; i += 1) {
    const lexicalShare = topLexical > 0 ? (lexical[i] as number) / topLexical : 0;
    const cosineShare = span > 0 ? ((cosine[i] as number) - lowest) / span : 0;
    scores[i] = lexicalShare + weight * cosineShare;
  }
  return scores;
}

function maximum(values: Float64Array): number {
  let top = 0;
  for (const value of values) if (value > top) top = value;
  return top;
}
