/**
 * `@x/cash`: build CaSH servers (three tools, `call` / `help` / `skill`, over hierarchical
 * namespaces, with output gating and a manifest) and aggregate MCP servers behind them.
 *
 * @see cash-rfc (the CaSH Model for MCP Server Design, 0.1.1)
 * @module
 */

export {
  type DynamicAggregation,
  type DynamicAggregationOptions,
  type ManifestEntryStatus,
  type ManifestSourceOptions,
  mountManifests,
} from './aggregate/dynamic-aggregation.js';
export { type FetchManifestOptions, fetchManifest } from './aggregate/manifest-fetch.js';
// Aggregation
export { policyArgumentCheck } from './aggregate/policy-arguments.js';
export { createPolicyVisibility, type ServedAs } from './aggregate/policy-visibility.js';
export {
  type AggregatedUpstream,
  type AggregateOptions,
  type Aggregation,
  aggregateMcpServers,
  type UpstreamKind,
} from './aggregate/static-aggregation.js';
export {
  createUpstreamMount,
  type MountableUpstream,
  type UpstreamMount,
  type UpstreamMountOptions,
} from './aggregate/upstream-mount.js';
// Gating
export { responseSize, suggestSizeLimit } from './call/gate.js';
// Definitions
export type {
  CallContext,
  CashFunction,
  FunctionDefinition,
  FunctionEffect,
  FunctionExample,
  FunctionOutcome,
  KwargsOf,
  NamespaceOptions,
  SkillDefinition,
  VisibilityHook,
  VisibilityTarget,
} from './definitions.js';
// Errors
export {
  type CashConfigErrorCode,
  CashError,
  type CashErrorCode,
  type CashErrorOptions,
  type CashWireErrorCode,
} from './errors.js';
export { DEFAULT_GATE_THRESHOLD } from './help/answer-help.js';
export {
  DEFAULT_HELP_TOKEN_LIMIT,
  MIN_HELP_TOKEN_LIMIT,
} from './help/help-bound.js';
export {
  HELP_ARGUMENTS,
  HELP_QUERY_EXTENSION,
  type HelpArgument,
  MAX_HELP_QUERY_LENGTH,
} from './help/help-options.js';
export { DEFAULT_JSON_LIMITS, type JsonLimits } from './kwargs.js';
// Manifest
export type { ManifestOptions } from './manifest/build-manifest.js';
export { createManifestRoute, MANIFEST_PATH } from './manifest/manifest-route.js';
export {
  CASH_VERSION,
  type CashManifest,
  CashManifestSchema,
  DEFAULT_CACHE_TTL_SECONDS,
} from './manifest/manifest-schema.js';
export { parseManifest, serializeManifest, validateManifest } from './manifest/manifest-text.js';
export { SERVER_RESOURCE_URI } from './mcp-server.js';
// Mounts
export type {
  CashSkill,
  ForwardTool,
  MountedContent,
  MountTarget,
  NamespaceMount,
} from './mount.js';
// Names
export {
  canonicalKey,
  isValidLabel,
  MAX_LABEL_LENGTH,
  normalizeLabel,
  type ParsedNamespacePath,
  parseNamespacePath,
  toLabel,
} from './names.js';
// Schemas
export type { ObjectJsonSchema, ParamsDefinition } from './schema.js';
// Server
export {
  type CallToolOptions,
  type CashServer,
  type CashServerOptions,
  createCashServer,
  type NamespaceBuilder,
} from './server.js';
// Skills
export { type FilledText, fillPlaceholders } from './skills/placeholders.js';
export {
  loadSkillFolder,
  OMITTED_NOTE,
  parseSkillFile,
  type SkillFile,
  stripExecutableContent,
} from './skills/skill-files.js';
// Tools
export { CASH_TOOL_NAMES, CASH_TOOLS } from './tools.js';
