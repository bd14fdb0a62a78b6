/**
 * Text helpers shared by the `@x` packages.
 *
 * @module
 */

export { firstSentence } from './first-sentence.js';
