/**
 * `@x/core/backoff`: the one exponential backoff of the `@x` packages.
 *
 * @module
 */

export { type BackoffBounds, backoffDelayMs } from './backoff.js';
