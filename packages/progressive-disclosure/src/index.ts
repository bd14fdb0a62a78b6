/**
 * `@x/progressive-disclosure`: two-stage tool descriptions for any MCP server.
 *
 * Stage 1, `tools/list`, gives each tool a short description and an open input schema; stage 2,
 * the `tool_descriptions` resource read with `?tools=a,b`, gives the full descriptions and
 * authorizes those tools for the MCP session. Use it as a wrapper around a server built with the
 * MCP SDK ({@link createProgressiveDisclosure}, {@link withProgressiveDisclosure}) or as a proxy
 * in front of the servers of an `mcpServers` configuration ({@link createDisclosureProxy}).
 *
 * @see progressive-disclosure (specification v2.1)
 * @module
 */

export { firstSentence } from '@x/core/text';
// Check descriptions
export { checkDescriptions, type DescriptionIssue } from './check-descriptions.js';
// Descriptions
export {
  type DescriptionFolder,
  type DescriptionFolderOptions,
  loadDescriptionFolder,
} from './description-folder.js';
export {
  createDescriptionMap,
  type DescriptionSource,
  parseDescriptionOverride,
  type ToolDescriptionOverride,
  ToolDescriptionOverrideSchema,
  type ToolExample,
  ToolExampleSchema,
} from './description-override.js';
// Errors
export {
  ProgressiveDisclosureError,
  type ProgressiveDisclosureErrorCode,
  type ProgressiveDisclosureErrorOptions,
} from './errors.js';
export { type FullToolDescription, toFullDescription } from './full-description.js';
// Guidance
export { type GuidanceOptions, resourceDescription, systemPromptGuidance } from './guidance.js';
// Options
export type {
  AccessContext,
  ProgressiveDisclosureOptions,
  ToolAuthorizer,
} from './options.js';
// The proxy
export {
  createDisclosureProxy,
  type DisclosureProxy,
  type DisclosureProxyOptions,
} from './proxy.js';
export type { RateLimitOptions } from './rate-limit.js';
// The resource
export {
  formatToolDescriptionsUri,
  parseToolDescriptionsUri,
  TOOL_DESCRIPTIONS_RESOURCE_NAME,
  TOOL_DESCRIPTIONS_URI,
  TOOL_DESCRIPTIONS_URI_TEMPLATE,
  type ToolSelection,
  type ToolSelectionLimits,
} from './resource-uri.js';
// Stage 1
export { type MinimalSchemaStyle, minimalInputSchema, toMinimalTool } from './stage-one.js';
export { boundTokens, createSummarizer } from './summary.js';
// Wire errors
export {
  missingToolSelection,
  rateLimited,
  type ToolNotFoundEntry,
  toolDescriptionRequired,
  toolNameTooLong,
  toolNotFound,
  tooManyTools,
  type WireError,
  type WireErrorCode,
} from './wire-errors.js';
// The wrapper
export {
  createProgressiveDisclosure,
  type ProgressiveDisclosure,
  type WrapCaller,
  type WrapSession,
  withProgressiveDisclosure,
} from './wrap.js';
