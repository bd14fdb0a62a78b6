import { CoreError } from '../errors.js';
import { cl100k, encodedParts, ORDINARY } from './encoding.js';

/**
 * Counts the `cl100k_base` tokens of `text`.
 *
 * Exact (gpt-tokenizer's encoder; see `encoding.ts` for the one exception, pre-tokens of over
 * 20,000 code units). Special-token markers in the text (`<|endoftext|>`) count as ordinary
 * characters. The encoder's ranks are read on the first call, never again.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when `text` is not a string.
 */
export function countTokens(text: string): number {
  if (typeof text !== 'string') {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `countTokens expects a string, got ${typeof text}`,
    });
  }
  if (text === '') return 0;
  const { countTokens: countEncoded } = cl100k();
  let total = 0;
  for (const part of encodedParts(text)) total += countEncoded(part.text, ORDINARY);
  return total;
}

/** No `cl100k_base` token covers more than this many UTF-8 bytes. */
const MAX_TOKEN_BYTES = 128;

/**
 * Whether `text` takes more than `limit` tokens ({@link countTokens}), doing only the work the
 * answer needs: a text of at most `limit` UTF-8 bytes fits without encoding, one whose bytes
 * need more than `limit` tokens even at 128 bytes a token exceeds without encoding, and the
 * count stops as soon as it passes `limit`. For results of megabytes that must be judged
 * quickly.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when `text` is not a string or `limit` is not a number.
 */
export function exceedsTokens(text: string, limit: number): boolean {
  if (typeof text !== 'string' || typeof limit !== 'number' || Number.isNaN(limit)) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: 'exceedsTokens expects a string and a number of tokens',
    });
  }
  if (text.length * 3 <= limit) return false;
  const bytes = utf8.encode(text).length;
  if (bytes <= limit) return false;
  if (bytes / MAX_TOKEN_BYTES > limit) return true;
  const { isWithinTokenLimit } = cl100k();
  let total = 0;
  for (const part of encodedParts(text)) {
    const count = isWithinTokenLimit(part.text, limit - total, ORDINARY);
    if (count === false) return true;
    total += count;
  }
  return false;
}

const utf8 = new TextEncoder();

/**
 * Counts the `cl100k_base` tokens of `value` serialized with `JSON.stringify` (compact, no
 * indentation), as a model sees a tool definition or a structured result.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when `value` has no JSON form (`undefined`, a
 * function, a `bigint`, a cycle).
 */
export function countJsonTokens(value: unknown): number {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch (cause) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: 'countJsonTokens: the value cannot be serialized as JSON',
      cause,
    });
  }
  if (json === undefined) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `countJsonTokens: a value of type ${typeof value} has no JSON form`,
    });
  }
  return countTokens(json);
}
