/**
 * The fusion of a request of several parts: the whole request's scores plus, per document, the
 * best score any one part gives it, so each part's best documents reach the answer; and the
 * range a part's cosine similarities are rescaled over.
 *
 * @module
 */

/**
 * Every document's fused score, in document order: `score(whole, semanticWeight / parts)` plus,
 * when there are two parts or more, the best `score(part, semanticWeight)` over the parts.
 * `score` answers one score per document for a part and the weight of its cosine share.
 */
export function fuseWithBestPart<Part>(
  whole: Part,
  parts: readonly Part[],
  semanticWeight: number,
  score: (part: Part, weight: number) => Float64Array,
): Float64Array {
  const fused = score(whole, semanticWeight / Math.max(1, parts.length));
  if (parts.length < 2) return fused;
  const best = new Float64Array(fused.length);
  for (const part of parts) {
    const scores = score(part, semanticWeight);
    for (let i = 0; i < best.length; i += 1) {
      if ((scores[i] as number) > (best[i] as number)) best[i] = scores[i] as number;
    }
  }
  for (let i = 0; i < fused.length; i += 1) fused[i] = (fused[i] as number) + (best[i] as number);
  return fused;
}

/** The least and the greatest of `values` (±Infinity when there are none), to rescale them. */
export function valueRange(values: Float64Array): { lowest: number; highest: number } {
  let lowest = Number.POSITIVE_INFINITY;
  let highest = Number.NEGATIVE_INFINITY;
  for (const value of values) {
    if (value < lowest) lowest = value;
    if (value > highest) highest = value;
  }
  return { lowest, highest };
}
