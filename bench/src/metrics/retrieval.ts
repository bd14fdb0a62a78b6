/**
 * Retrieval quality of one ranked list against graded judgements, as trec_eval and BEIR compute
 * them: a grade `> 0` is relevant; nDCG uses the grade itself as the gain and `log2(rank + 1)`
 * as the discount, its ideal list made of every judged document, best grades first.
 *
 * @module
 */

/** Judgements of one query: document id -> grade. */
export type Judgements = ReadonlyMap<string, number>;

/** nDCG at `k`: discounted gain of the top `k`, divided by the best possible; 0 without relevant documents. */
export function ndcgAtK(ranking: readonly string[], judgements: Judgements, k: number): number {
  let gain = 0;
  ranking.slice(0, k).forEach((id, position) => {
    gain += Math.max(0, judgements.get(id) ?? 0) / Math.log2(position + 2);
  });
  const ideal = [...judgements.values()]
    .filter((grade) => grade > 0)
    .sort((a, b) => b - a)
    .slice(0, k)
    .reduce((sum, grade, position) => sum + grade / Math.log2(position + 2), 0);
  return ideal === 0 ? 0 : gain / ideal;
}

/** Recall at `k`: the share of relevant documents found in the top `k`; 0 without relevant documents. */
export function recallAtK(ranking: readonly string[], judgements: Judgements, k: number): number {
  const relevant = countRelevant(judgements);
  if (relevant === 0) return 0;
  const found = ranking.slice(0, k).filter((id) => (judgements.get(id) ?? 0) > 0).length;
  return found / relevant;
}

/** Reciprocal rank: 1 / the rank of the first relevant document in `ranking`, 0 if none. */
export function reciprocalRank(ranking: readonly string[], judgements: Judgements): number {
  const position = ranking.findIndex((id) => (judgements.get(id) ?? 0) > 0);
  return position < 0 ? 0 : 1 / (position + 1);
}

/** The arithmetic mean; 0 for no values. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function countRelevant(judgements: Judgements): number {
  let relevant = 0;
  for (const grade of judgements.values()) if (grade > 0) relevant += 1;
  return relevant;
}
