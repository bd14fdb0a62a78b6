import { CoreError } from '../errors.js';
import { countOrdinary, countPreTokenOrdinary } from './encoder.js';

/**
 * Counts the `cl100k_base` tokens of `text`.
 *
 * Special-token markers in the text (`<|endoftext|>`) count as ordinary characters. The encoder's
 * ranks are read on the first call (under a hundred milliseconds), never again.
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
  return text === '' ? 0 : countOrdinary(text);
}

/**
 * Counts the `cl100k_base` tokens of one pre-token: a string that the encoder's split pattern
 * (`pat_str` of js-tiktoken's `cl100k_base` ranks) matches whole, such as each match a caller
 * gets when it splits a text with that pattern itself to count the text piece by piece.
 *
 * For such a string the result equals `countTokens(preToken)`, found without running the
 * pattern again. For any other string it is the count of merging the whole string as one piece,
 * which is not its token count.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` when `preToken` is not a string.
 */
export function countPreTokenTokens(preToken: string): number {
  if (typeof preToken !== 'string') {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `countPreTokenTokens expects a string, got ${typeof preToken}`,
    });
  }
  return countPreTokenOrdinary(preToken);
}

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
