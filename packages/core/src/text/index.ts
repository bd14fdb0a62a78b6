/**
 * Text helpers shared by the `@x` packages.
 *
 * @module
 */

export { firstSentence } from './first-sentence.js';
export { MAX_NEAREST, type NearestNamesOptions, nearestNames } from './nearest-names.js';
