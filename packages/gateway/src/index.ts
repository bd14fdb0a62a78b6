/**
 * `@x/gateway`: the transport-free core of the gateway surface (gateway-surface
 * §1-§3): stable tool ids, client-safe tool names, ChoiceCards with token
 * budgets, the selection contract, browse paths, the ChoiceGraph and the
 * wire error shape. The proxy and gateway servers build on these.
 *
 * @module
 */

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
// Paths and the ChoiceGraph (§3)
export {
  ALL_SEGMENT,
  type BrowsePath,
  formatPath,
  PATH_SEGMENT_PATTERN,
  parsePath,
} from './path.js';
export { DEFAULT_MESSAGE_MAX_LENGTH, type RedactMessageOptions, redactMessage } from './redact.js';
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
// Tool ids (§1)
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
  type UpstreamToolIdentity,
} from './tool-id-derive.js';
export { canonicalShape, hash8 } from './tool-id-hash.js';
