/**
 * `@x/core/tokens`: token counting with js-tiktoken's `cl100k_base`.
 *
 * A subpath of its own because the encoder's ranks are large: importing `@x/core` does not load
 * them, and this module parses them only on the first count.
 *
 * @module
 */

// Counting
export { countJsonTokens, countPreTokenTokens, countTokens } from './count.js';
// Cutting
export { truncateToTokens } from './truncate.js';
// Bounding without the encoder
export { tokenUpperBound } from './upper-bound.js';
