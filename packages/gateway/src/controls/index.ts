/**
 * `@x/gateway/controls`: the opt-in controls of gateway-surface §4.4 and §4.5: schema trust at
 * ingest, tolerant arguments, retry, the read-only result cache, dry run and per-caller rate
 * limits. Pass them to the servers of `@x/gateway/server` as `controls`.
 *
 * @module
 */

// Options
export {
  type GatewayControlsOptions,
  GatewayControlsOptionsSchema,
  type GatewayControlsSettings,
  matchesConfiguredToolId,
  type RateLimit,
  RateLimitSchema,
  RateLimitsOptionsSchema,
  type RateLimitsSettings,
  RETRYABLE_CODES,
  ResultCacheOptionsSchema,
  type ResultCacheSettings,
  RetryableCodeSchema,
  RetryOptionsSchema,
  type RetrySettings,
  SchemaLimitsOptionsSchema,
  SchemaTrustOptionsSchema,
  type SchemaTrustSettings,
} from './controls-options.js';
// Dry run
export {
  type DryRunCheck,
  type DryRunReport,
  dryRunReport,
  ToolExecuteDryRunArgumentsSchema,
  withDryRunArgument,
} from './dry-run.js';
// The controls
export {
  type ControlledExecution,
  type ControlsCaller,
  type ControlsEvent,
  type ControlsProvenance,
  type ControlsSession,
  createGatewayControls,
  type GatewayControls,
  type GatewayControlsEnvironment,
} from './gateway-controls.js';
// Rate limits
export {
  createRateLimiter,
  RATE_LIMIT_WINDOW_MS,
  type RateLimiter,
  type RateLimitScope,
  type RateLimitSession,
  type RateLimitVerdict,
  rateLimitedError,
} from './rate-limiter.js';
// The result cache
export { createResultCache, type ResultCache, resultCacheKey } from './result-cache.js';
// Retry
export { backoffDelay, type RetryEnvironment, type RetryOutcome, withRetry } from './retry.js';
// Schema trust
export {
  createSchemaTrust,
  type FlaggedSchema,
  type SchemaTrust,
  type SchemaTrustReport,
} from './schema-trust.js';
export {
  type ExecuteArguments,
  PROVENANCE_META_KEY,
  parseExecuteArguments,
  withControlsProvenance,
  withProvenanceMeta,
} from './server-hooks.js';
// Tolerant arguments
export {
  ARGUMENT_REPAIR_RULES,
  type ArgumentRepair,
  type ArgumentRepairRule,
  type RepairedArguments,
  repairArguments,
} from './tolerant-arguments.js';
