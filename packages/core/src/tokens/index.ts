/**
 * `@x/core/tokens`: the one `cl100k_base` token counter of the `@x` packages, on gpt-tokenizer.
 *
 * A subpath of its own because the encoder's ranks are large: importing `@x/core` does not load
 * them, and this module loads them only on the first count.
 *
 * @module
 */

// Counting

export { countJsonTokens, countTokens, exceedsTokens } from './count.js';

// Cutting

export { truncateToTokens } from './truncate.js';

// Bounding without the encoder

export { tokenUpperBound } from './upper-bound.js';
