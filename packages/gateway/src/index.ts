/**
 * `@x/gateway`: the transport-free core of the gateway surface (gateway-surface
 * §1-§4): stable tool ids, client-safe tool names, ChoiceCards with token
 * budgets, the selection contract, browse paths, the ChoiceGraph, the wire
 * error shape, the catalog and router, the context firewall with its artifact
 * store and `tool_view`. The MCP servers are in `@x/gateway/server`.
 *
 * @module
 */

// Artifacts and tool_view (§4.2)
export {
  ARTIFACT_HANDLE_PATTERN,
  type Artifact,
  type ArtifactInput,
  type ArtifactJson,
  type ArtifactStore,
  artifactHandle,
  createMemoryArtifactStore,
  type MemoryArtifactStoreOptions,
} from './artifact-store.js';
export {
  DEFAULT_VIEW_LIMITS,
  type ViewLimits,
  type ViewResult,
  viewArtifact,
} from './artifact-view.js';
export {
  type ArtifactBudget,
  createArtifactBudget,
  DEFAULT_MAX_TOTAL_BYTES,
} from './artifacts/artifact-budget.js';

// Cache-stable browsing (§5)
export {
  type BrowseSession,
  catalogFingerprint,
  createBrowseSession,
} from './browse-session/browse-session.js';
export {
  type CacheStableOptions,
  CacheStableOptionsSchema,
} from './browse-session/cache-stable-options.js';
export {
  CACHE_BREAKPOINT_ID,
  cacheBreakpointCard,
  cacheStableOrder,
  renderCacheStableBrowseText,
} from './browse-session/cache-stable-order.js';
export {
  type BuildCardOptions,
  buildCard,
  buildNodeCard,
  type CardSourceTool,
  type NodeCardInput,
} from './card-builder.js';
export {
  BROWSE_PREAMBLE_MAX_TOKENS,
  CARD_HARD_CAP_TOKENS,
  CARD_TARGET_TOKENS,
  cardTokens,
  compareChoiceCards,
  type RenderChoiceCardsOptions,
  renderCard,
  renderChoiceCards,
  sortChoiceCards,
} from './card-render.js';
// The catalog (§1.5, §4.3)
export {
  type Catalog,
  type CatalogEntry,
  type CatalogOptions,
  type CatalogSource,
  type CatalogSourceTool,
  createCatalog,
  type HydrationResult,
} from './catalog.js';
// ChoiceCards (§2)
export {
  BANNED_CARD_FIELDS,
  CARD_KINDS,
  CARD_SAFETY_CLASSES,
  type ChoiceCard,
  ChoiceCardSchema,
  MAX_CARD_TAGS,
  normalizeTags,
  parseChoiceCard,
  SAFETY_TAGS,
  safetyOf,
  TAG_PATTERN,
} from './choice-card.js';
export {
  type ChoiceGraph,
  type ChoiceGraphOptions,
  createChoiceGraph,
  DEFAULT_MAX_CHILDREN,
} from './choice-graph.js';
// Client-safe tool names (ARCHITECTURE, §4.1)
export {
  CLIENT_SAFE_NAME_PATTERN,
  type ClientSafeNameIndex,
  createClientSafeNameIndex,
  fromClientSafeName,
  toClientSafeName,
} from './client-safe-name.js';
export { DESCRIPTION_MAX_LENGTH, truncateDescription } from './description-truncation.js';
export {
  type ErrorPayloadOptions,
  type GatewayErrorPayload,
  toErrorPayload,
} from './error-payload.js';
// Errors (§3.4)
export {
  GatewayError,
  type GatewayErrorCode,
  type GatewayErrorOptions,
  type GatewayInternalErrorCode,
  type GatewayWireErrorCode,
  type ToGatewayErrorOptions,
  toGatewayError,
} from './errors.js';
// Tool ids (§1)
// The context firewall (§4.2)
export {
  applyFirewall,
  type FirewallOptions,
  type FirewallOutcome,
  type FirewallSource,
} from './firewall.js';
export { firewallResult } from './firewall-result.js';
// Hybrid ranking (an option of the router)
export {
  createHybridCatalogRoute,
  createHybridRouter,
  embeddingText,
  type GatewayEmbeddings,
  type HybridRouter,
} from './hybrid-router.js';
export {
  formatJsonPath,
  type JsonPathLookup,
  type JsonPathStep,
  lookupJsonPath,
  MAX_JSON_PATH_STEPS,
  parseJsonPath,
} from './json-path.js';
// Paths and the ChoiceGraph (§3)
export {
  ALL_SEGMENT,
  type BrowsePath,
  formatPath,
  PATH_SEGMENT_PATTERN,
  parsePath,
} from './path.js';
// Resources and prompts (§9)
export {
  createPrimitiveCatalog,
  type PrimitiveCatalog,
  type PrimitiveEntry,
  type PrimitiveSource,
} from './primitives/primitive-catalog.js';
export {
  formatPrimitiveId,
  PRIMITIVE_KINDS,
  type PrimitiveIdParts,
  type PrimitiveKind,
  parsePrimitiveId,
  primitiveCardProblem,
  primitiveKindOf,
  primitiveName,
  promptHash8,
  resolveCollisions,
  resourceHash8,
} from './primitives/primitive-id.js';
export {
  type PrimitivesOptions,
  PrimitivesOptionsSchema,
} from './primitives/primitives-options.js';
export { DEFAULT_MESSAGE_MAX_LENGTH, type RedactMessageOptions, redactMessage } from './redact.js';
// Refresh consistency (§4.6)
export { type CollapsedTool, collapseDuplicateNames } from './refresh/collapse-duplicates.js';
export { type RefreshOptions, RefreshOptionsSchema } from './refresh/refresh-options.js';
export { assertStillCurrent } from './refresh/still-current.js';
export {
  type ArtifactRef,
  ArtifactRefSchema,
  type ResultEnvelope,
  ResultEnvelopeSchema,
  type ResultProvenance,
  ResultProvenanceSchema,
  type SuggestedView,
  SuggestedViewSchema,
} from './result-envelope.js';
// The router (§3.1)
export {
  createRouter,
  DEFAULT_TOP_K,
  MAX_QUERY_LENGTH,
  MAX_TOP_K,
  type RouteHit,
  type Router,
  type RouterDocument,
} from './router.js';
// Schema trust (§4.4)
export {
  type ArgumentCheck,
  createSchemaCompiler,
  DEFAULT_SCHEMA_LIMITS,
  type SchemaCompiler,
  type SchemaLimits,
  schemaLimitProblem,
} from './schema-validation.js';
// Selection contract (§2.6)
export {
  type AnthropicSelectionTool,
  type OpenAiSelectionFormat,
  type SelectionJsonSchema,
  type SelectionSchemaOptions,
  type SelectionSchemaVariant,
  type SelectionValidation,
  selectionSchema,
  validateSelection,
} from './selection.js';
export {
  formatToolId,
  HASH8_PATTERN,
  isToolId,
  NAME_PATTERN,
  NAMESPACE_PATTERN,
  parseToolId,
  TOOL_ID_MAX_LENGTH,
  type ToolIdParts,
  VERSION_PATTERN,
} from './tool-id.js';
export {
  createToolIdIndex,
  type DerivedToolId,
  type DeriveToolIdOptions,
  deriveToolId,
  type NameDerivation,
  normalizeNamespace,
  type ToolIdIndexEntry,
  type UpstreamToolIdentity,
} from './tool-id-derive.js';
export { canonicalShape, hash8 } from './tool-id-hash.js';
export {
  DEFAULT_HEAD_LINES,
  formatViewSelector,
  MAX_GREP_PATTERN_LENGTH,
  MAX_SELECTOR_LENGTH,
  parseViewSelector,
  VIEW_SELECTOR_FORMS,
  type ViewSelector,
} from './view-selector.js';
