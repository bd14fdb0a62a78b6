import { CoreError } from '../errors.js';

/**
 * The option `value`, or `fallback` when it is absent, checked to be a whole number `>= 1`: the
 * one rule of the embedding providers' sizes (batch sizes, character bounds, depths). Not
 * exported from the index.
 *
 * @throws `CoreError` `INVALID_ARGUMENT` naming the option when the value breaks the rule.
 */
export function wholeNumberOption(
  name: string,
  value: number | undefined,
  fallback: number,
): number {
  const checked = value ?? fallback;
  if (!(Number.isInteger(checked) && checked >= 1)) {
    throw new CoreError({
      code: 'INVALID_ARGUMENT',
      message: `${name} must be a whole number >= 1, got ${String(checked)}`,
    });
  }
  return checked;
}
