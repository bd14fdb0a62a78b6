/**
 * "Did you mean" hints: the known names nearest to one nobody knows, by edit distance.
 *
 * @module
 */

import { distance } from 'fastest-levenshtein';

/** How many names {@link nearestNames} gives at most unless told otherwise. */
export const MAX_NEAREST = 3;

/** Options of {@link nearestNames}. */
export interface NearestNamesOptions {
  /** The most names returned (default {@link MAX_NEAREST}). */
  readonly limit?: number;
  /**
   * The form names are compared in, such as lower case without separators (default: as
   * written). The names returned are the candidates as given.
   */
  readonly key?: (name: string) => string;
  /**
   * Whether to keep only close candidates (default `true`): an edit distance of at most a third
   * of the longer key (and at least 2), or one key of 3 or more characters containing the other.
   * `false` ranks every candidate.
   */
  readonly closeOnly?: boolean;
}

/**
 * The candidates nearest to `name`, best first, at most `limit` of them.
 *
 * A candidate's score is its edit distance (Levenshtein) to `name` in `key` form; one whose key
 * contains the other's (or is contained, both 3 characters or more) scores at most the closeness
 * bound, so a forgotten prefix (`search` for `shop_search`) counts as close. Ties keep the
 * order of `candidates`, repeats count once, and a `name` whose key is empty has no nearest
 * names, so the answer depends on the inputs alone.
 */
export function nearestNames(
  name: string,
  candidates: Iterable<string>,
  options: NearestNamesOptions = {},
): string[] {
  const { limit = MAX_NEAREST, key = (text: string) => text, closeOnly = true } = options;
  const wanted = key(name);
  if (wanted === '') return [];
  const scored: Array<{ candidate: string; score: number }> = [];
  for (const candidate of new Set(candidates)) {
    const candidateKey = key(candidate);
    const bound = Math.max(2, Math.floor(Math.max(candidateKey.length, wanted.length) / 3));
    const editDistance = distance(wanted, candidateKey);
    const contains =
      wanted.length >= 3 &&
      candidateKey.length >= 3 &&
      (candidateKey.includes(wanted) || wanted.includes(candidateKey));
    const score = contains ? Math.min(editDistance, bound) : editDistance;
    if (!closeOnly || score <= bound) scored.push({ candidate, score });
  }
  // Array.prototype.sort is stable, so equal scores keep the order of `candidates`.
  scored.sort((left, right) => left.score - right.score);
  return scored.slice(0, Math.max(0, limit)).map((entry) => entry.candidate);
}
