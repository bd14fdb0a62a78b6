/**
 * `@x/core/json`: bounds on JSON that arrives from outside.
 *
 * @module
 */

// Nesting depth
export { exceedsJsonDepth, nestsDeeperThan } from './json-depth.js';
