/**
 * Deterministic, sentence-aware truncation of a card description to a token budget.
 *
 * @module
 */

import { toSingleLine } from '../util/strings.js';
import {
  type CountedText,
  countTextEnds,
  truncateToTokensCached as truncateToTokens,
} from './token-count.js';

/**
 * The longest description, in UTF-16 code units, that truncation looks at;
 * anything beyond is dropped first so a hostile upstream cannot make card
 * building slow. Far above any real description.
 *
 * @see gateway-surface §2.4
 */
export const DESCRIPTION_MAX_LENGTH = 65_536;

/** No cl100k_base token is longer than this many bytes (measured over its whole vocabulary). */
const MAX_TOKEN_BYTES = 128;

const ELLIPSIS = '…';

/** Offsets just past a sentence terminator (`.`, `!`, `?`) that ends the text or is followed by whitespace. */
function sentenceEnds(text: string, maxEnd: number): number[] {
  const ends: number[] = [];
  for (const match of text.matchAll(/[.!?](?=\s|$)/g)) {
    const end = match.index + 1;
    if (end > maxEnd) break;
    ends.push(end);
  }
  return ends;
}

/**
 * Fits a description into `budget` cl100k_base tokens, as §2.4 prescribes.
 *
 * The text is first made one line (see the card rules) and cut to
 * {@link DESCRIPTION_MAX_LENGTH}. Then: within budget, it is returned as is;
 * else the longest prefix ending at a sentence terminator that fits is
 * returned (a terminator counts when whitespace or the end follows it, so
 * `v1.2` or `e.g.x` do not end sentences); else the first `budget − 1` tokens
 * followed by `…` (fewer if the ellipsis merges into a longer count). The
 * result is always a prefix of the one-line text, optionally plus `…`, and
 * depends on nothing but its inputs.
 *
 * Sentence prefixes end where the tokenizer's pre-tokens end (the terminator
 * is followed by a space in a one-line text), so their token counts grow with
 * their length and the longest fitting one is found by binary search.
 *
 * @see gateway-surface §2.4
 */
export function truncateDescription(description: string, budget: number): string {
  return truncateDescriptionCounted(description, budget).text;
}

/**
 * {@link truncateDescription} with the result's token count and end pieces, found while fitting
 * it, so a card builder can count the card line without walking the description again. Not
 * exported from the index.
 */
export function truncateDescriptionCounted(description: string, budget: number): CountedText {
  const text = toSingleLine(String(description)).slice(0, DESCRIPTION_MAX_LENGTH);
  const limit = Math.max(0, Math.floor(budget));
  // A text longer than limit × 128 code units needs more than `limit` tokens.
  if (text.length <= limit * MAX_TOKEN_BYTES) {
    const whole = countTextEnds(text);
    if (whole.tokens <= limit) return whole;
  }
  if (limit === 0) return countTextEnds('');
  const ends = sentenceEnds(text, limit * MAX_TOKEN_BYTES);
  let low = 0;
  let high = ends.length - 1;
  let best: CountedText | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const prefix = countTextEnds(text.slice(0, ends[middle]));
    if (prefix.tokens <= limit) {
      best = prefix;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return best ?? hardCut(text, limit);
}

/** The first `limit − 1` tokens plus `…`, backing off while the result still exceeds `limit`. */
function hardCut(text: string, limit: number): CountedText {
  for (let keep = limit - 1; keep > 0; keep -= 1) {
    const result = countTextEnds(`${truncateToTokens(text, keep)}${ELLIPSIS}`);
    if (result.tokens <= limit) return result;
  }
  return countTextEnds(ELLIPSIS);
}
