/**
 * "Did you mean" hints: the valid names closest to a name nobody knows.
 *
 * @module
 */

import { distance } from 'fastest-levenshtein';
import { canonicalKey } from './names.js';

/** How many hints {@link nearestNames} gives at most. */
export const MAX_NEAREST = 3;

/**
 * The candidates closest to `name`, best first, at most {@link MAX_NEAREST}.
 *
 * Names are compared in canonical form (§5.3). A candidate qualifies when its edit distance
 * is at most a third of the longer name (and at least 2), or when one contains the other.
 * Ties break by distance, then by candidate text, so the answer is deterministic.
 */
export function nearestNames(name: string, candidates: Iterable<string>): string[] {
  const wanted = canonicalKey(name);
  const scored: Array<{ candidate: string; score: number }> = [];
  for (const candidate of new Set(candidates)) {
    const key = canonicalKey(candidate);
    const limit = Math.max(2, Math.floor(Math.max(key.length, wanted.length) / 3));
    const editDistance = distance(wanted, key);
    const contains =
      wanted.length >= 3 && key.length >= 3 && (key.includes(wanted) || wanted.includes(key));
    if (editDistance <= limit || contains) {
      scored.push({ candidate, score: contains ? Math.min(editDistance, limit) : editDistance });
    }
  }
  scored.sort((a, b) =>
    a.score === b.score ? (a.candidate < b.candidate ? -1 : 1) : a.score - b.score,
  );
  return scored.slice(0, MAX_NEAREST).map((entry) => entry.candidate);
}
