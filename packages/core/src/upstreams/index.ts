/**
 * `@x/core/upstreams`: connect to many MCP servers from an `mcpServers` configuration.
 *
 * Load and validate the file ({@link loadMcpServersConfig}), then connect with
 * {@link createUpstreamPool} or one server with {@link createUpstream}. Failures are
 * `CoreError`s classified once, by {@link classifyUpstreamError}.
 *
 * @module
 */

// Errors
export { classifyUpstreamError, type UpstreamErrorContext } from './classify-error.js';
// Configuration
export { loadMcpServersConfig } from './config-load.js';
export { parseMcpServersConfig } from './config-parse.js';
export {
  type HttpUpstreamConfig,
  HttpUpstreamConfigSchema,
  type McpServersConfig,
  McpServersConfigSchema,
  type StdioUpstreamConfig,
  StdioUpstreamConfigSchema,
  type UpstreamConfig,
  UpstreamConfigSchema,
  UpstreamNameSchema,
  type UpstreamPoolConfig,
  UpstreamPoolConfigSchema,
} from './config-schema.js';

// Upstreams
export type { ListChangedKind } from './connection.js';
export { createUpstreamPool, type UpstreamPool } from './pool.js';
export { toServerName } from './server-name.js';
export {
  anyDeclaresSkills,
  createSkillsPassthrough,
  type SkillsPassthroughOptions,
} from './skills-passthrough.js';
export { createStartSlots, type StartSlots } from './start-slots.js';
export type { ToolScreen } from './tool-screen.js';
export { createUpstream } from './upstream.js';
export type { ReconnectOptions, StderrMode, UpstreamOptions } from './upstream-options.js';
export type { Upstream, UpstreamRequestOptions, UpstreamStatus } from './upstream-types.js';
