import fc from 'fast-check';

/** The pieces every scanner-stressing text is made of: brackets, quotes, separators, a fence. */
const BASE_UNITS = ['{', '}', '[', ']', '"', "'", ':', ',', '`', '\n', ' ', 'a'];

/**
 * Text that stresses the call scanner: up to `maxLength` pieces drawn from brackets, quotes,
 * separators and backticks, plus the `extra` pieces a test needs (escapes, fences, key words).
 */
export function bracketSoup(maxLength: number, extra: readonly string[]): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...BASE_UNITS, ...extra), maxLength });
}
