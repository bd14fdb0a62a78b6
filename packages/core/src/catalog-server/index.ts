/**
 * `@x/core/catalog-server`: an MCP server that serves any tool catalog file as a realistic
 * upstream, with the real schemas, ajv-validated echo handlers, and switchable behaviours
 * (large, fail, error, hang, slow, crash) for tests and benchmarks.
 *
 * @module
 */

// Behaviours
export {
  type CatalogBehaviour,
  CatalogBehaviourSchema,
  MAX_DELAY_MS,
  MAX_LARGE_SIZE,
  RESERVED_ARGUMENT_PREFIX,
  type ReservedArguments,
  ReservedArgumentsSchema,
} from './behaviour.js';
// The server
export {
  type CatalogCallEvent,
  type CatalogCallOutcome,
  MAX_ARGUMENT_DEPTH,
} from './call-tool.js';
// Catalog files
export {
  type Catalog,
  type CatalogInputSchema,
  CatalogSchema,
  type CatalogTool,
  CatalogToolSchema,
  loadCatalog,
  parseCatalog,
} from './catalog.js';
export {
  type CatalogServerOptions,
  CatalogServerOptionsSchema,
  createCatalogServer,
  createCatalogServerFactory,
  DEFAULT_DELAY_MS,
  DEFAULT_LARGE_SIZE,
  DEFAULT_PAGE_SIZE,
} from './catalog-server.js';
export { createLargeText } from './large-result.js';
export { stableStringify } from './stable-json.js';
// Tool names
export {
  assignToolNames,
  type DuplicateNamePolicy,
  DuplicateNamePolicySchema,
  isValidToolName,
  type NamedCatalogTool,
  sanitizeToolName,
  TOOL_NAME_PATTERN,
  type ToolNamingOptions,
} from './tool-names.js';
