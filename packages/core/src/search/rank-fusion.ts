import { invalid } from './search-options.js';

/** The `k` of reciprocal-rank fusion when none is given: the constant of Cormack et al. (2009). */
export const DEFAULT_FUSION_K = 60;

/** One fused result of {@link fuseRankings}. */
export interface FusedHit {
  /** The id, as the rankings give it. */
  readonly id: string;
  /** The sum over the rankings that hold the id of `1 / (k + rank)`, ranks counted from 1. */
  readonly score: number;
}

/**
 * Merges ranked id lists by reciprocal-rank fusion: each id scores `Σ 1 / (k + rank)` over the
 * lists that hold it (rank 1 is the first place; an id repeated within one list counts at its
 * first place only). Scores need no common scale, which is why it suits a lexical ranker beside
 * an embedding ranker. Ordered by score descending, then id ascending (by UTF-16 code unit), so
 * the same lists give the same order, and so do the same lists in another order.
 *
 * @param rankings - Id lists, best first.
 * @param k - Damps the weight of the first places: a finite number `>= 0`; default 60.
 * @throws `CoreError` `INVALID_ARGUMENT` when `k` is out of range.
 */
export function fuseRankings(
  rankings: readonly (readonly string[])[],
  k: number = DEFAULT_FUSION_K,
): FusedHit[] {
  if (!(Number.isFinite(k) && k >= 0)) invalid(`k must be a finite number >= 0, got ${k}`);
  const ranks = new Map<string, number[]>();
  for (const ranking of rankings) {
    const seen = new Set<string>();
    ranking.forEach((id, position) => {
      if (seen.has(id)) return;
      seen.add(id);
      const idRanks = ranks.get(id);
      if (idRanks === undefined) ranks.set(id, [position + 1]);
      else idRanks.push(position + 1);
    });
  }
  // Summed best rank first, so the score is the same float whatever the order of the rankings.
  return [...ranks]
    .map(([id, idRanks]) => ({
      id,
      score: idRanks.sort((x, y) => x - y).reduce((sum, rank) => sum + 1 / (k + rank), 0),
    }))
    .sort((x, y) => y.score - x.score || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
}
