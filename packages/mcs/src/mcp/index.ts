/**
 * `@x/mcs/mcp`: the MCP driver, which makes any MCP server (stdio or Streamable HTTP) the bridge
 * of an MCS driver and its tool list the spec (mcs §8). A subpath, so consumers of the core
 * contract do not load the MCP client.
 *
 * @module
 */

// Driver
export type {
  HttpEntryType,
  McpServerEntry,
  StdioEntryType,
} from './connect-driver.js';
export {
  createMcpDriver,
  MCP_DRIVER_ID,
  type McpDescriptionFormat,
  McpDriver,
  type McpDriverOptions,
  type McpToolResult,
} from './mcp-driver.js';
// Tools as functions
export {
  type McpTool,
  renderToolList,
  type SkippedTool,
  type ToolFunctions,
  toolsToFunctions,
} from './tool-functions.js';
export { fromUpstreamError } from './upstream-errors.js';
