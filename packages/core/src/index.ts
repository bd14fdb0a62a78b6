/**
 * `@x/core`: the mechanisms every `@x` specification package shares.
 *
 * The heavier parts live behind subpaths so light consumers do not load them:
 * `@x/core/tokens`, `@x/core/upstreams`, `@x/core/serve`, `@x/core/sessions`,
 * `@x/core/search` and `@x/core/catalog-server`.
 *
 * @module
 */

// Errors
export { CoreError, type CoreErrorCode, type CoreErrorOptions } from './errors.js';
