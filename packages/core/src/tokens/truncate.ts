import { CoreError } from '../errors.js';
import { countTokens } from './count.js';
import { decodeTokens, encodeOrdinary } from './encoder.js';

const REPLACEMENT_CHARACTER = '\uFFFD';
/** The most tokens one unsliced piece can encode to: 64 code units of up to 3 UTF-8 bytes each. */
const LAST_PIECE_TOKENS = 192;
/** The first window of a long text, in code units per token wanted (English runs near 4). */
const WINDOW_CHARACTERS_PER_TOKEN = 6;

/**
 * Returns the longest prefix of `text` that fits in `maxTokens` `cl100k_base` tokens, cut at a
 * token boundary and never inside a character.
 *
 * The result is always a prefix of `text` (code unit for code unit) and `countTokens(result) <=
 * maxTokens`. `maxTokens <= 0` gives `''`; `Infinity` gives `text`.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when `maxTokens` is `NaN` or not a whole number,
 * or `text` is not a string.
 */
export function truncateToTokens(text: string, maxTokens: number): string {
  if (typeof maxTokens !== 'number' || !(Number.isInteger(maxTokens) || isInfinite(maxTokens))) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `truncateToTokens expects a whole number of tokens, got ${String(maxTokens)}`,
    });
  }
  if (typeof text !== 'string') {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `truncateToTokens expects a string, got ${typeof text}`,
    });
  }
  if (maxTokens <= 0 || text === '') return '';
  const tokens = encodeLeadingTokens(text, maxTokens);
  if (tokens === undefined) return text;
  // Re-encoding a cut text can merge differently at the cut, so check the count and retry
  // with fewer tokens until the prefix fits; the budget shrinks every round.
  let budget = maxTokens;
  while (budget > 0) {
    const prefix = prefixOfDecodedTokens(text, tokens.slice(0, budget));
    const count = countTokens(prefix);
    if (count <= maxTokens) return prefix;
    budget -= count - maxTokens;
  }
  return '';
}

/**
 * The first `maxTokens` tokens of `text` (or more), encoding only as much of a long text as
 * needed; `undefined` when the whole text fits. Only the last regex piece of a window can
 * encode differently from the whole text, and a piece of at most {@link LAST_PIECE_TOKENS}
 * tokens (longer pieces are sliced), so a window with more than `maxTokens` plus that many
 * tokens starts exactly as the whole text does.
 */
function encodeLeadingTokens(text: string, maxTokens: number): number[] | undefined {
  let windowLength = (maxTokens + LAST_PIECE_TOKENS) * WINDOW_CHARACTERS_PER_TOKEN;
  for (;;) {
    if (windowLength >= text.length) {
      const tokens = encodeOrdinary(text);
      return tokens.length <= maxTokens ? undefined : tokens;
    }
    const tokens = encodeOrdinary(text.slice(0, windowLength));
    if (tokens.length > maxTokens + LAST_PIECE_TOKENS) return tokens;
    windowLength *= 2;
  }
}

/**
 * The prefix of `text` that the decoded `tokens` (a prefix of its encoding) cover in whole
 * characters. Every code point of `text` decodes to exactly one code point (a lone surrogate
 * to U+FFFD), and a character cut by the last token decodes to one trailing U+FFFD, dropped.
 */
function prefixOfDecodedTokens(text: string, tokens: number[]): string {
  const decoded = decodeTokens(tokens);
  const complete = decoded.endsWith(REPLACEMENT_CHARACTER) ? decoded.slice(0, -1) : decoded;
  let codePoints = 0;
  for (const _ of complete) codePoints += 1;
  let end = 0;
  for (let seen = 0; seen < codePoints && end < text.length; seen += 1) {
    const codePoint = text.codePointAt(end) ?? 0;
    end += codePoint > 0xffff ? 2 : 1;
  }
  return text.slice(0, end);
}

function isInfinite(value: number): boolean {
  return value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY;
}
