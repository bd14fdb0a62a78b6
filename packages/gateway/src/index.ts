/**
 * `@x/gateway`: the transport-free core of the gateway surface (gateway-surface
 * §1-§5, §9): stable tool ids, client-safe tool names, ChoiceCards with token
 * budgets, the catalog, router, browse paths, ChoiceGraph and selection
 * contract, cache-stable browsing, the wire error shape, the context firewall
 * with its in-memory artifact store and `tool_view`, schema validation,
 * refresh consistency, and resource and prompt ids.
 *
 * The MCP servers are in `@x/gateway/server`, the dispatch-path controls in
 * `@x/gateway/controls`, artifacts shared by several instances (Node only) in
 * `@x/gateway/artifacts`, and hybrid ranking with embeddings in
 * `@x/gateway/hybrid`. This entry loads no encoder ranks and no embedding code:
 * token counts come from `@x/core/tokens`, which reads its ranks on the first
 * count.
 *
 * @module
 */

// Errors (§3.4)

export {
  type ErrorPayloadOptions,
  type GatewayErrorPayload,
  toErrorPayload,
} from './error-payload/error-payload.js';
export {
  DEFAULT_MESSAGE_MAX_LENGTH,
  type RedactMessageOptions,
  redactMessage,
} from './error-payload/redact.js';
export {
  GatewayError,
  type GatewayErrorCode,
  type GatewayErrorOptions,
  type GatewayInternalErrorCode,
  type GatewayWireErrorCode,
  type ToGatewayErrorOptions,
  toGatewayError,
} from './errors.js';

// Tool ids (§1) and client-safe tool names (ARCHITECTURE, §4.1)

export {
  CLIENT_SAFE_NAME_PATTERN,
  type ClientSafeNameIndex,
  createClientSafeNameIndex,
  fromClientSafeName,
  toClientSafeName,
} from './tool-id/client-safe-name.js';
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
} from './tool-id/tool-id.js';
export {
  createToolIdIndex,
  type DerivedToolId,
  type DeriveToolIdOptions,
  deriveToolId,
  type NameDerivation,
  normalizeNamespace,
  type ToolIdIndexEntry,
  type UpstreamToolIdentity,
} from './tool-id/tool-id-derive.js';
export { canonicalShape, hash8 } from './tool-id/tool-id-hash.js';

// ChoiceCards (§2)

export {
  type BuildCardOptions,
  buildCard,
  buildNodeCard,
  type CardSourceTool,
  type NodeCardInput,
} from './cards/card-builder.js';
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
} from './cards/card-render.js';
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
} from './cards/choice-card.js';
export { DESCRIPTION_MAX_LENGTH, truncateDescription } from './cards/description-truncation.js';

// Browse: the catalog (§1.5, §4.3), the router (§3.1), paths and the ChoiceGraph (§3.2),
// the selection contract (§2.6)

export {
  type Catalog,
  type CatalogEntry,
  type CatalogOptions,
  type CatalogServerAbout,
  type CatalogSource,
  type CatalogSourceTool,
  createCatalog,
  type HydrationResult,
} from './browse/catalog.js';
export {
  type ChoiceGraph,
  type ChoiceGraphOptions,
  createChoiceGraph,
  DEFAULT_MAX_CHILDREN,
} from './browse/choice-graph.js';
export {
  ALL_SEGMENT,
  type BrowsePath,
  formatPath,
  PATH_SEGMENT_PATTERN,
  parsePath,
} from './browse/path.js';
export {
  createRouter,
  DEFAULT_TOP_K,
  MAX_QUERY_LENGTH,
  MAX_TOP_K,
  type RouteHit,
  type Router,
  type RouterDocument,
} from './browse/router.js';
export {
  type AnthropicSelectionTool,
  type OpenAiSelectionFormat,
  type SelectionJsonSchema,
  type SelectionSchemaOptions,
  type SelectionSchemaVariant,
  type SelectionValidation,
  selectionSchema,
  validateSelection,
} from './browse/selection.js';

// Cache-stable browsing (§5)

export {
  type BrowseSession,
  catalogFingerprint,
  createBrowseSession,
} from './browse/cache-stable/browse-session.js';
export {
  type CacheStableOptions,
  CacheStableOptionsSchema,
} from './browse/cache-stable/cache-stable-options.js';
export {
  CACHE_BREAKPOINT_ID,
  cacheBreakpointCard,
  cacheStableOrder,
  renderCacheStableBrowseText,
} from './browse/cache-stable/cache-stable-order.js';

// The context firewall (§4.2)

export {
  applyFirewall,
  type FirewallOptions,
  type FirewallOutcome,
  type FirewallSource,
} from './firewall/firewall.js';
export { firewallResult } from './firewall/firewall-result.js';
export {
  type ArtifactRef,
  ArtifactRefSchema,
  type ResultEnvelope,
  ResultEnvelopeSchema,
  type ResultProvenance,
  ResultProvenanceSchema,
  type SuggestedView,
  SuggestedViewSchema,
} from './firewall/result-envelope.js';

// tool_view (§4.2)

export {
  DEFAULT_VIEW_LIMITS,
  type ViewLimits,
  type ViewResult,
  viewArtifact,
} from './firewall/view/artifact-view.js';
export {
  formatJsonPath,
  type JsonPathLookup,
  type JsonPathStep,
  lookupJsonPath,
  MAX_JSON_PATH_STEPS,
  parseJsonPath,
} from './firewall/view/json-path.js';
export {
  DEFAULT_HEAD_LINES,
  formatViewSelector,
  MAX_GREP_PATTERN_LENGTH,
  MAX_SELECTOR_LENGTH,
  parseViewSelector,
  VIEW_SELECTOR_FORMS,
  type ViewSelector,
} from './firewall/view/view-selector.js';

// Artifacts (§4.2)

export {
  ARTIFACT_HANDLE_PATTERN,
  type Artifact,
  type ArtifactInput,
  type ArtifactJson,
  type ArtifactStore,
  newArtifactHandle,
} from './artifacts/artifact.js';
export {
  type ArtifactBudget,
  createArtifactBudget,
  DEFAULT_MAX_TOTAL_BYTES,
} from './artifacts/artifact-budget.js';
export {
  createMemoryArtifactStore,
  type MemoryArtifactStore,
  type MemoryArtifactStoreOptions,
} from './artifacts/memory-artifact-store.js';

// Schema validation (§4.4)

export {
  type ArgumentCheck,
  createSchemaCompiler,
  DEFAULT_SCHEMA_LIMITS,
  type SchemaCompiler,
  type SchemaLimits,
  schemaLimitProblem,
} from './validation/schema-validation.js';

// Refresh consistency (§4.6)

export { type CollapsedTool, collapseDuplicateNames } from './refresh/collapse-duplicates.js';
export { type RefreshOptions, RefreshOptionsSchema } from './refresh/refresh-options.js';
export { assertStillCurrent } from './refresh/still-current.js';

// Resources and prompts (§9)

// Groups (experimental: the progressive-disclosure groups draft, 2026-09-28)
export { type GroupsOptions, GroupsOptionsSchema } from './groups/groups-options.js';
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
export { skillResources, withSkillResources } from './primitives/skill-resources.js';
